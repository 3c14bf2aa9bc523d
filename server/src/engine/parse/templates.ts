// Go/Helm template detection by where `{{` stands: a document is a template when a template engine shapes its
// YAML there — in a key, at the start of a line or of a value (`replicas: {{ .Values.n }}`, which YAML reads as a
// flow mapping), or inside a one-word plain value (`image: repo/app:{{ .Values.tag }}`) — or when the document
// contains `{{` and does not parse. `{{` inside text is data: quoted strings, block scalars, comments, and a plain
// value of several words (`description: Pod {{ $labels.pod }} is down`, a Prometheus alert template applied as
// it is). A file under a chart's `templates/` folder is a template whatever it holds (check/place.ts). The same goes
// for `${NAME}` placeholders of envsubst or a shell script: a template where one makes a one-word value.
import { visit, type Document } from 'yaml';

const MARKER = '{{';
/** A `{{ … }}` action (up to its closing braces, or the end of the scalar). */
const ACTION = /\{\{[\s\S]*?(?:\}\}|$)/g;

/** Whether a plain scalar's source is shaped by a template: `{{` opens one of its lines, or the scalar is a single
 *  word once its actions are taken out (text has white space between its words). */
function shapedByTemplate(source: string, isKey: boolean): boolean {
  if (!source.includes(MARKER)) return false;
  if (isKey) return true;
  if (/(?:^|\n)[ \t]*\{\{/.test(source)) return true;
  return !/\s/.test(source.replace(ACTION, ''));
}

/** A `${NAME}` placeholder (envsubst, a shell: `${NAME:-default}`) that shapes a plain value or key: the whole of a
 *  one-word value (`namespace: ${NAMESPACE}`, `name: web-${ENV}`). In text of several words it is data. */
const PLACEHOLDER = /\$\{[A-Za-z_][A-Za-z0-9_]*(?::?[-=?+][^}]*)?\}/;

function shapedByPlaceholder(source: string): boolean {
  return source.includes('${') && !/\s/.test(source) && PLACEHOLDER.test(source);
}

function hasTemplateMarker(doc: Document.Parsed, text: string): boolean {
  let found = false;
  visit(doc, {
    Scalar(key, node) {
      if (node.type !== 'PLAIN' || !node.range) return undefined;
      const source = text.slice(node.range[0], node.range[1]);
      if (shapedByTemplate(source, key === 'key') || shapedByPlaceholder(source)) {
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
  const actions = docText.includes(MARKER);
  if (!actions && !docText.includes('${')) return false;
  // A document with `{{` that does not parse is a template; one with only placeholders keeps its syntax errors.
  if (doc.errors.length > 0) return actions;
  return hasTemplateMarker(doc, text);
}

/** Whether a templated document's markers are `${…}` placeholders only (no `{{`): for its note. */
export function placeholdersOnly(docText: string): boolean {
  return !docText.includes(MARKER);
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
