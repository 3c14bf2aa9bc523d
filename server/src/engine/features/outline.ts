// The outline of a file: one entry per YAML document, named `Kind/name` (or `Kind`, or `document N`), with its
// apiVersion and namespace as detail. A large file is parsed per YAML document, and unchanged documents are
// taken from the last outline.
import { isMap, isScalar, type Document } from 'yaml';
import { shiftRange } from '../incremental/line-map';
import { splitDocuments } from '../incremental/pieces';
import type { ParsedFile } from '../model';
import { parseFile } from '../parse/parseFile';
import { rangeOf } from '../parse/ranges';
import type { Range } from '../base/types';

export interface OutlineEntry {
  name: string;
  detail: string | undefined;
  /** The whole document. */
  range: Range;
  /** The `kind` value, else the whole document. */
  selectionRange: Range;
}

/** Piece text → entries relative to the piece; read and replaced by outlineOf. */
export type OutlineCache = Map<string, OutlineEntry[]>;

/** Below this many characters a file is parsed whole. */
const SMALL_FILE_CHARS = 100_000;

function scalarAt(doc: Document.Parsed, path: string[]): string | undefined {
  const node = doc.getIn(path, true);
  return isScalar(node) && node.value !== null && node.value !== undefined ? String(node.value) : undefined;
}

/** Entries of the parsed file's mapping documents; `indexBase` numbers unnamed documents. */
export function documentOutline(parsed: ParsedFile, indexBase = 0): OutlineEntry[] {
  const out: OutlineEntry[] = [];
  for (const d of parsed.documents) {
    if (!d.doc || !isMap(d.doc.contents)) continue;
    const kind = scalarAt(d.doc, ['kind']);
    const apiVersion = scalarAt(d.doc, ['apiVersion']);
    const name = scalarAt(d.doc, ['metadata', 'name']) ?? scalarAt(d.doc, ['metadata', 'generateName']);
    const namespace = scalarAt(d.doc, ['metadata', 'namespace']);
    const label = kind ? (name ? `${kind}/${name}` : kind) : `document ${d.index + indexBase + 1}`;
    const detail = [apiVersion, namespace ? `namespace ${namespace}` : undefined].filter(Boolean).join(' · ');
    const kindNode = d.doc.get('kind', true);
    const selection = isScalar(kindNode) && kindNode.range ? rangeOf(parsed.lineCounter, kindNode.range[0], kindNode.range[1]) : undefined;
    out.push({ name: label, detail: detail || undefined, range: d.range, selectionRange: selection ?? d.range });
  }
  return out;
}

/** The outline of a text, reusing `cache` for documents whose text did not change. */
export function outlineOf(text: string, cache: OutlineCache): OutlineEntry[] {
  const pieces = text.length < SMALL_FILE_CHARS ? undefined : splitDocuments(text);
  if (!pieces || pieces.length < 2) return documentOutline(parseFile(text));
  const next: OutlineCache = new Map();
  const out: OutlineEntry[] = [];
  pieces.forEach((piece, index) => {
    const key = `${index}\u0000${piece.text}`;
    const rel = next.get(key) ?? cache.get(key) ?? documentOutline(parseFile(piece.text), index);
    next.set(key, rel);
    for (const s of rel) out.push({ ...s, range: shiftRange(s.range, piece.line), selectionRange: shiftRange(s.selectionRange, piece.line) });
  });
  cache.clear();
  for (const [k, v] of next) cache.set(k, v);
  return out;
}
