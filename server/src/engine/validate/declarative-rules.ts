// Declarative validation rules (generated from upstream `+k8s:` markers into FieldDef.rules / TypeDef.unions),
// evaluated on the YAML nodes of one mapping. Violations are `invalid-value` at the exact node, refused by
// validation. A rule behind `+k8s:alpha(since)=` or `+k8s:beta(since)=` is the declarative copy of a rule the
// hand-written validation already enforces: alpha copies only run in shadow (the hand-written rule answers),
// beta copies answer while DeclarativeValidationBeta is on and the hand-written rule answers otherwise, so the
// object is refused either way (kubernetes/website content/en/docs/reference/using-api/declarative-validation.md
// @ f34c970f03af598fb7b49d24234a134263897a79, "Validation rules are staged with lifecycle wrappers"). The stage
// stays in `data.ruleStage`. Rules gated by `ifEnabled`/`ifDisabled` carry `data.when`, judged by the gate step.
import type { FindingData } from '../codes';
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import type { FieldDef, FieldRule, TypeDef } from '../knowledge/data-contract';
import { kubectlScalar, type KubectlScalar } from '../parse/kubectl-scalar';
import type { Range } from '../base/types';
import { addFinding, joinPath, rangeOfNode, type WalkContext } from './context';
import { formatProblem } from './declarative-formats';
import { ANSWERED_ALPHA_COPIES } from './apiserver/batch';

function resolve(ctx: WalkContext, node: Node | null | undefined): Node | null | undefined {
  let current = node;
  for (let hops = 0; current && isAlias(current) && hops < 50; hops++) current = current.resolve(ctx.doc) ?? null;
  return current;
}

function scalarOf(ctx: WalkContext, node: Node | null | undefined): KubectlScalar | undefined {
  if (!node || !isScalar(node)) return undefined;
  const source = node.range ? ctx.text.slice(node.range[0], node.range[1]) : '';
  return kubectlScalar(node, source);
}

/** One short sentence for the message; the explanation after a colon (and a long "(format …)") go to the fix and
 *  the detail (relatedInformation, the CLI's second line). */
function splitRuleMessage(text: string): { message: string; fix?: string; detail?: string } {
  let message = text.replace(/\.$/, '');
  let fix: string | undefined;
  let detail: string | undefined;
  const fmt = /\s\((format [^)]+)\)$/.exec(message);
  let body = fmt ? message.slice(0, fmt.index) : message;
  const colon = body.indexOf(': ');
  if (colon >= 0 && message.length > 100) {
    fix = `Use ${body.slice(colon + 2)}.`;
    body = body.slice(0, colon);
  }
  message = fmt ? `${body} (${fmt[1]})` : body;
  if (fmt && message.length > 110) {
    message = body;
    detail = `The value has the ${fmt[1]}.`;
  }
  return { message, ...(fix ? { fix } : {}), ...(detail ? { detail } : {}) };
}

function report(ctx: WalkContext, rule: FieldRule | { stage?: 'alpha' | 'beta'; when?: FieldRule['when'] }, text: string, range: Range, path: string, data: FindingData['invalid-value']): void {
  const { message, fix, detail } = splitRuleMessage(text);
  const extra = { fix, detail };
  addFinding(ctx, 'invalid-value', message, range, path, {
    ...data,
    ...(rule.stage ? { ruleStage: rule.stage } : {}),
    ...(rule.when ? { when: rule.when } : {}),
  }, extra);
}

function quoted(name: string): string {
  return `"${name}"`;
}

/** Checks of one scalar against the scalar rules (limits, lengths, formats). */
function checkScalarRule(ctx: WalkContext, rule: FieldRule, node: Node, path: string, what: string): void {
  const s = scalarOf(ctx, node);
  if (!s || s.type === 'null') return;
  const range = rangeOfNode(ctx, node);
  const limit = typeof rule.value === 'number' ? rule.value : undefined;
  const data = { rule: rule.rule, limit: rule.value };
  switch (rule.rule) {
    case 'minimum':
    case 'maximum': {
      if ((s.type !== 'int' && s.type !== 'float') || limit === undefined) return;
      const n = Number(s.value);
      if (rule.rule === 'minimum' ? n < limit : n > limit) {
        report(ctx, rule, `${what} must be ${rule.rule === 'minimum' ? 'at least' : 'at most'} ${limit}.`, range, path, data);
      }
      return;
    }
    case 'maxLength':
    case 'maxBytes': {
      if (s.type !== 'string' || limit === undefined) return;
      const size = rule.rule === 'maxBytes' ? Buffer.byteLength(s.value, 'utf8') : [...s.value].length;
      if (size > limit) {
        const unit = rule.rule === 'maxBytes' ? 'bytes' : 'characters';
        report(ctx, rule, `${what} must be at most ${limit} ${unit} (it has ${size}).`, range, path, data);
      }
      return;
    }
    case 'format': {
      if (s.type !== 'string' || typeof rule.value !== 'string') return;
      const problem = formatProblem(rule.value, s.value);
      if (problem) report(ctx, rule, `${what} ${problem} (format ${rule.value}).`, range, path, { ...data, format: rule.value });
      return;
    }
    default:
  }
}

