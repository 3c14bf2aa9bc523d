// The CEL expressions kube-apiserver compiles when an admission policy, a webhook configuration or a DRA object is
// created: the variables each kind of expression is compiled with (their declared types are the data below) and
// the result type it must have. A syntax error, an identifier that is not declared (`params` without paramKind,
// `authorizer` in a messageExpression, `variables` in a match condition, `self`), a field that a declared type
// lacks (`request.userinfo`, `device.attribute`) and a result of a known wrong type are refused, as the server
// refuses them ("compilation failed: …"). What the checker cannot tell (cel-check.ts: functions of the Kubernetes
// libraries, values of type dyn) is not judged.
import type { UpstreamSource } from '../field-rule-table';
import { closestName } from '../../base/similar-names';
import { celParseError } from '../cel-syntax';
import { checkCel, celTypeName, DYN, STRING, type CelType } from '../cel-check';
import type { Say } from './rule-types';
import { itemOf, obj, objs, str as text, type Value } from './object-view';

const K = 'kubernetes/kubernetes';
const PLUGIN = 'staging/src/k8s.io/apiserver/pkg/admission/plugin';
const COMPILE_GO: UpstreamSource = { repo: K, path: `${PLUGIN}/cel/compile.go`, commit: '081353bf8ad963d43c5da6714a24f62cfe0b8401', fn: 'BuildRequestType / BuildNamespaceType / createEnvForOpts / CompileCELExpression' };
/** What compiles a webhook's match conditions. */
export const WEBHOOK_CEL_SOURCES: UpstreamSource[] = [
  COMPILE_GO,
  { repo: K, path: `${PLUGIN}/webhook/matchconditions/interface.go`, commit: '873c3ca26a00e5230a9584335ab2b5c7cf0c0b37', fn: 'MatchCondition.ReturnTypes' },
];
/** What compiles a ValidatingAdmissionPolicy's expressions. */
export const POLICY_CEL_SOURCES: UpstreamSource[] = [
  ...WEBHOOK_CEL_SOURCES,
  { repo: K, path: `${PLUGIN}/cel/composition.go`, commit: '17e641b9746b0832cc1456e0a83bc0a934101905', fn: 'newCompositionState / CompileAndStoreVariable / convertCelTypeToDeclType' },
  { repo: K, path: `${PLUGIN}/policy/validating/interface.go`, commit: '684a9975fe0e1dac4ffe00c9826590f231bdd030', fn: 'ValidationCondition.ReturnTypes / AuditAnnotationCondition.ReturnTypes / Variable.ReturnTypes' },
  { repo: K, path: `${PLUGIN}/policy/validating/message.go`, commit: 'd7ce957d8a8729e0e9c2e365288277d742491a5b', fn: 'MessageExpressionCondition.ReturnTypes' },
];
export const DRA_CEL_SOURCE: UpstreamSource = { repo: K, path: 'staging/src/k8s.io/dynamic-resource-allocation/cel/compile.go', commit: '00faa5e7ae978d4e75e80649cdb2cc46f98ba152', fn: 'newCompiler / CompileCELExpression' };

const str = STRING;
const bool: CelType = { kind: 'bool' };
const int: CelType = { kind: 'int' };
const strings: CelType = { kind: 'list', elem: str };
const object = (name: string, fields: Record<string, CelType>): CelType => ({ kind: 'object', name, fields });
const stringMap: CelType = { kind: 'map', key: str, value: str };

/** The `request` variable (BuildRequestType). */
const GVK = object('kubernetes.GroupVersionKind', { group: str, version: str, kind: str });
const GVR = object('kubernetes.GroupVersionResource', { group: str, version: str, resource: str });
const REQUEST = object('kubernetes.AdmissionRequest', {
  kind: GVK, resource: GVR, subResource: str, requestKind: GVK, requestResource: GVR, requestSubResource: str,
  name: str, namespace: str, operation: str, dryRun: bool, options: DYN,
  userInfo: object('kubernetes.UserInfo', { username: str, uid: str, groups: strings, extra: { kind: 'map', key: str, value: strings } }),
});

