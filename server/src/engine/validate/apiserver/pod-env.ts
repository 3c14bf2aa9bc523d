// Container environment, everywhere a pod template lives: variable names and envFrom prefixes, the downward API
// selectors of valueFrom, and the names and keys a configMap or secret reference gives (ValidateEnv,
// validateEnvVarValueFrom, ValidateEnvFrom and the selector functions they call). Over the defaulted spec.
import { at, type PodSpecRule, type Say } from './rule-types';
import { fieldOf, itemOf, obj, objs, str, type Obj } from './object-view';
import { containers } from './pod-containers';
import { checkFieldRef, checkResourceFieldRef, ENV_FIELD_PATHS } from './downward-api';
import { configKeyProblem } from './core-objects';
import { briefFormatProblem } from '../declarative-formats';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
const UTIL = { repo: 'kubernetes/kubernetes', path: 'staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go', commit: '008b3652959ca58af8be3fb5b6ecfe9ae7638282' };

/** IsRelaxedEnvVarName (the relaxed form, which the RelaxedEnvironmentVariableValidation gate selects): printable
 *  ASCII other than "=". */
function envNameProblem(name: string): string | undefined {
  for (const ch of name) {
    const code = ch.codePointAt(0) as number;
    if (code < 0x20 || code > 0x7e) return 'may only hold printable ASCII characters';
    if (ch === '=') return 'may not contain "="';
  }
  return undefined;
}

/** A Secret or ConfigMap name (NameIsDNSSubdomain; with `prefix`, a trailing "-" is allowed). An empty name is
 *  not judged here: the field is optional in v1. */
function refNameProblem(name: string, prefix: boolean): string | undefined {
  if (name === '') return undefined;
  return briefFormatProblem('k8s-long-name', prefix && name.endsWith('-') ? `${name.slice(0, -1)}a` : name);
}

function checkKeyRef(say: Say, ref: Obj, path: string, what: string): void {
  const name = str(ref['name']) ?? '';
  const badName = refNameProblem(name, false);
  if (badName) say.reject(fieldOf(path, 'name'), `the ${what} name ${JSON.stringify(name)} ${badName}`, `Use the name of a ${what} (lower case, e.g. app-config).`, { value: name });
  // An empty key is the schema's to report (the field is required there).
  const key = str(ref['key']) ?? '';
  const badKey = key === '' ? undefined : configKeyProblem(key);
  if (badKey) say.reject(fieldOf(path, 'key'), `key ${JSON.stringify(key)} ${badKey}`, 'Use a key of letters, digits, "-", "_" and ".".', { value: key });
}

export const POD_ENV_RULES: readonly PodSpecRule[] = [
  {
    rule: 'envNames',
    source: [CORE('ValidateEnv (IsRelaxedEnvVarName on name)'), CORE('ValidateEnvFrom (IsRelaxedEnvVarName on prefix)'), { ...UTIL, fn: 'IsRelaxedEnvVarName' }],
    check(t, say) {
      for (const { c, path } of containers(t)) {
        for (const [env, j] of objs(c['env'])) {
          const name = str(env['name']) ?? '';
          const bad = envNameProblem(name);
          if (bad) say.reject(fieldOf(itemOf(fieldOf(path, 'env'), j), 'name'), `env name ${JSON.stringify(name)} ${bad}`, 'Rename the variable without "=", e.g. APP_MODE.', { value: name });
        }
        for (const [from, j] of objs(c['envFrom'])) {
          const prefix = str(from['prefix']) ?? '';
          const bad = prefix === '' ? undefined : envNameProblem(prefix);
          if (bad) say.reject(fieldOf(itemOf(fieldOf(path, 'envFrom'), j), 'prefix'), `envFrom prefix ${JSON.stringify(prefix)} ${bad}`, 'Use a prefix without "=", e.g. APP_.', { value: prefix });
        }
      }
    },
  },
  {
    rule: 'envSources',
    source: [
      CORE('validateEnvVarValueFrom (each source validated)'),
      CORE('validateObjectFieldSelector (fieldPath among the env fields; subscripts only on labels and annotations)'),
      CORE('validateContainerResourceFieldSelector / validateContainerResourceDivisor'),
      CORE('validateConfigMapKeySelector / validateSecretKeySelector (name a DNS subdomain; key required, IsConfigMapKey)'),
      CORE('validateConfigMapEnvSource / validateSecretEnvSource (name required, a DNS subdomain)'),
      { ...UTIL, fn: 'IsConfigMapKey' },
    ],
    check(t, say) {
      for (const { c, path } of containers(t)) {
        for (const [env, j] of objs(c['env'])) {
          const from = obj(env['valueFrom']);
          if (!from) continue;
          const base = fieldOf(itemOf(fieldOf(path, 'env'), j), 'valueFrom');
          const fieldRef = obj(from['fieldRef']);
          if (fieldRef) checkFieldRef(say, fieldRef, fieldOf(base, 'fieldRef'), ENV_FIELD_PATHS);
          const resourceRef = obj(from['resourceFieldRef']);
          if (resourceRef) checkResourceFieldRef(say, resourceRef, fieldOf(base, 'resourceFieldRef'), false);
          const configMapRef = obj(from['configMapKeyRef']);
          if (configMapRef) checkKeyRef(say, configMapRef, fieldOf(base, 'configMapKeyRef'), 'ConfigMap');
          const secretRef = obj(from['secretKeyRef']);
          if (secretRef) checkKeyRef(say, secretRef, fieldOf(base, 'secretKeyRef'), 'Secret');
        }
        for (const [from, j] of objs(c['envFrom'])) {
          for (const [key, what] of [['configMapRef', 'ConfigMap'], ['secretRef', 'Secret']] as const) {
            const ref = obj(from[key]);
            if (!ref) continue;
            const at = fieldOf(fieldOf(itemOf(fieldOf(path, 'envFrom'), j), key), 'name');
            const name = str(ref['name']) ?? '';
            if (name === '') say.missing(at, `envFrom ${key} needs a name`, `Name the ${what} to read.`);
            const bad = refNameProblem(name, true);
            if (bad) say.reject(at, `the ${what} name ${JSON.stringify(name)} ${bad}`, `Use the name of a ${what} (lower case, e.g. app-config).`, { value: name });
          }
        }
      }
    },
  },
];
