// Text → ParsedFile: every YAML document of the stream with exact ranges, template detection and
// syntax errors (parse errors, duplicate keys, alias-limit errors). YAML 1.2 core, the package defaults.
import { LineCounter, YAMLParseError, isScalar, parseAllDocuments, visit, type Document } from 'yaml';
import type { ParsedDocument, ParsedFile } from '../model';
import type { Range } from '../types';
import { rangeOf } from './ranges';
import { isTemplatedDocument } from './templates';

export function parseFile(text: string): ParsedFile {
  // Line starts from the text itself: the parser's own LineCounter misses the line breaks inside tokens it
  // rejects (e.g. `v1\n  replicas` after a stray BOM), which shifted every later range by a line.
  const lineCounter = textLineCounter(text);
  let docs: Document.Parsed[];
  try {
    // Duplicate keys are found by addDuplicateKeyErrors below: the parser's own test compares every key with
    // every earlier one, which takes minutes on a mapping of 100 000 keys (a 20 MB file).
    docs = [...parseAllDocuments(text, { uniqueKeys: false })];
    for (const doc of docs) addDuplicateKeyErrors(doc);
  } catch (err) {
    // The parser itself gave up (e.g. nesting deeper than the stack): one document, one syntax error.
    return unparseableFile(text, lineCounter, err);
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

function textLineCounter(text: string): LineCounter {
  const lineCounter = new LineCounter();
  lineCounter.addNewLine(0);
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1);
  return lineCounter;
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
  // A stack overflow is reported once per level the parser unwinds: keep the first.
  const tooDeep = 'The document nests too deeply to be read (Maximum call stack size exceeded)';
  const errors = doc.errors
    .map((e) => ({
      message: /^Maximum call stack size exceeded/.test(e.message) ? tooDeep : firstLine(e.message),
      range: rangeOf(lineCounter, e.pos[0], Math.max(e.pos[1], e.pos[0])),
    }))
    .filter((e, i, all) => e.message !== tooDeep || all.findIndex((x) => x.message === tooDeep) === i);
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

/** The parser's DUPLICATE_KEY errors (same test: scalar keys with equal values), found in linear time and
 *  added to `doc.errors` in position order, so that everything reading `doc.errors` sees them as before.
 *  Each covers the whole repeated key (the parser's own marked its first character only). */
function addDuplicateKeyErrors(doc: Document.Parsed): void {
  const found: YAMLParseError[] = [];
  try {
    visit(doc, {
      Map(_key, map) {
        const seen = new Set<unknown>();
        for (const pair of map.items) {
          const k = pair.key;
          if (!isScalar(k) || (typeof k.value === 'number' && Number.isNaN(k.value))) continue;
          if (seen.has(k.value)) {
            const [at, end] = k.range ?? [0, 1];
            found.push(new YAMLParseError([at, Math.max(end, at + 1)], 'DUPLICATE_KEY', 'Map keys must be unique'));
          } else seen.add(k.value);
        }
        return undefined;
      },
    });
  } catch {
    // a tree too deep to visit: the parser has reported that already
  }
  if (found.length === 0) return;
  doc.errors.push(...found);
  doc.errors.sort((a, b) => a.pos[0] - b.pos[0]);
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

