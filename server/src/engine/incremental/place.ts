// A YAML document's walk, moved as a whole: the incremental check (walks.ts) walks each document of a file on its
// own text and keeps the result relative to the document (document 0, offset 0, line 0), then places it at the
// document's index, offset and first line in the file. One function does both directions (a shift is added), and
// it moves every range, line, offset and document index the walk holds. The type checks at the end fail when a
// type it moves gains a field that holds a range or position: move that field here as well, then list it.
import type { DisableRule } from '../check/directives';
import { THIS_FILE } from '../gates/evidence';
import type { DocumentAnalysis, GatedUse, GateSetting, ParsedDocument, RuntimeConfigEntry } from '../model';
import type { DocumentReport, Evidence, Position, Range } from '../base/types';
import type { Finding } from '../codes/finding';

/** What the walk of one YAML document gives: the parser's document (without its tree), the document's analysis
 *  (none for an empty document) and the disable comments in it. */
export interface DocumentWalk {
  parsed: ParsedDocument;
  analysis?: DocumentAnalysis;
  rules: DisableRule[];
}

/** Added to document indexes, offsets and lines. */
export interface Shift {
  index: number;
  offset: number;
  line: number;
  /** The checked file's name (evidence that points into it names it, or "this file" without one). */
  file: string | undefined;
}

/** The walk moved by `by`: placed in the file (a positive shift) or made relative to its document (negative). */
export function shiftWalk(walk: DocumentWalk, by: Shift): DocumentWalk {
  if (by.index === 0 && by.offset === 0 && by.line === 0) return walk;
  const range = (r: Range): Range => ({ start: { line: r.start.line + by.line, character: r.start.character }, end: { line: r.end.line + by.line, character: r.end.character } });
  const index = (i: number | undefined): number | undefined => (i === undefined ? undefined : i + by.index);
  const p = walk.parsed;
  const parsed: ParsedDocument = { ...p, index: p.index + by.index, range: range(p.range), start: p.start + by.offset, end: p.end + by.offset, errors: p.errors.map((e) => ({ ...e, range: range(e.range) })) };
  if (p.tooDeep) parsed.tooDeep = { ...p.tooDeep, range: range(p.tooDeep.range) };
  const rules = walk.rules.map((r): DisableRule => {
    const lines = r.scope === 'file' ? {} : { fromLine: r.fromLine + by.line, toLine: r.toLine === Number.MAX_SAFE_INTEGER ? r.toLine : r.toLine + by.line };
    return withIndex({ ...r, ...lines, range: range(r.range), named: r.named.map((n) => ({ ...n, range: range(n.range) })) }, index(r.document));
  });
  const a = walk.analysis;
  if (!a) return { parsed, rules };
  const evidence = (e: Evidence): Evidence => (e.source.type === 'file' && e.source.file === (by.file ?? THIS_FILE) ? { ...e, source: { ...e.source, range: range(e.source.range) } } : e);
  const finding = (f: Finding): Finding => {
    const out = withIndex({ ...f, range: range(f.range) }, index(f.document));
    if (f.related) out.related = f.related.map(evidence);
    return out;
  };
  const report = (d: DocumentReport, top: boolean): DocumentReport => {
    // A List item's index is its place in `items`, not a document index.
    const out: DocumentReport = { ...d, index: top ? d.index + by.index : d.index, range: range(d.range) };
    if (d.items) out.items = d.items.map((item) => report(item, false));
    return out;
  };
  const use = (u: GatedUse): GatedUse => {
    const out: GatedUse = { ...u, document: u.document + by.index, range: range(u.range) };
    if (u.extent) out.extent = range(u.extent);
    return out;
  };
  const setting = (s: GateSetting): GateSetting => {
    const out: GateSetting = { ...s, document: s.document + by.index, range: range(s.range) };
    if (s.valueRange) out.valueRange = range(s.valueRange);
    return out;
  };
  const runtime = (e: RuntimeConfigEntry): RuntimeConfigEntry => (e.range ? { ...e, range: range(e.range) } : e);
  const analysis: DocumentAnalysis = {
    report: report(a.report, true),
    findings: a.findings.map(finding),
    gatedUses: a.gatedUses.map(use),
    gateSettings: a.gateSettings.map(setting),
    runtimeConfig: a.runtimeConfig.map(runtime),
    namedVersions: a.namedVersions.map((v) => ({ ...v, range: range(v.range) })),
  };
  return { parsed, analysis, rules };
}

/** `value` with its `document` set to `document`, or without one when it is undefined. */
function withIndex<T extends { document?: number }>(value: T, document: number | undefined): T {
  if (document === undefined) delete value.document;
  else value.document = document;
  return value;
}

// Compile-time inventory of the fields that hold a range or position (through arrays, objects and unions, a few
// levels deep). Adding such a field to one of these types without moving it in shiftWalk fails the typecheck.
type Deeper = [never, 0, 1, 2, 3];
type HoldsRange<T, D extends number = 4> = [D] extends [never]
  ? false
  : T extends Range | Position
    ? true
    : T extends readonly (infer U)[]
      ? HoldsRange<U, Deeper[D]>
      : T extends object
        ? true extends { [K in keyof T]-?: HoldsRange<T[K], Deeper[D]> }[keyof T]
          ? true
          : false
        : false;
type RangeFields<T> = { [K in keyof T]-?: true extends HoldsRange<T[K]> ? K : never }[keyof T];

// `doc` (the tree) is never kept: walks.ts keeps documents without their trees.
const PARSED: Record<RangeFields<Omit<ParsedDocument, 'doc'>>, true> = { range: true, errors: true, tooDeep: true };
/** Plus the line fields fromLine/toLine (numbers, moved by hand) and `document`. */
const RULE: Record<RangeFields<DisableRule>, true> = { range: true, named: true };
const ANALYSIS: Record<RangeFields<DocumentAnalysis>, true> = { report: true, findings: true, gatedUses: true, gateSettings: true, runtimeConfig: true, namedVersions: true };
const REPORT: Record<RangeFields<DocumentReport>, true> = { range: true, items: true };
const FINDING: Record<RangeFields<Finding>, true> = { range: true, related: true };
const EVIDENCE: Record<RangeFields<Evidence>, true> = { source: true };
const USE: Record<RangeFields<GatedUse>, true> = { range: true, extent: true };
const SETTING: Record<RangeFields<GateSetting>, true> = { range: true, valueRange: true };
const RUNTIME: Record<RangeFields<RuntimeConfigEntry>, true> = { range: true };
const NAMED: Record<RangeFields<DocumentAnalysis['namedVersions'][number]>, true> = { range: true };
void [PARSED, RULE, ANALYSIS, REPORT, FINDING, EVIDENCE, USE, SETTING, RUNTIME, NAMED];
