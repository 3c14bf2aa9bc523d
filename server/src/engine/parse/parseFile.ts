// Text → ParsedFile: every YAML document of the stream with exact ranges, template detection and
// syntax errors (parse errors, duplicate keys, alias-limit errors). YAML 1.2 core, the package defaults.
import { LineCounter, isScalar, parseAllDocuments, visit, type Document } from 'yaml';
import type { ParsedDocument, ParsedFile } from '../model';
import type { Range } from '../types';
import { rangeOf } from './ranges';
import { isTemplatedDocument } from './templates';

export function parseFile(text: string): ParsedFile {
  const lineCounter = new LineCounter();
  let docs: Document.Parsed[];
  try {
    docs = [...parseAllDocuments(text, { lineCounter })];
  } catch (err) {
    // The parser itself gave up (e.g. nesting deeper than the stack): one document, one syntax error.
    const fresh = new LineCounter();
    fresh.addNewLine(0);
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) fresh.addNewLine(i + 1);
    return unparseableFile(text, fresh, err);
  }
  const documents: ParsedDocument[] = [];
  let previousEnd = 0;
  docs.forEach((doc, index) => {
    const start = previousEnd;
    const end = index === docs.length - 1 ? text.length : Math.max(start, doc.range[2]);
    previousEnd = end;
    documents.push(toParsedDocument(doc, index, start, end, text, lineCounter));
  });
  return { text, lineCounter, documents };
}

function toParsedDocument(
  doc: Document.Parsed,
  index: number,
  start: number,
  end: number,
  text: string,
  lineCounter: LineCounter,
): ParsedDocument {
  const range = rangeOf(lineCounter, start, end);
  const errors = doc.errors.map((e) => ({
    message: firstLine(e.message),
    range: rangeOf(lineCounter, e.pos[0], Math.max(e.pos[1], e.pos[0])),
  }));
  let templated = false;
  try {
    const docText = text.slice(start, end);
    templated = isTemplatedDocument(doc, text, docText);
    if (errors.length === 0 && !templated && docText.includes('*') && hasAlias(doc)) {
      const limitError = aliasLimitError(doc);
      if (limitError) errors.push({ message: limitError, range: contentRange(doc, lineCounter, range) });
    }
  } catch (err) {
    // Visiting the tree overflowed the stack (absurdly deep nesting): the document cannot be checked.
    errors.push({
      message: `The document nests too deeply to be checked (${err instanceof Error ? err.message : String(err)})`,
      range: contentRange(doc, lineCounter, range),
    });
  }
  const empty = errors.length === 0 && isEmptyDocument(doc);
  return { index, doc: empty ? null : doc, range, start, end, templated, errors };
}

/** Only comments or a stray `---`: no content node, or an implicit null scalar with no source. */
function isEmptyDocument(doc: Document.Parsed): boolean {
  const c = doc.contents;
  if (c === null || c === undefined) return true;
  return (
    isScalar(c) &&
    c.value === null &&
    !c.anchor &&
    !c.tag &&
    !!c.range &&
    c.range[0] === c.range[1]
  );
}

function hasAlias(doc: Document.Parsed): boolean {
  let found = false;
  visit(doc, {
    Alias() {
      found = true;
      return visit.BREAK;
    },
  });
  return found;
}

/** Converting with the package's default limits rejects alias bombs; report that as a syntax error. */
function aliasLimitError(doc: Document.Parsed): string | undefined {
  try {
    doc.toJS({ mapAsMap: true });
    return undefined;
  } catch (err) {
    return `The document cannot be read within the YAML limits: ${err instanceof Error ? err.message : String(err)}`;
  }
}

function contentRange(doc: Document.Parsed, lineCounter: LineCounter, fallback: Range): Range {
  const r = doc.contents?.range;
  return r ? rangeOf(lineCounter, r[0], r[1]) : fallback;
}

function unparseableFile(text: string, lineCounter: LineCounter, err: unknown): ParsedFile {
  const range = rangeOf(lineCounter, 0, text.length);
  const reason = err instanceof Error ? err.message : String(err);
  return {
    text,
    lineCounter,
    documents: [
      {
        index: 0,
        doc: null,
        range,
        start: 0,
        end: text.length,
        templated: false,
        errors: [{ message: `The YAML parser could not read this file: ${reason}`, range }],
      },
    ],
  };
}

function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, '');
}

