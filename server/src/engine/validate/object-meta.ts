// The hand-written ObjectMeta validation kube-apiserver runs on every created object, for one routed API-kind
// document or List item: metadata.name against the kind's name rule (schemas/object-meta.json), generateName,
// namespace, label keys and values, annotation keys and total size, finalizers, and the label maps beyond
// metadata that the kind validates the same way (pod template labels, selectors). Findings are `rejected`.
import { finding, type FindingData } from '../codes';
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import type { KindEntry } from '../knowledge/data-contract';
import { objectKindKey, type NameRule, type ObjectMetaFacts, type ObjectNameRow } from '../knowledge/object-meta';
import { resolveAlias } from '../parse/aliases';
import { rangeOf } from '../parse/ranges';
import type { Finding } from '../codes/finding';
import type { Range } from '../base/types';
import { refusedByDecoder, type WalkContext } from './context';
import { serverFieldPath } from './server-field-path';
import { describeNameRule, explainNameRule, labelValueProblems, nameProblems, qualifiedNameProblems, suggestName, utf8Length, words } from './name-rules';

interface ObjectMetaInputs {
  facts: ObjectMetaFacts;
}

/** `data.check` of every finding of this module (hand-written validation: no JSON Schema expresses it). */
const OBJECT_META_CHECK = 'objectMeta';

function deref(ctx: WalkContext, node: unknown): Node | null {
  if (isAlias(node)) return resolveAlias(ctx.doc, node) ?? null;
  return (node as Node | null) ?? null;
}

function pairsOf(map: YAMLMap): Pair<Node | null, Node | null>[] {
  return map.items as Pair<Node | null, Node | null>[];
}

function pairNamed(_ctx: WalkContext, map: YAMLMap, name: string): Pair<Node | null, Node | null> | undefined {
  return pairsOf(map).find((p) => isScalar(p.key) && p.key.value === name);
}

interface MapEntry {
  map: YAMLMap;
  /** Range of the key that holds the map. */
  key: Range;
}

const NOWHERE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function childMap(ctx: WalkContext, map: YAMLMap, name: string): MapEntry | undefined {
  const pair = pairNamed(ctx, map, name);
  const v = deref(ctx, pair?.value);
  return pair && isMap(v) ? { map: v, key: nodeRange(ctx, pair.key, NOWHERE) } : undefined;
}

function mapAt(ctx: WalkContext, root: YAMLMap, path: string): MapEntry | undefined {
  let cur: MapEntry | undefined = { map: root, key: NOWHERE };
  for (const seg of path.split('.')) cur = cur && childMap(ctx, cur.map, seg);
  return cur;
}

function hasMergeKey(map: YAMLMap): boolean {
  return pairsOf(map).some((p) => isScalar(p.key) && p.key.value === '<<');
}

function nodeRange(ctx: WalkContext, node: unknown, fallback: Range): Range {
  if (!node || typeof node !== 'object') return fallback;
  const r = (node as Node).range;
  return r ? rangeOf(ctx.lineCounter, r[0], r[1]) : fallback;
}

/** No value, null or the empty string (a number or a mapping is a type error the schema walk reports). */
function isAbsent(node: Node | null): boolean {
  return node === null || (isScalar(node) && (node.value === null || node.value === ''));
}

function stringOf(node: Node | null): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

function reject(
  ctx: WalkContext,
  range: Range,
  path: string,
  message: string,
  fix: string,
  rule: string,
  source: string,
  extra: { detail?: string; data?: FindingData['invalid-value'] & FindingData['missing-field']; code?: 'missing-field' } = {},
): void {
  const f: Finding = finding(extra.code ?? 'invalid-value', {
    severity: 'error',
    message,
    fix,
    path,
    range,
    document: ctx.document,
    data: { rule, pipelineStage: 'validation', verdict: 'rejected', source, check: OBJECT_META_CHECK, fieldPath: serverFieldPath(ctx, ctx.root ?? (ctx.doc.contents as Node | null), path, range), ...extra.data },
  });
  if (extra.detail) f.detail = extra.detail;
  if (!refusedByDecoder(ctx, range)) ctx.findings.push(f);
}

/** The name rules of a kind: one rule, or — for a kind whose rule a gate changes — each rule with the gate state
 *  it applies in (`data.when`, judged by the gate step: the walk does not depend on gate state). */
