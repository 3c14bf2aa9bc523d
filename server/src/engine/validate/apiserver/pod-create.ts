// What the API server decides about a pod on create, beyond its spec: ephemeral containers (added later through
// their subresource, never on create nor in a template), a node name while scheduling gates remain, and the
// pod-specific annotations of the Pod or template (mirror pod, deletion cost, the deprecated seccomp and AppArmor
// annotations): ValidatePodCreate, ValidatePodTemplateSpec and ValidatePodSpecificAnnotations.
import { at, type PodSpecRule, type Say } from './rule-types';
import { fieldOf, list, obj, str } from './object-view';
import { containers, metaPathOf } from './pod-containers';
import { localPathProblem } from './volumes';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
const ANNOTATION_KEYS = { repo: 'kubernetes/kubernetes', path: 'staging/src/k8s.io/api/core/v1/annotation_key_constants.go', commit: '05c351a9037bd79bf88c56171a951c3097b658da' };
const HELPERS = { repo: 'kubernetes/kubernetes', path: 'pkg/apis/core/helper/helpers.go', commit: '78fc8e44052f699bf598f84b697b41e5a328c9c5' };

const MIRROR = 'kubernetes.io/config.mirror';
const DELETION_COST = 'controller.kubernetes.io/pod-deletion-cost';
const SECCOMP_POD = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER = 'container.seccomp.security.alpha.kubernetes.io/';
const APPARMOR_CONTAINER = 'container.apparmor.security.beta.kubernetes.io/';

/** GetDeletionCostFromPodAnnotations: a base-10 int32, no "+" sign and no leading zeros. */
function deletionCostOk(value: string): boolean {
  if (!/^-?[0-9]+$/.test(value)) return false;
  if (!(value[0] === '-' || value === '0' || /[1-9]/.test(value[0] as string))) return false;
  const n = Number(value);
  return n >= -2147483648 && n <= 2147483647;
}

/** ValidateSeccompProfile: runtime/default, docker/default, unconfined, or localhost/<relative path>. */
function seccompProblem(value: string): string | undefined {
  if (value === 'runtime/default' || value === 'docker/default' || value === 'unconfined') return undefined;
  if (value.startsWith('localhost/')) return localPathProblem(value.slice('localhost/'.length), false);
  return 'is not a seccomp profile';
}

/** ValidateAppArmorProfileFormat: empty, runtime/default, unconfined, or localhost/<name>. */
function appArmorOk(value: string): boolean {
  return value === '' || value === 'runtime/default' || value === 'unconfined' || value.startsWith('localhost/');
}

function annotationSay(say: Say, base: string, key: string, message: string, fix: string, value: string): void {
  say.reject(fieldOf(base, key), message, fix, { value, annotation: key });
}

export const POD_CREATE_RULES: readonly PodSpecRule[] = [
  {
    rule: 'ephemeralContainersOnCreate',
    source: [CORE('ValidatePodCreate (ephemeralContainers "cannot be set on create")'), CORE('ValidatePodTemplateSpec ("ephemeral containers not allowed in pod template")')],
    check(t, say) {
      if (list(t.spec['ephemeralContainers']).length === 0) return;
      const what = t.owner === 'Pod' ? 'a Pod cannot be created with ephemeral containers' : 'a pod template may not have ephemeral containers';
      say.reject(fieldOf(t.path, 'ephemeralContainers'), what, 'Remove ephemeralContainers; add one later with kubectl debug.');
    },
  },
  {
    rule: 'schedulingGatesNodeName',
    skip: ['PodTemplate', 'ReplicationController', 'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'],
    source: CORE('ValidatePodCreate (nodeName "cannot be set until all schedulingGates have been cleared")'),
    check(t, say) {
      if ((str(t.spec['nodeName']) ?? '') === '' || list(t.spec['schedulingGates']).length === 0) return;
      say.reject(fieldOf(t.path, 'nodeName'), 'nodeName cannot be set while the pod has scheduling gates', 'Remove nodeName, or remove the schedulingGates.');
    },
  },
  {
    rule: 'podAnnotations',
    source: [
      CORE('ValidatePodSpecificAnnotations (mirror pod annotation needs spec.nodeName; pod-deletion-cost a 32-bit integer)'),
      CORE('ValidateSeccompPodAnnotations / ValidateSeccompProfile'),
      CORE('ValidateAppArmorPodAnnotations (a container of the pod; ValidateAppArmorProfileFormat)'),
      { ...ANNOTATION_KEYS, fn: 'MirrorPodAnnotationKey, PodDeletionCost, seccomp and AppArmor annotation keys and profile names' },
      { ...HELPERS, fn: 'GetDeletionCostFromPodAnnotations' },
    ],
    check(t, say) {
      const annotations = obj(t.meta?.['annotations']);
      if (!annotations) return;
      const base = fieldOf(metaPathOf(t), 'annotations');
      const names = new Set(containers(t).map(({ c }) => str(c['name']) ?? ''));
      for (const [key, raw] of Object.entries(annotations)) {
        const value = typeof raw === 'string' ? raw : String(raw ?? '');
        if (key === MIRROR && (str(t.spec['nodeName']) ?? '') === '') {
          annotationSay(say, base, key, 'the mirror pod annotation needs spec.nodeName', 'Remove the kubernetes.io/config.mirror annotation (the kubelet sets it).', value);
        }
        if (key === DELETION_COST && !deletionCostOk(value)) {
          annotationSay(say, base, key, `pod-deletion-cost ${JSON.stringify(value)} is not a 32-bit integer`, 'Use a whole number such as 100 or -5.', value);
        }
        if (key === SECCOMP_POD || key.startsWith(SECCOMP_CONTAINER)) {
          const bad = seccompProblem(value);
          if (bad) annotationSay(say, base, key, `seccomp annotation value ${JSON.stringify(value)} ${bad}`, 'Use runtime/default, unconfined or localhost/<profile>; better, securityContext.seccompProfile.', value);
        }
        if (key.startsWith(APPARMOR_CONTAINER)) {
          const container = key.slice(APPARMOR_CONTAINER.length);
          if (!names.has(container)) annotationSay(say, base, key, `the AppArmor annotation names container ${JSON.stringify(container)}, which the pod does not have`, 'Name a container of the pod, or remove the annotation.', value);
          if (!appArmorOk(value)) annotationSay(say, base, key, `AppArmor profile ${JSON.stringify(value)} is not valid`, 'Use runtime/default, unconfined or localhost/<profile>.', value);
        }
      }
    },
  },
];