const SCALAR_RULES = new Set<FieldRule['rule']>(['minimum', 'maximum', 'maxLength', 'maxBytes', 'format']);

function itemsOf(ctx: WalkContext, node: Node): { value: Node; key?: Node }[] {
  if (isSeq(node)) return (node.items as (Node | null)[]).map((v) => resolve(ctx, v)).filter((v): v is Node => !!v).map((value) => ({ value }));
  if (isMap(node)) {
    return (node.items as Pair<Node | null, Node | null>[])
      .map((p) => ({ value: resolve(ctx, p.value) as Node, key: resolve(ctx, p.key) ?? undefined }))
      .filter((x) => !!x.value || !!x.key);
  }
  return [];
}

/** A comparable text for a scalar (set uniqueness), undefined for anything else. */
function identity(ctx: WalkContext, node: Node | null | undefined): string | undefined {
  const s = scalarOf(ctx, node);
  if (!s) return undefined;
  return s.type === 'null' ? 'null' : `${s.type}:${String(s.value)}`;
}

function checkUnique(ctx: WalkContext, rule: FieldRule, node: Node, path: string, field: string): void {
  if (!isSeq(node)) return;
  const seen = new Map<string, number>();
  (node.items as (Node | null)[]).forEach((raw, i) => {
    const item = resolve(ctx, raw);
    const id = identity(ctx, item);
    if (id === undefined) return;
    if (seen.has(id)) {
      report(ctx, rule, `${quoted(field)} must not repeat a value: item ${i + 1} repeats item ${(seen.get(id) ?? 0) + 1}.`, rangeOfNode(ctx, item), `${path}[]`, { rule: 'unique' });
    } else seen.set(id, i);
  });
}

/** One entry of a list-map list that repeats the key of an earlier entry (indexes are 0-based). */
interface DuplicateKey {
  first: number;
  index: number;
  item: YAMLMap;
  /** The key values as written (absent keys take `defaults[key]`, else "absent"). */
  values: string[];
}

/** The value node of `key` in a list item. */
export function keyValueNode(ctx: WalkContext, item: YAMLMap, key: string): Node | undefined {
  const pair = (item.items as Pair<Node | null, Node | null>[]).find((p) => {
    const k = resolve(ctx, p.key);
    return scalarOf(ctx, k)?.type === 'string' && (k as { value?: unknown }).value === key;
  });
  return resolve(ctx, pair?.value) ?? undefined;
}

/** Entries of a list-map list whose keys repeat an earlier entry's (what server-side apply refuses); `defaults`
 *  gives the value an absent key takes once the API server has defaulted it. Items that are not mappings are skipped. */
export function duplicateListKeys(ctx: WalkContext, node: Node, keys: string[], defaults: Readonly<Record<string, string>> = {}): DuplicateKey[] {
  const out: DuplicateKey[] = [];
  if (!isSeq(node) || keys.length === 0) return out;
  const seen = new Map<string, number>();
  (node.items as (Node | null)[]).forEach((raw, i) => {
    const item = resolve(ctx, raw);
    if (!item || !isMap(item)) return;
    const values = keys.map((k) => {
      const s = scalarOf(ctx, keyValueNode(ctx, item, k));
      if (!s || s.type === 'null') return defaults[k] !== undefined ? `string:${defaults[k]}` : 'absent';
      return `${s.type}:${String(s.value)}`;
    });
    const id = values.join('\u0000');
    const first = seen.get(id);
    if (first !== undefined) out.push({ first, index: i, item, values: values.map((v) => v.replace(/^[a-z]+:/, '')) });
    else seen.set(id, i);
  });
  return out;
}

function checkListMapKeys(ctx: WalkContext, rule: FieldRule, node: Node, path: string, field: string): void {
  const keys = Array.isArray(rule.value) ? rule.value : [];
  for (const d of duplicateListKeys(ctx, node, keys)) {
    const what = keys.length === 1 ? `the same ${keys[0]}` : `the same ${keys.join(' and ')}`;
    report(ctx, rule, `${quoted(field)} has two entries with ${what} (items ${d.first + 1} and ${d.index + 1}); each must be unique.`, itemRange(ctx, d.item), `${path}[]`, { rule: 'listMapKeys', keys });
  }
}

function itemRange(ctx: WalkContext, item: YAMLMap): Range {
  const first = item.items[0] as Pair<Node | null, Node | null> | undefined;
  return rangeOfNode(ctx, (first?.key as Node | null) ?? item);
}

