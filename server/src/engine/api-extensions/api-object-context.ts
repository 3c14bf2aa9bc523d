// Shared by the rules of CustomResourceDefinition and APIService documents (api-object-rules.ts): the rule
// context, YAML access and the finding helper (data.rule / stage / verdict / source from schemas/api-objects.json).
import { finding, type FindingData } from '../codes';
import { isAlias, isMap, isScalar, type Document, type LineCounter, type Node, type Pair, type YAMLMap } from 'yaml';
import type { ApiObjectsData } from '../knowledge/data-contract';
import { resolveAlias } from '../parse/aliases';
import { rangeOf } from '../parse/ranges';
import { closestName } from '../base/similar-names';
import type { Finding } from '../codes/finding';
import type { Range } from '../base/types';
import { VERDICT_SEVERITY } from '../codes/verdicts';

export interface ApiObjectInput {
  kind: string;
  map: YAMLMap;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  document: number;
  /** Range of the `kind` key (a missing `spec` is reported there). */
  ownerRange: Range;
  findings: Finding[];
}

export interface Ctx extends ApiObjectInput {
  facts: ApiObjectsData;
}

export interface Entry {
  key: Node;
  value: Node | null;
}

type Verdict = 'rejected' | 'ignored';

// ── YAML access ────────────────────────────────────────────────────────────────────────────────────────────────

export function deref(ctx: Ctx, node: unknown): Node | null {
  if (!node) return null;
  if (isAlias(node)) return (resolveAlias(ctx.doc, node) as Node | undefined) ?? null;
  return node as Node;
}

export function entries(ctx: Ctx, node: Node | null): Map<string, Entry> {
  const out = new Map<string, Entry>();
  if (!node || !isMap(node)) return out;
  for (const pair of node.items as Pair<Node | null, Node | null>[]) {
    const key = deref(ctx, pair.key);
    if (!key || !isScalar(key)) continue;
    out.set(String(key.value), { key, value: deref(ctx, pair.value) });
  }
  return out;
}

export function strOf(node: Node | null | undefined): string | undefined {
  return node && isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

export function isTrue(node: Node | null | undefined): boolean {
  return !!node && isScalar(node) && node.value === true;
}

export function isNull(node: Node | null | undefined): boolean {
  return !node || (isScalar(node) && node.value === null);
}

export function range(ctx: Ctx, node: Node | null | undefined, fallback: Range): Range {
  const r = node?.range;
  return r && r[1] > r[0] ? rangeOf(ctx.lineCounter, r[0], r[1]) : fallback;
}

export function add<C extends 'invalid-value' | 'missing-field'>(
  ctx: Ctx,
  code: C,
  rule: string,
  message: string,
  fix: string,
  where: Range,
  path: string,
  extra: { verdict?: Verdict; data?: FindingData[C] } = {},
): void {
  const verdict = extra.verdict ?? 'rejected';
  ctx.findings.push(finding(code, {
    severity: VERDICT_SEVERITY[verdict],
    message,
    fix,
    range: where,
    // Structural path (a finding's `path`, engine/codes/finding.ts): list items as `[]`, whichever item it is.
    path: path.replace(/\[\d+\]/g, '[]'),
    document: ctx.document,
    data: { rule, pipelineStage: 'validation', verdict, source: ctx.facts.rules[rule]?.source, ...extra.data },
  }));
}

export function values(ctx: Ctx, name: string): string[] {
  return ctx.facts.values[name]?.values ?? [];
}

export function didYouMean(value: string, allowed: readonly string[]): string {
  const near = closestName(value, allowed);
  return near ? `: did you mean ${near}?` : '';
}

/** A value outside a value set: invalid-value at the value with did-you-mean. */
export function checkOneOf(ctx: Ctx, rule: string, set: string, e: Entry | undefined, path: string, what: string, fallback: Range): void {
  const v = strOf(e?.value);
  if (v === undefined || v === '') return;
  const allowed = values(ctx, set);
  if (allowed.includes(v)) return;
  const near = closestName(v, allowed);
  add(ctx, 'invalid-value', rule, `Applying fails: ${what} "${v}" is not allowed${didYouMean(v, allowed)}`, near ? `Change it to ${near}.` : `Use one of ${allowed.join(', ')}.`, range(ctx, e?.value, fallback), path, { data: { value: v, allowed, ...(near ? { suggestion: near } : {}) } });
}

const DNS1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

export function dns1035Problem(v: string): string | undefined {
  if (v.length > 63) return 'must be at most 63 characters';
  return DNS1035.test(v) ? undefined : 'must be a DNS-1035 label: lower-case letters, digits and "-", starting with a letter and ending with a letter or digit';
}

