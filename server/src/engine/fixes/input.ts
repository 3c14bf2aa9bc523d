// What every fix builder needs about one finding: its document, the pair at its range, the kind entry,
// the key path, the file's style, and a way to turn offset edits into file edits.
import type { Finding } from '../codes/finding';
import type { KindEntry } from '../knowledge/data-contract';
import type { FixContext, TextEdit, YamlDoc } from './types';
import { type PairHit, type AnyMap, docAt, pairAt, rootMap, snapshotDocs, stringValue, yamlDocs } from './yaml-nodes';
import { type OffsetEdit, type YamlStyle, styleOf } from './yaml-edits';
import { type Segment, segmentsOf } from './type-lookup';
import { kindEntry } from '../knowledge/version-index';
import { LineIndex, offsetAt } from '../base/line-index';

export interface FixInput {
  finding: Finding;
  ctx: FixContext;
  offset: number;
  doc?: YamlDoc;
  root?: AnyMap;
  apiVersion?: string;
  kind?: string;
  entry?: KindEntry;
  hit?: PairHit;
  segs?: Segment[];
  style: YamlStyle;
}

export function fixInput(finding: Finding, ctx: FixContext): FixInput {
  const offset = offsetAt(ctx.text, finding.range.start);
  const fromSnapshot = ctx.snapshot?.text === ctx.text ? snapshotDocs(ctx.snapshot, finding.document, offset) : undefined;
  const docs = fromSnapshot ?? (ctx.parsed || !ctx.reads ? yamlDocs(ctx.text, ctx.parsed) : ctx.reads.docs(ctx.text));
  const doc = docAt(docs, offset, finding.document);
  const root = doc ? rootMap(doc) : undefined;
  const apiVersion = root ? stringValue(root, 'apiVersion') : undefined;
  const kind = root ? stringValue(root, 'kind') : undefined;
  const entry = ctx.versionData ? kindEntry(ctx.versionData, apiVersion, kind) : undefined;
  const hit = doc ? pairAt(doc, offset) : undefined;
  return { finding, ctx, offset, doc, root, apiVersion, kind, entry, hit, segs: hit ? segmentsOf(hit) : undefined, style: styleOf(ctx.text) };
}

/** Offset edits on `text` → edits of `file`. */
export function toTextEdits(file: string, text: string, edits: OffsetEdit[]): TextEdit[] {
  const index = new LineIndex(text);
  return edits.map((e) => ({ file, range: index.rangeAt(e.start, e.end), newText: e.newText }));
}

/** The did-you-mean name a finding carries (unknown field, kind or gate), as a list. */
export function suggestionsOf(finding: Finding): string[] {
  switch (finding.code) {
    case 'unknown-field':
    case 'unknown-kind':
    case 'invalid-value':
      return finding.data?.suggestion ? [finding.data.suggestion] : [];
    default:
      return [];
  }
}

export function baseName(path: string): string {
  const clean = path.replace(/[?#].*$/, '');
  return clean.slice(Math.max(clean.lastIndexOf('/'), clean.lastIndexOf('\\')) + 1) || path;
}