/** The `namespaceObject` variable (BuildNamespaceType; timestamps are not modelled: dyn). */
const NAMESPACE = object('kubernetes.Namespace', {
  metadata: object('kubernetes.NamespaceMetadata', {
    name: str, generateName: str, namespace: str, labels: stringMap, annotations: stringMap, UID: str,
    creationTimestamp: DYN, deletionGracePeriodSeconds: int, deletionTimestamp: DYN, generation: int, resourceVersion: str, finalizers: strings,
  }),
  spec: object('kubernetes.NamespaceSpec', { finalizers: strings }),
  status: object('kubernetes.NamespaceStatus', {
    conditions: { kind: 'list', elem: object('kubernetes.NamespaceCondition', { status: str, type: str, lastTransitionTime: DYN, message: str, reason: str }) },
    phase: str,
  }),
});

/** Names that are variables in some admission environment: never read as a namespace of functions. */
const ADMISSION_NAMES = ['object', 'oldObject', 'request', 'params', 'namespaceObject', 'authorizer', 'variables', 'self', 'oldSelf'];

/** What an admission expression is compiled with (OptionalVariableDeclarations, and the policy's variables when
 *  it has any: the composited compiler declares those compiled before it). */
export interface AdmissionSite {
  params: boolean;
  authorizer: boolean;
  /** undefined: the stateless compiler (no `variables`). */
  variables?: Record<string, CelType>;
}

function admissionVariables(site: AdmissionSite): Record<string, CelType> {
  const vars: Record<string, CelType> = { object: DYN, oldObject: DYN, namespaceObject: NAMESPACE, request: REQUEST };
  if (site.params) vars['params'] = DYN;
  if (site.authorizer) Object.assign(vars, { authorizer: DYN, 'authorizer.requestResource': DYN });
  if (site.variables) vars['variables'] = object(VARIABLES, site.variables);
  return vars;
}

/** A compiled variable's type as the composition declares it (convertCelTypeToDeclType: objects become dyn). */
function asVariable(t: CelType | undefined): CelType {
  if (!t || t.kind === 'object') return DYN;
  if (t.kind === 'list') return { kind: 'list', elem: asVariable(t.elem) };
  if (t.kind === 'map') return { kind: 'map', key: asVariable(t.key), value: asVariable(t.value) };
  return t;
}

/** The result types an expression may have (ReturnTypes); `any`: not judged. */
type Returns = 'bool' | 'string' | 'string-or-null' | 'any' | 'bool-or-unknown';

const RETURNS_TEXT: Record<Returns, string> = { bool: 'bool', string: 'string', 'string-or-null': 'string or null', any: '', 'bool-or-unknown': 'bool or the unknown type' };

function returnProblem(t: CelType | undefined, returns: Returns): boolean {
  if (!t || t.kind === 'dyn' || returns === 'any') return false;
  if (returns === 'bool' || returns === 'bool-or-unknown') return t.kind !== 'bool';
  if (returns === 'string') return t.kind !== 'string';
  return t.kind !== 'string' && t.kind !== 'null';
}

/** How an environment words its fixes: what to do about an undeclared name, and an example condition. */
interface Advice {
  undeclared(name: string, declared: string[]): string;
  condition: string;
}

/** Compiles one expression as the server does and reports what it refuses at `path`; gives the result type. */
function compile(say: Say, path: string, expr: string, vars: Record<string, CelType>, judged: string[], returns: Returns, advice: Advice): CelType | undefined {
  const syntax = celParseError(expr);
  if (syntax) {
    say.reject(path, `compilation failed: ${syntax}`, 'Fix the CEL syntax (==, &&, ||, has(x.y), list.all(e, ...)).', { error: syntax });
    return undefined;
  }
  const { type, problems } = checkCel(expr, vars, judged);
  const declared = Object.keys(vars).filter((v) => !v.includes('.'));
  for (const p of problems) {
    if (p.problem === 'undeclared') {
      say.reject(path, `compilation failed: undeclared reference to '${p.name}'`, advice.undeclared(p.name, declared), { error: 'undeclared', name: p.name, declared });
    } else {
      const near = closestName(p.field, p.known);
      const fix = near ? `Change it to ${near}.` : p.known.length > 0 ? `Use one of its fields: ${p.known.slice(0, 6).join(', ')}.` : `Nothing is declared under ${p.type} here.`;
      say.reject(path, `compilation failed: undefined field '${p.field}' of ${p.type}${near ? ` (did you mean ${near}?)` : ''}`, p.type === VARIABLES ? 'A variable can read only the variables listed before it; reorder spec.variables.' : fix, { error: 'undefined-field', field: p.field, ...(near ? { suggestion: near } : {}) });
    }
  }
  if (problems.length === 0 && type && returnProblem(type, returns)) {
    say.reject(path, `the expression must evaluate to ${RETURNS_TEXT[returns]}, not ${celTypeName(type)}`, returns.startsWith('bool') ? `Write a condition, e.g. ${advice.condition}.` : "Give a string, e.g. 'replicas: ' + string(object.spec.replicas).", { resultType: celTypeName(type) });
  }
  return problems.length === 0 ? type : undefined;
}

