// The object-level rules of kube-apiserver's hand-written validation, for one routed API-kind document (or List
// item): the object is read as the decoder sees it (object-view.ts), defaulted (defaults.ts), and every rule of
// its kind family and, where a pod template lives, of the pod spec runs over it. Findings carry the server's
// field path with indices (`data.fieldPath`), the rule (`data.rule`), its upstream source and the verdict.
import type { FindingData } from '../../codes';
import type { YAMLMap } from 'yaml';
import type { FieldDef, KindEntry } from '../../knowledge/data-contract';
import type { ObjectMetaLimits } from '../../knowledge/object-meta';
import { labelValueProblems, qualifiedNameProblems } from '../name-rules';
import { onByDefault } from '../../knowledge/gates';
import type { Range } from '../../base/types';
import { report } from '../mapping-field-rules';
import type { WalkContext } from '../context';
import type { UpstreamSource } from '../field-rule-table';
import { locate, walkerPath, type ObjectView } from './object-view';
import { podSpecOf } from './defaults';
import { defaultedView, portedKind } from './defaulted-view';
import type { KindRule, PodSpecRule, Say } from './rule-types';
import { KIND_RULE_FAMILIES, POD_SPEC_RULE_FAMILIES } from './families';

/** Every kind rule, by `group/Kind`. */
const KIND_RULES = new Map<string, KindRule[]>();
for (const rule of KIND_RULE_FAMILIES.flat()) {
  for (const kind of rule.kinds) KIND_RULES.set(kind, [...(KIND_RULES.get(kind) ?? []), rule]);
}

function fieldDef(ctx: WalkContext, type: string, field: string): FieldDef | undefined {
  return ctx.data.types[type]?.fields.find((f) => f.name === field);
}

function sayFor(ctx: WalkContext, view: ObjectView, defaulted: ReadonlySet<string>, limits: ObjectMetaLimits, rule: string, source: UpstreamSource | UpstreamSource[]): Say {
  const emit = <C extends 'invalid-value' | 'missing-field' | 'api-warning'>(code: C, fieldPath: string, message: string, fix: string, data?: FindingData[C]) => {
    const warning = code === 'api-warning';
    report(
      ctx,
      code,
      `${warning ? 'Accepted with a warning' : 'Applying fails'}: ${message}`,
      locate(view, fieldPath),
      walkerPath(fieldPath),
      { rule, stage: warning ? 'warning' : 'validation', verdict: warning ? 'accepted-with-warning' : 'rejected', source },
      fix,
      // Judged on the whole object: a patch that leaves fields out is not judged by these rules.
      { ...data, fieldPath, wholeObject: true },
    );
  };
  return {
    reject: (path, message, fix, data) => emit('invalid-value', path, message, fix, data),
    missing: (path, message, fix, data) => emit('missing-field', path, message, fix, data),
    warn: (path, message, fix, data) => emit('api-warning', path, message, fix, data),
    defaulted: (path) => defaulted.has(path),
    labelOk: (key, value) => qualifiedNameProblems(key, limits).length === 0 && (value === undefined || labelValueProblems(value, limits).length === 0),
    gateOn: (gate) => onByDefault(gate, ctx.data.version),
    gatesOf: (type, field) => fieldDef(ctx, type, field)?.gates ?? [],
    declared: (type, field, rule, each) => fieldDef(ctx, type, field)?.rules?.some((r) => r.rule === rule && r.each === each) ?? false,
  };
}

export function checkApiServerRules(ctx: WalkContext, map: YAMLMap, entry: KindEntry, rootRange: Range, limits: ObjectMetaLimits): void {
  const kindRules = KIND_RULES.get(`${entry.group}/${entry.kind}`) ?? [];
  if (ctx.isConfig || !portedKind(entry, kindRules.length > 0)) return;
  const { gk, view, root, defaulted } = defaultedView(ctx, map, entry, rootRange);
  for (const rule of kindRules) rule.check(root, sayFor(ctx, view, defaulted, limits, rule.rule, rule.source));
  const place = podSpecOf(gk, root);
  if (!place || place.owner === 'StatefulSet') return;
  for (const rule of POD_SPEC_RULE_FAMILIES.flat() as readonly PodSpecRule[]) {
    if (rule.skip?.includes(place.owner)) continue;
    rule.check(place, sayFor(ctx, view, defaulted, limits, rule.rule, rule.source));
  }
}
