// Document symbols: one per YAML document, named `Kind/name` (or `Kind`, or `document N`).
import { isMap, isScalar, type Document } from 'yaml';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver/node';
import type { ParsedFile } from '../engine/model';
import { rangeOf } from '../engine/parse/ranges';

function scalarAt(doc: Document.Parsed, path: string[]): string | undefined {
  const node = doc.getIn(path, true);
  return isScalar(node) && node.value !== null && node.value !== undefined ? String(node.value) : undefined;
}

export function documentSymbols(parsed: ParsedFile): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  for (const d of parsed.documents) {
    if (!d.doc || !isMap(d.doc.contents)) continue;
    const kind = scalarAt(d.doc, ['kind']);
    const apiVersion = scalarAt(d.doc, ['apiVersion']);
    const name = scalarAt(d.doc, ['metadata', 'name']) ?? scalarAt(d.doc, ['metadata', 'generateName']);
    const namespace = scalarAt(d.doc, ['metadata', 'namespace']);
    const label = kind ? (name ? `${kind}/${name}` : kind) : `document ${d.index + 1}`;
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
