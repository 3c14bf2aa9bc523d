// Document symbols: one per YAML document, named `Kind/name` (or `Kind`, or `document N`).
// A large file is parsed per YAML document, and unchanged documents are taken from the last answer.
import { isMap, isScalar, type Document } from 'yaml';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver/node';
import { type ParsedFile, parseFile, rangeOf, type Range } from '../engine';
import { splitDocuments } from './incremental';

const SMALL_FILE_CHARS = 100_000;

function scalarAt(doc: Document.Parsed, path: string[]): string | undefined {
  const node = doc.getIn(path, true);
  return isScalar(node) && node.value !== null && node.value !== undefined ? String(node.value) : undefined;
}

export function documentSymbols(parsed: ParsedFile, indexBase = 0): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
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
    out.push({
      name: label,
      detail: detail || undefined,
      kind: SymbolKind.Object,
      range: d.range,
      selectionRange: selection ?? d.range,
    });
  }
  return out;
}

function shift(r: Range, lines: number): Range {
  return { start: { line: r.start.line + lines, character: r.start.character }, end: { line: r.end.line + lines, character: r.end.character } };
}

/** Symbols of a file; `cache` (piece text → symbols relative to the piece) is read and replaced. */
export function symbolsOf(text: string, cache: Map<string, DocumentSymbol[]>): DocumentSymbol[] {
  const pieces = text.length < SMALL_FILE_CHARS ? undefined : splitDocuments(text);
  if (!pieces || pieces.length < 2) return documentSymbols(parseFile(text));
  const next = new Map<string, DocumentSymbol[]>();
  const out: DocumentSymbol[] = [];
  pieces.forEach((piece, index) => {
    const key = `${index}\u0000${piece.text}`;
    const rel = next.get(key) ?? cache.get(key) ?? documentSymbols(parseFile(piece.text), index);
    next.set(key, rel);
    for (const s of rel) out.push({ ...s, range: shift(s.range, piece.line), selectionRange: shift(s.selectionRange, piece.line) });
  });
  cache.clear();
  for (const [k, v] of next) cache.set(k, v);
  return out;
}
