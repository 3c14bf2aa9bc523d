// Go/Helm template detection: a document is a template when `{{` occurs in a key or a
// plain (unquoted) scalar, or when the document contains `{{` and does not parse. `{{` inside quoted
// strings, block scalars and comments is data.
//
// One addition to the corpus rule: an unquoted `{{ … }}` value can parse as two nested flow mappings
// (`image: {{ .Values.image }}`); a flow mapping whose text starts with `{{` is also a template marker.
import { visit, type Document } from 'yaml';

const MARKER = '{{';

function hasTemplateMarker(doc: Document.Parsed, text: string): boolean {
  let found = false;
  visit(doc, {
    Scalar(_key, node) {
      if (node.type !== 'PLAIN' || !node.range) return undefined;
      if (text.slice(node.range[0], node.range[1]).includes(MARKER)) {
        found = true;
        return visit.BREAK;
      }
      return undefined;
    },
    Map(_key, node) {
      if (node.flow && node.range && text.startsWith(MARKER, node.range[0])) {
        found = true;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** The template test for one document (its own text slice and parse result). */
export function isTemplatedDocument(doc: Document.Parsed, text: string, docText: string): boolean {
  if (!docText.includes(MARKER)) return false;
  if (doc.errors.length > 0) return true;
  return hasTemplateMarker(doc, text);
}

// A template block (`{{ range }}`, `{{ if }}`, `{{ with }}`, `{{ define }}`, `{{ block }}` … `{{ end }}`) may
// span YAML documents: a chart's first document ends in `{{- range … }}` and the next documents are the body
// the range repeats. Those documents are template output, not YAML to check, even when they parse or hold no
// `{{` of their own. Only actions in documents that are templates themselves count (`{{` in quoted strings,
// block scalars and comments of a plain document is data).
const OPEN_ACTION = /\{\{-?\s*(?:range|if|with|define|block)\b/g;
const END_ACTION = /\{\{-?\s*end\b/g;

/** Change of block depth over one document's text. */
function templateBlockBalance(docText: string): number {
  return (docText.match(OPEN_ACTION)?.length ?? 0) - (docText.match(END_ACTION)?.length ?? 0);
}

/** Marks the non-empty documents that lie inside a template block opened by an earlier templated document. */
export function markTemplateBlockBodies(
  documents: { templated: boolean; start: number; end: number; doc: unknown; errors: unknown[] }[],
  text: string,
): void {
  let depth = 0;
  for (const d of documents) {
    if (depth > 0 && !d.templated && (d.doc !== null || d.errors.length > 0)) d.templated = true;
    if (d.templated) depth = Math.max(0, depth + templateBlockBalance(text.slice(d.start, d.end)));
  }
}

/** Whether a text holds a template block action (the language server then checks the file in one piece). */
export function hasTemplateBlock(text: string): boolean {
  return /\{\{-?\s*(?:range|if|with|define|block)\b/.test(text);
}