/** The rules of one present field (its value already walked for shape and type). */
export function checkFieldRules(ctx: WalkContext, field: FieldDef, raw: Node | null, path: string, keyRange: Range): void {
  if (!field.rules) return;
  const node = resolve(ctx, raw);
  for (const rule of field.rules) {
    if (rule.rule === 'forbidden') {
      // A field forbidden while its own gate is off is already a feature-gate finding.
      if (rule.when && !rule.when.enabled && field.gates?.includes(rule.when.gate)) continue;
      const cond = rule.when ? ` while feature gate ${rule.when.gate} is ${rule.when.enabled ? 'on' : 'off'}` : '';
      report(ctx, rule, `${quoted(field.name)} is not allowed${cond}; remove it.`, keyRange, path, { rule: 'forbidden' });
      continue;
    }
    if (rule.rule === 'dependentRequired' || !node) continue;
    if (rule.each) {
      for (const { value, key } of itemsOf(ctx, node)) {
        const target = rule.each === 'key' ? key : value;
        if (target && SCALAR_RULES.has(rule.rule)) {
          const what = rule.each === 'key' ? `Each key of ${quoted(field.name)}` : `Each entry of ${quoted(field.name)}`;
          checkScalarRule(ctx, rule, target, `${path}${isSeq(node) ? '[]' : '.*'}`, what);
        }
      }
      continue;
    }
    switch (rule.rule) {
      case 'maxItems': {
        const limit = typeof rule.value === 'number' ? rule.value : undefined;
        if (limit !== undefined && isSeq(node) && node.items.length > limit) {
          report(ctx, rule, `${quoted(field.name)} may have at most ${limit} item${limit === 1 ? '' : 's'} (it has ${node.items.length}).`, rangeOfNode(ctx, node, keyRange), path, { rule: 'maxItems', limit });
        }
        break;
      }
      case 'unique':
        if (rule.value === 'set') checkUnique(ctx, rule, node, path, field.name);
        break;
      case 'listMapKeys':
        checkListMapKeys(ctx, rule, node, path, field.name);
        break;
      default:
        if (SCALAR_RULES.has(rule.rule)) checkScalarRule(ctx, rule, node, path, quoted(field.name));
    }
  }
}

/** Rules over the fields of one mapping: unions and dependent-required fields. */
export function checkStructRules(ctx: WalkContext, type: TypeDef, map: YAMLMap, present: ReadonlyMap<string, Range>, path: string, ownerRange: Range): void {
  const isSet = (name: string): boolean => {
    if (!present.has(name)) return false;
    const pair = (map.items as Pair<Node | null, Node | null>[]).find((p) => scalarOf(ctx, resolve(ctx, p.key))?.type !== undefined && String((resolve(ctx, p.key) as { value?: unknown })?.value) === name);
    const value = scalarOf(ctx, resolve(ctx, pair?.value));
    return value?.type !== 'null';
  };
  for (const union of type.unions ?? []) {
    // In document order, so that a second member is reported where it is written.
    const set = union.members.filter(isSet).sort((a, b) => {
      const ra = present.get(a)?.start;
      const rb = present.get(b)?.start;
      return (ra?.line ?? 0) - (rb?.line ?? 0) || (ra?.character ?? 0) - (rb?.character ?? 0);
    });
    const list = union.members.map(quoted).join(', ');
    if (set.length > 1) {
      const range = present.get(set[1] as string) ?? ownerRange;
      const both = set.length > 2 ? `${quoted(set[0] as string)}, ${quoted(set[1] as string)} and ${set.length - 2} more are set` : `${set.map(quoted).join(' and ')} are both set`;
      report(ctx, union, `${both}, but only one of ${list} may be set`.length > 110 ? `${both}, but only one may be set` : `${both}, but only one of ${list} may be set`, range, joinPath(path, set[1] as string), { rule: 'union', members: union.members, set, unionAt: path, mode: union.mode });
    } else if (set.length === 1 && union.mode === 'exactlyOne' && type.fields.some((f) => f.name === set[0] && f.gates?.length)) {
      // The one member set is gated: the gate step keeps this only when the drop stage removes it (gates/union-drops.ts).
      const member = set[0] as string;
      report(ctx, union, `Only ${quoted(member)} is set`, present.get(member) ?? ownerRange, joinPath(path, member), { rule: 'union', members: union.members, set, unionAt: path, mode: union.mode, ifDropped: true });
    } else if (set.length === 0 && union.mode === 'exactlyOne' && union.members.length > 0) {
      const message = union.members.length === 1 ? `${quoted(union.members[0] as string)} is required here.` : `Set exactly one of ${list}.`;
      report(ctx, union, message, ownerRange, path, { rule: 'union', members: union.members, set: [] });
    }
  }
  for (const field of type.fields) {
    if (!field.rules || !isSet(field.name)) continue;
    for (const rule of field.rules) {
      if (rule.rule !== 'dependentRequired' || !Array.isArray(rule.value)) continue;
      // An alpha copy runs in shadow upstream: where the hand-written rule is ported, that one answers.
      if (rule.stage === 'alpha' && ANSWERED_ALPHA_COPIES.has(`${field.name} dependentRequired ${rule.value.join(',')}`)) continue;
      const missing = rule.value.filter((name) => !isSet(name));
      if (missing.length === 0) continue;
      report(ctx, rule, `${quoted(field.name)} needs ${missing.map(quoted).join(' and ')} to be set as well.`, present.get(field.name) ?? ownerRange, joinPath(path, field.name), { rule: 'dependentRequired', requires: missing });
    }
  }
}