function nameRules(row: ObjectNameRow): { rule: NameRule; other?: NameRule; when?: { gate: string; enabled: boolean } }[] {
  if (!row.gate || !row.gateRule) return [{ rule: row.rule }];
  return [
    { rule: row.rule, other: row.gateRule, when: { gate: row.gate, enabled: false } },
    { rule: row.gateRule, other: row.rule, when: { gate: row.gate, enabled: true } },
  ];
}

function checkName(ctx: WalkContext, entry: KindEntry, meta: YAMLMap | undefined, row: ObjectNameRow, io: ObjectMetaInputs, kindWhere: Range): void {
  const limits = io.facts.limits;
  const namePair = meta && pairNamed(ctx, meta, 'name');
  const nameNode = deref(ctx, namePair?.value);
  const name = stringOf(nameNode);
  const genPair = meta && pairNamed(ctx, meta, 'generateName');
  const generateName = stringOf(deref(ctx, genPair?.value));
  for (const { rule, other, when } of nameRules(row)) {
    const gateNote = (value: string, prefix: boolean) =>
      row.gate && other && nameProblems(other, value, prefix, limits).length === 0
        ? ` It would be accepted with the ${row.gate} gate ${rule === row.rule ? 'on' : 'off'}.`
        : '';
    const conditional = when ? { when } : {};
    if (name !== undefined && name !== '') {
      const problems = nameProblems(rule, name, false, limits);
      if (problems.length > 0) {
        const suggestion = suggestName(rule, name, limits);
        reject(
          ctx,
          nodeRange(ctx, nameNode, kindWhere),
          'metadata.name',
          within120(`Applying fails: ${article(entry.kind)} name must be ${describeNameRule(rule, limits)}`, `Applying fails: the name must be ${describeNameRule(rule, limits)}`),
          suggestion ? `Rename it, e.g. to ${suggestion}.` : rule === 'pathSegmentName' ? "Rename it without '/' or '%' (and not '.' or '..')." : 'Rename it to match the rule.',
          rule,
          row.source,
          { detail: `"${name}" has ${words(problems)}. ${explainNameRule(rule, limits)}${gateNote(name, false)}`, data: { value: name, ...(row.gate ? { gate: row.gate } : {}), ...conditional } },
        );
      }
    }
    if (generateName !== undefined && generateName !== '') {
      const problems = nameProblems(rule, generateName, true, limits);
      if (problems.length > 0) {
        reject(
          ctx,
          nodeRange(ctx, deref(ctx, genPair?.value), kindWhere),
          'metadata.generateName',
          within120(`Applying fails: ${article(entry.kind)} generateName must be ${describeNameRule(rule, limits, true)}`, `Applying fails: generateName must be ${describeNameRule(rule, limits, true)}`),
          'Change the prefix (a trailing - is allowed).',
          rule,
          row.source,
          { detail: `"${generateName}" has ${words(problems)}. ${explainNameRule(rule, limits)}${gateNote(generateName, true)}`, data: { value: generateName, field: 'generateName', ...conditional } },
        );
      }
    }
  }
  if ((name === undefined || name === '') && generateName === undefined && isAbsent(nameNode) && !(meta && hasMergeKey(meta))) {
    // Missing, empty or null: the API server needs a name or a generateName.
    const where = namePair ? nodeRange(ctx, (nameNode ?? namePair.key) as Node | null, kindWhere) : kindWhere;
    reject(ctx, where, 'metadata.name', `Applying fails: ${article(entry.kind)} needs metadata.name`, 'Add metadata.name (or generateName, for kubectl create).', 'nameRequired', row.source, {
      code: 'missing-field',
    });
  }
}

function checkNamespace(ctx: WalkContext, entry: KindEntry, meta: YAMLMap, io: ObjectMetaInputs, kindWhere: Range): void {
  // Cluster-scoped kinds: the API server clears metadata.namespace before validation.
  if (entry.namespaced !== true) return;
  const node = deref(ctx, pairNamed(ctx, meta, 'namespace')?.value);
  const ns = stringOf(node);
  if (ns === undefined || ns === '') return;
  const limits = io.facts.limits;
  const problems = nameProblems('dns1123Label', ns, false, limits);
  if (problems.length === 0) return;
  const suggestion = suggestName('dns1123Label', ns, limits);
  reject(
    ctx,
    nodeRange(ctx, node, kindWhere),
    'metadata.namespace',
    `Applying fails: a namespace must be ${describeNameRule('dns1123Label', limits)}`,
    suggestion ? `Use a valid namespace name, e.g. ${suggestion}.` : 'Use a valid namespace name.',
    'namespaceName',
    io.facts.sources['namespaceRule'] ?? '',
    { detail: `"${ns}" has ${words(problems)}. ${explainNameRule('dns1123Label', limits)}`, data: { value: ns } },
  );
}

