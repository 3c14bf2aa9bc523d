// Document symbols: the engine's outline of the file (engine/features/outline.ts: one entry per YAML document, named
// `Kind/name`), as LSP DocumentSymbols.
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver/node';
import { outlineOf, type OutlineCache } from '../engine';

/** Symbols of a file; `cache` (kept per document) lets a large file reuse its unchanged documents. */
export function symbolsOf(text: string, cache: OutlineCache): DocumentSymbol[] {
  return outlineOf(text, cache).map((e) => ({
    name: e.name,
    detail: e.detail,
    kind: SymbolKind.Object,
    range: e.range,
    selectionRange: e.selectionRange,
  }));
}
