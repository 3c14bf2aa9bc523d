// The shape of an object-level rule of kube-apiserver's hand-written validation (one module per kind family in
// this folder): a rule id (`data.rule`), the upstream function it ports, and a check over the defaulted object
// that reports by server field path. Adding a rule = a row in its family's module + a fixture file under
// tests/rules/<family>/.
import type { FindingData } from '../../codes';
import type { UpstreamSource } from '../field-rule-table';
import type { FieldRule, RuleCondition } from '../../knowledge/data-contract';
import { num, type Obj, type Value } from './object-view';

/** What a rule reports with. Paths are server field paths with indices; messages say what happens (the
 *  verdict's words are added), fixes what to do. */
export interface Say {
  /** The server refuses the object (validation). */
  reject(path: string, message: string, fix: string, data?: FindingData['invalid-value']): void;
  /** The server refuses the object: a field it requires is absent. */
  missing(path: string, message: string, fix: string, data?: FindingData['missing-field']): void;
  /** The server accepts the object and sends a warning header. */
  warn(path: string, message: string, fix: string, data?: FindingData['api-warning']): void;
  /** The value at `path` was set by defaulting, not written. */
  defaulted(path: string): boolean;
  /** A label key (and value) the API server can read in a selector (else LabelSelectorAsSelector fails, which
   *  the ObjectMeta checks report). */
  labelOk(key: string, value?: string): boolean;
  /** The gate's default state in the target version (schemas/gates.json): for fields the API server drops, or
   *  rules it runs, only with the gate on. */
  gateOn(gate: string): boolean;
  /** The gates the target version's data names on a field of a type (`resource.v1.Device`, `taints`): the API server
   *  drops the field while one of them is off. */
  gatesOf(type: string, field: string): readonly string[];
  /** True when the target version's data holds a declarative rule of that kind on the field (`each`: on its keys or
   *  values): the walker reports it, so a hand-written copy of it stays silent. */
  declared(type: string, field: string, rule: FieldRule['rule'], each?: FieldRule['each']): boolean;
}

/** Who owns a pod spec: its restart policy and some fields depend on it. */
export type PodOwner = 'Pod' | 'PodTemplate' | 'ReplicationController' | 'Deployment' | 'ReplicaSet' | 'StatefulSet' | 'DaemonSet' | 'Job' | 'CronJob';

export interface PodSpecTarget {
  spec: Obj;
  /** Server path of the spec (`spec`, `spec.template.spec`, …). */
  path: string;
  owner: PodOwner;
  /** The metadata beside the spec (the Pod's, or the template's). */
  meta: Obj | undefined;
}

export interface PodSpecRule {
  rule: string;
  source: UpstreamSource | UpstreamSource[];
  /** Owners whose spec upstream does not run this rule over. */
  skip?: PodOwner[];
  check(t: PodSpecTarget, say: Say): void;
}

export interface KindRule {
  rule: string;
  /** `group/Kind` (core group: `/Kind`). */
  kinds: string[];
  source: UpstreamSource | UpstreamSource[];
  check(obj: Obj, say: Say): void;
}

const K = 'kubernetes/kubernetes';

/** A source row of an upstream file at a commit, by function. */
export function at(path: string, commit: string): (fn: string) => UpstreamSource {
  return (fn) => ({ repo: K, path, commit, fn });
}

/** ValidateNonnegativeField: a number below 0 is refused. */
export function rejectNegative(say: Say, path: string, value: Value | undefined, field: string): void {
  const n = num(value);
  if (n !== undefined && n < 0) say.reject(path, `${field} ${n} is negative`, `Use 0 or more for ${field}.`, { value: n });
}

/** A finding's `data.when`: it holds only with the gate in that state. The gate step keeps or drops it against the
 *  file's gate settings, else the gate's default in the target version (gates.json), as for declarative rules. */
export function whenGate(gate: string, enabled: boolean): { when: { gate: string; enabled: boolean } } {
  return { when: { gate, enabled } };
}

/** `data.when` for a finding that holds only while a field's gates are all on (`enabled`), or while one is off (the
 *  field is dropped): the gate step keeps it in that state only. A field without gates is never dropped: always
 *  (enabled) or never (undefined). */
export function whileGates(gates: readonly string[], enabled: boolean): { when?: RuleCondition } | undefined {
  const [gate, ...also] = gates;
  if (gate === undefined) return enabled ? {} : undefined;
  return { when: { gate, enabled, ...(also.length > 0 ? { also } : {}) } };
}