const QUALIFIED = "[DNS-subdomain/]name, the name up to 63 letters, digits, '-', '_', '.'";
const QUALIFIED_DETAIL =
  "A qualified name is an optional DNS subdomain prefix and '/', then a name of at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit.";

/** Keys (and values) of a label map: `what` labels / annotations; `path` of the map for findings. */
function checkLabelMap(ctx: WalkContext, map: YAMLMap, mapKey: Range, path: string, what: 'labels' | 'annotations', io: ObjectMetaInputs, source: string): void {
  const limits = io.facts.limits;
  let total = 0;
  for (const pair of pairsOf(map)) {
    const key = isScalar(pair.key) ? pair.key : null;
    if (!key || typeof key.value !== 'string' || key.value === '<<') continue;
    const k = key.value;
    const keyRange = nodeRange(ctx, key, mapKey);
    const keyProblems = qualifiedNameProblems(what === 'annotations' ? k.toLowerCase() : k, limits);
    if (keyProblems.length > 0) {
      const noun = what === 'labels' ? 'label' : 'annotation';
      reject(ctx, keyRange, `${path}.${k}`, `Applying fails: ${what === 'labels' ? 'a label' : 'an annotation'} key must be ${QUALIFIED}`, `Rename the ${noun} key.`, what === 'labels' ? 'labelKey' : 'annotationKey', source, {
        detail: `"${k}" has ${words(keyProblems)}. ${QUALIFIED_DETAIL}`,
        data: { value: k },
      });
    }
    const valueNode = deref(ctx, pair.value);
    const v = stringOf(valueNode);
    if (what === 'annotations') {
      total += utf8Length(k) + (v !== undefined ? utf8Length(v) : 0);
      continue;
    }
    if (v === undefined) continue;
    const valueProblems = labelValueProblems(v, limits);
    if (valueProblems.length > 0) {
      reject(
        ctx,
        nodeRange(ctx, valueNode, keyRange),
        `${path}.${k}`,
        `Applying fails: a label value must be empty or at most ${limits.labelValueMaxLength} letters, digits, '-', '_' or '.', alphanumeric at both ends`,
        'Change the label value (use an annotation for free text).',
        'labelValue',
        source,
        { detail: `"${v}" has ${words(valueProblems)}.`, data: { value: v } },
      );
    }
  }
  if (what === 'annotations' && total > limits.annotationsTotalMaxBytes) {
    reject(
      ctx,
      mapKey,
      path,
      `Applying fails: the annotations total ${total} bytes, over the ${limits.annotationsTotalMaxBytes}-byte limit`,
      'Move large values out of annotations (into a ConfigMap, for instance).',
      'annotationsSize',
      io.facts.sources['annotationsTotalMaxBytes'] ?? source,
      { data: { bytes: total, limit: limits.annotationsTotalMaxBytes } },
    );
  }
}

function checkSelector(ctx: WalkContext, selector: YAMLMap, path: string, io: ObjectMetaInputs, source: string): void {
  const matchLabels = childMap(ctx, selector, 'matchLabels');
  if (matchLabels) checkLabelMap(ctx, matchLabels.map, matchLabels.key, `${path}.matchLabels`, 'labels', io, source);
  const exprs = deref(ctx, pairNamed(ctx, selector, 'matchExpressions')?.value);
  if (!isSeq(exprs)) return;
  for (const item of exprs.items) {
    const expr = deref(ctx, item);
    if (!isMap(expr)) continue;
    const keyNode = deref(ctx, pairNamed(ctx, expr, 'key')?.value);
    const key = stringOf(keyNode);
    if (key === undefined) continue;
    const problems = qualifiedNameProblems(key, io.facts.limits);
    if (problems.length === 0) continue;
    reject(ctx, nodeRange(ctx, keyNode, NOWHERE), `${path}.matchExpressions[].key`, `Applying fails: a label key must be ${QUALIFIED}`, 'Use the label key the pods carry.', 'labelKey', source, {
      detail: `"${key}" has ${words(problems)}. ${QUALIFIED_DETAIL}`,
      data: { value: key },
    });
  }
}

