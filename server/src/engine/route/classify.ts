// What a document is taken for before any rule, where that is not an object to judge: a chart's metadata or
// values and a kustomization (from the file's place, check/place.ts), a kubeadm patch file (from its name), and a
// document without a string apiVersion and kind that is no Kubernetes object at all (a golden file, a tool's
// config). Everything else is routed as an object (analyze-document.ts).
import { isScalar, type Node, type Pair, type YAMLMap } from 'yaml';
import type { DocumentStatus, FilePlace } from '../base/types';
import type { TypeMeta } from './inputs';

// kubeadm's patches directory (`--patches`, `patches.directory`): a file named `TARGET[suffix][+TYPE].yaml|json`
// for one of its targets holds patches of that component's manifest or config, not objects. Source:
// kubernetes/kubernetes, cmd/kubeadm/app/util/patches/patches.go, commit 094739447334af00866715eb08131d5c177e575b,
// parseFilename (the targets: the control-plane components, etcd, kubeletconfiguration, corednsdeployment).
const KUBEADM_PATCH_FILE = /^(?:etcd|kube-apiserver|kube-controller-manager|kube-scheduler|kubeletconfiguration|corednsdeployment)[^.+\n]*(?:\+(?:json|merge|strategic))?\.(?:ya?ml|json)$/;

/** Why a document of a kubeadm patch file (by its name) is no object, or undefined for another file. */
export function kubeadmPatchFile(file: string | undefined): string | undefined {
  const name = file?.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  return name && KUBEADM_PATCH_FILE.test(name) ? `a kubeadm patch file (${name}): kubeadm applies it to its component's manifest; not an object` : undefined;
}

/**
 * Why a document without a string apiVersion and kind is no Kubernetes object at all, or undefined when it looks
 * like one that misses them (kubectl refuses it: typeMetaFinding) or like a fragment of another file. An object
 * has `metadata`; a document with only `kind` (no apiVersion) is an object when the kind is a built-in one and it
 * has `spec`. Without that, a `kind` or `apiVersion` key belongs to something else: a test's golden file, a tool's
 * config (Helm's Chart.yaml has `apiVersion: v2`). A kubeadm patch file (by its name) holds patches.
 */
export function notAnObject(map: YAMLMap, meta: TypeMeta, isBuiltinKind: (kind: string) => boolean, file: string | undefined): string | undefined {
  const has = (name: string) => (map.items as Pair<Node | null, Node | null>[]).some((p) => isScalar(p.key) && p.key.value === name);
  if (!has('apiVersion') && !has('kind')) return kubeadmPatchFile(file);
  if (has('metadata')) return undefined;
  if (meta.kind !== undefined && !has('apiVersion')) {
    if (isBuiltinKind(meta.kind) && has('spec')) return undefined;
    return `not a Kubernetes object: kind ${meta.kind} with no apiVersion and no metadata (a test file or a tool's config?)`;
  }
  if (meta.apiVersion !== undefined && !has('kind') && !has('spec')) {
    return `not a Kubernetes object: apiVersion ${meta.apiVersion} with no kind and no metadata (a tool's file?)`;
  }
  return undefined;
}

/** What a file's place says its documents are, when that is not an object to judge (a chart's metadata or values,
 *  a kustomization). */
export function placeStatus(place: FilePlace | undefined): { status: DocumentStatus; reason: string } | undefined {
  switch (place?.as) {
    case 'chart-metadata':
      return { status: 'chart-file', reason: `metadata of chart ${place.chart.name}: Helm's file, not an object to apply` };
    case 'chart-values':
      return { status: 'chart-file', reason: `values of chart ${place.chart.name}: Helm's input, not an object to apply` };
    case 'kustomization':
      return { status: 'kustomization', reason: "a kustomization: kustomize's input, not an object to apply" };
    default:
      return undefined;
  }
}
