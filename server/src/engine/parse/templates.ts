// Go/Helm template detection (corpus rule 2): a document is a template when `{{` occurs in a key or a
// plain (unquoted) scalar, or when the document contains `{{` and does not parse. `{{` inside quoted
// strings, block scalars and comments is data.
//
// One addition to the corpus rule: an unquoted `{{ … }}` value can parse as two nested flow mappings
// (`image: {{ .Values.image }}`); a flow mapping whose text starts with `{{` is also a template marker.
import { visit, type Document } from 'yaml';

const MARKER = '{{';

export function hasTemplateMarker(doc: Document.Parsed, text: string): boolean {
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

/** Template test of rule 2 for one document (its own text slice and parse result). */
export function isTemplatedDocument(doc: Document.Parsed, text: string, docText: string): boolean {
  if (!docText.includes(MARKER)) return false;
  if (doc.errors.length > 0) return true;
  return hasTemplateMarker(doc, text);
}