function checkFinalizers(ctx: WalkContext, meta: YAMLMap, row: ObjectNameRow, io: ObjectMetaInputs): void {
  const list = deref(ctx, pairNamed(ctx, meta, 'finalizers')?.value);
  if (!isSeq(list)) return;
  const limits = io.facts.limits;
  const source = io.facts.sources['conflictingFinalizers'] ?? '';
  const seen = new Set<string>();
  for (const item of list.items) {
    const node = deref(ctx, item);
    const f = stringOf(node);
    if (f === undefined) continue;
    seen.add(f);
    const range = nodeRange(ctx, node, NOWHERE);
    const problems = qualifiedNameProblems(f, limits);
    if (problems.length > 0) {
      reject(ctx, range, 'metadata.finalizers[]', `Applying fails: a finalizer must be ${QUALIFIED}`, 'Use a domain-qualified finalizer name, e.g. example.com/cleanup.', 'finalizerName', source, {
        detail: `"${f}" has ${words(problems)}. ${QUALIFIED_DETAIL}`,
        data: { value: f },
      });
    } else if (row.meta === 'core' && !f.includes('/') && !limits.standardFinalizers.includes(f)) {
      reject(
        ctx,
        range,
        'metadata.finalizers[]',
        `Applying fails: this finalizer needs a domain prefix (only ${words(limits.standardFinalizers)} may go without)`,
        `Qualify it, e.g. example.com/${f}.`,
        'finalizerUnqualified',
        `${io.facts.sources['standardFinalizers'] ?? ''}; ${row.source}`,
        { detail: `"${f}" has no '/': kube-apiserver accepts an unqualified finalizer only if it is one of its own.`, data: { value: f } },
      );
    }
  }
  if (limits.conflictingFinalizers.every((c) => seen.has(c))) {
    reject(ctx, nodeRange(ctx, list, NOWHERE), 'metadata.finalizers', `Applying fails: finalizers ${limits.conflictingFinalizers.join(' and ')} cannot both be set`, 'Keep one of them.', 'finalizerConflict', source);
  }
}

/**
 * ObjectMeta validation of one API-kind object (`root`: the document root or a List item). Not for component
 * config kinds. `kindWhere` is where a finding goes when the document has no metadata to point at.
 */
export function checkObjectMeta(ctx: WalkContext, root: YAMLMap, entry: KindEntry, io: ObjectMetaInputs, kindWhere: Range): void {
  const key = objectKindKey(entry.group, entry.kind);
  const row = io.facts.kinds[key] ?? io.facts.default;
  if (row.rule === 'none' || entry.payload) return;
  const metaPair = pairNamed(ctx, root, 'metadata');
  const metaNode = deref(ctx, metaPair?.value);
  if (metaPair && metaNode && !isMap(metaNode)) return; // not a mapping: the schema walk reports it
  const meta = isMap(metaNode) ? metaNode : undefined;
  const metaWhere = metaPair?.key ? nodeRange(ctx, metaPair.key as Node, kindWhere) : kindWhere;
  checkName(ctx, entry, meta, row, io, metaWhere);
  if (meta) {
    checkNamespace(ctx, entry, meta, io, metaWhere);
    const labels = childMap(ctx, meta, 'labels');
    if (labels) checkLabelMap(ctx, labels.map, labels.key, 'metadata.labels', 'labels', io, io.facts.sources['labelsRule'] ?? '');
    const annotations = childMap(ctx, meta, 'annotations');
    if (annotations) checkLabelMap(ctx, annotations.map, annotations.key, 'metadata.annotations', 'annotations', io, io.facts.sources['annotationKeysRule'] ?? '');
    checkFinalizers(ctx, meta, row, io);
  }
  for (const extra of io.facts.labelMaps[key] ?? []) {
    const found = mapAt(ctx, root, extra.path);
    if (!found) continue;
    if (extra.what === 'selector') checkSelector(ctx, found.map, extra.path, io, extra.source);
    else checkLabelMap(ctx, found.map, found.key, extra.path, extra.what, io, extra.source);
  }
}

/** `a Pod`, `an Ingress`. */
function article(kind: string): string {
  return `${/^[AEIOU]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

/** The message naming the kind, or the shorter one when a long kind name would take it over 120 characters. */
function within120(withKind: string, without: string): string {
  return withKind.length <= 120 ? withKind : without;
}