const VARIABLES = 'kubernetes.variables';

/** Why an admission expression cannot read a name, by name. */
const ADMISSION_ADVICE: Advice = {
  undeclared(name, declared) {
    switch (name) {
      case 'params': return 'Add spec.paramKind to the policy to read params (a webhook has none).';
      case 'authorizer': return 'authorizer is not declared in a messageExpression; check it in the expression.';
      case 'variables': return 'Only validations, audit annotations and variables of a policy with spec.variables read variables.';
      case 'self': case 'oldSelf': return 'Admission expressions read object and oldObject, not self and oldSelf.';
    }
    return `Declared here: ${declared.join(', ')}.`;
  },
  condition: 'object.spec.replicas <= 5',
};

const DEVICE_ADVICE: Advice = {
  undeclared: () => "A selector reads device: device.driver, device.attributes['domain'].name, device.capacity[...].",
  condition: 'device.driver == "gpu.example.com"',
};

/** An admission expression (match condition, validation, message, audit annotation, variable). */
export function compileAdmission(say: Say, path: string, expr: string, site: AdmissionSite, returns: Returns): CelType | undefined {
  return compile(say, path, expr, admissionVariables(site), ADMISSION_NAMES, returns, ADMISSION_ADVICE);
}

/** Compiles a policy's variables in order (each sees those before it) and gives the `variables` fields. */
export function compileVariables(say: Say, list: readonly { name: string | undefined; expression: string | undefined; path: string }[], site: AdmissionSite): Record<string, CelType> {
  const declared: Record<string, CelType> = {};
  for (const v of list) {
    const type = v.expression !== undefined && v.expression.trim() !== '' ? compileAdmission(say, v.path, v.expression, { ...site, variables: { ...declared } }, 'any') : undefined;
    if (v.name) declared[v.name] = asVariable(type);
  }
  return declared;
}

/** The `device` variable of a DRA selector. allowMultipleAllocations is accepted too: later revisions declare it
 *  while DRAConsumableCapacity is on, and an expression reading it is not refused here. */
const DEVICE = object('kubernetes.DRADevice', {
  driver: str,
  attributes: { kind: 'map', key: str, value: { kind: 'map', key: str, value: DYN } },
  capacity: { kind: 'map', key: str, value: { kind: 'map', key: str, value: DYN } },
  allowMultipleAllocations: bool,
});

/** A DRA CEL selector (`selectors[i].cel.expression`): `device` only, a boolean (or unknown) result. */
function compileDeviceSelector(say: Say, path: string, expr: string): void {
  compile(say, path, expr, { device: DEVICE }, ['device', 'self', 'object'], 'bool-or-unknown', DEVICE_ADVICE);
}

/** validateSelectorSlice / validateCELSelector: each selector's CEL expression, compiled as a new expression (on
 *  create; an update leaves unchanged ones alone). */
export function compileDeviceSelectors(say: Say, selectors: Value | undefined, path: string): void {
  for (const [s, i] of objs(selectors)) {
    const expr = text(obj(s['cel'])?.['expression']);
    if (expr !== undefined && expr.trim() !== '') compileDeviceSelector(say, `${itemOf(path, i)}.cel.expression`, expr);
  }
}
