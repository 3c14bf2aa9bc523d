// Text → ParsedFile: every YAML document of the stream with exact ranges, template detection and
// syntax errors (parse errors, duplicate keys, alias-limit errors). YAML 1.2 core, the package defaults.
import { Composer, LineCounter, YAMLParseError, isAlias, isCollection, isMap, isPair, isScalar, isSeq, visit, type Document, type Node } from 'yaml';
import { blockCst, type BlockCstMode } from './block-cst';
import { documentMarkers } from './cut-documents';
import type { ParsedDocument, ParsedFile } from '../model';
import { unreadDocuments } from './unread-documents';
import type { Range } from '../base/types';
import { aliasIndex, eachNode } from './aliases';
import { rangeOf } from './ranges';
import { isTemplatedDocument, markTemplateBlockBodies } from './templates';
import { append } from '../base/append';
import { lineStarts } from '../base/line-index';
import { kubectlLines, loneCrAsLf } from './kubectl-lexical';
import { noteKey } from './kubectl-keys';
import { composeWithStandIns, givenUpAt, guardedParse, MAX_NESTING, tooDeepAt, tooDeepOffset } from './nesting';
import { MAX_FILE_NODES, nodeBudgetCap } from './node-budget';

/** `fastPath: false` when the caller already knows the fast path gives up on the text (engine/check/index.ts). */
export function parseFile(input: string, { fastPath = true }: { fastPath?: boolean } = {}): ParsedFile {
  // A lone CR ends a line, as kubectl reads it (kubectl-lexical.ts): the parser gets it as LF, offsets unchanged.
  const text = loneCrAsLf(input);
  // Line starts from the text itself: the parser's own LineCounter misses the line breaks inside tokens it
  // rejects (e.g. `v1\n  replicas` after a stray BOM), which shifted every later range by a line.
  const lineCounter = textLineCounter(text);
  // Files of many template documents (a chart's rendered-but-not-filled output, thousands of `{{ … }}` documents)
  // are read up to MAX_TEMPLATE_DOCUMENTS of them: the parser's errors on each cost far more than a plain
  // document, and none of them is checked. The documents after that are listed, not parsed (templateCap).
  const templates = text.includes('{{') ? templateCap(text) : undefined;
  // A file's node budget (node-budget.ts): the documents from the one where it runs out are listed, not parsed.
  const nodeCap = nodeBudgetCap(templates === undefined ? text : text.slice(0, templates));
  const head = text.slice(0, nodeCap ?? templates ?? text.length);
  let docs: Document.Parsed[];
  // The parser's errors are Error objects; their stack traces are never read and cost most of a template
  // document's parse (they are not captured while parsing: withoutStackTraces).
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    // Duplicate keys are found by addDuplicateKeyErrors below: the parser's own test compares every key with
    // every earlier one, which takes minutes on a mapping of 100 000 keys (a 20 MB file).
    // prettyErrors off: the package's pretty errors copy a slice of the line per error (a 100 KB line of `]`
    // took seconds); the ranges are ours anyway.
    // head is within the node budget already.
    docs = fastPath ? withoutStackTraces(() => parseDocumentsWithStacks(head)) : packageDocuments(head);
    for (const doc of docs) addDuplicateKeyErrors(doc);
  } catch (err) {
    // The parser itself gave up (e.g. nesting deeper than the stack): one document, one syntax error.
    return unparseableFile(text, lineCounter, err);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  const documents: ParsedDocument[] = [];
  let previousEnd = 0;
  docs.forEach((doc, index) => {
    const start = previousEnd;
    const end = index === docs.length - 1 ? head.length : Math.max(start, endBefore(text, doc, docs[index + 1]!));
    previousEnd = end;
    documents.push(toParsedDocument(doc, index, start, end, text, lineCounter));
  });
  if (nodeCap !== undefined) unreadDocuments(text, nodeCap, lineCounter, documents, { rule: 'node-budget', nodes: MAX_FILE_NODES });
  else if (templates !== undefined) unreadDocuments(text, templates, lineCounter, documents, { rule: 'template-documents', templateDocuments: MAX_TEMPLATE_DOCUMENTS });
  if (text.includes('{{')) markTemplateBlockBodies(documents, text);
  return { text, lineCounter, documents };
}

const PARSE_OPTIONS = { uniqueKeys: false, prettyErrors: false } as const;

/** Documents with template markers read in one file; the later documents are listed unread. */
export const MAX_TEMPLATE_DOCUMENTS = 500;

/** Where parseFile stops reading a text (its template and node bounds), else its length: what reads the text again
 *  (the fixes) reads no further, so a file over a bound costs no more there than in the check. */
export function readEnd(input: string): number {
  const text = loneCrAsLf(input);
  const templates = text.includes('{{') ? templateCap(text) : undefined;
  return nodeBudgetCap(templates === undefined ? text : text.slice(0, templates)) ?? templates ?? text.length;
}

/** Where the document after the MAX_TEMPLATE_DOCUMENTS-th one holding `{{` starts (its `---` line), or undefined
 *  when the file has no more than that. Linear in the text. */
function templateCap(text: string): number | undefined {
  let templates = 0;
  let start = 0;
  const count = (end: number) => {
    const at = text.indexOf('{{', start);
    if (at >= 0 && at < end) templates++;
  };
  // The text's lone CRs are LFs already (parseFile): its lines are the ones cut-documents.ts counts.
  for (const at of documentMarkers(text)) {
    count(at);
    if (templates >= MAX_TEMPLATE_DOCUMENTS && at > 0) return at;
    start = at;
  }
  return undefined;
}

/** The documents of a text as the package's parseAllDocuments gives them (and the line starts in `lineCounter`, when
 *  given). The CST tokens of plain block documents, the shape of most manifests, come from blockCst, several times
 *  faster than the package's lexer; the package composes the documents. */
/** `run` with the stack traces of new Error objects off: the parser makes an error object per problem, and
 *  capturing its stack cost more than the rest of the parse of a broken document (they are never read). */
function withoutStackTraces<T>(run: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return run();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The documents of a text read for what it gives other files (its CRDs, its gate configs): up to the file's node
 *  budget, as parseFile reads it (node-budget.ts); the documents after that are not read. */
export function parseDocuments(text: string, lineCounter?: LineCounter): Document.Parsed[] {
  const cap = nodeBudgetCap(text);
  return withoutStackTraces(() => parseDocumentsWithStacks(cap === undefined ? text : text.slice(0, cap), lineCounter));
}

/** Thrown to stop the fast path at the first document with a problem: the package reads the whole text then. */
export class FastPathGivesUp extends Error {}

function parseDocumentsWithStacks(text: string, lineCounter?: LineCounter): Document.Parsed[] {
  const docs: Document.Parsed[] = [];
  let mode: BlockCstMode | undefined;
  try {
    // A document with a problem almost always comes from a text the fast path leaves to the package ('mixed'):
    // the rest of the text is not tokenized and composed for nothing. (The package's documents are the
    // reference the fast path matches, so giving up is always right, only slower.)
    mode = composeBlockDocuments(text, (doc) => {
      if (hasParseProblems(doc)) throw new FastPathGivesUp();
      docs.push(doc);
    });
  } catch (err) {
    if (!(err instanceof FastPathGivesUp)) throw err;
    return packageDocuments(text, lineCounter);
  }
  if (!mode) return packageDocuments(text, lineCounter);
  if (lineCounter) for (const start of lineStarts(text)) lineCounter.addNewLine(start);
  return docs;
}

/** The package's parseAllDocuments alone (its Parser and Composer), but with an empty stand-in for a document
 *  nested too deeply (parse/nesting.ts). */
function packageDocuments(text: string, lineCounter?: LineCounter): Document.Parsed[] {
  // The parser reads the lines go-yaml reads (kubectlLines); where they are not LSP's, the line starts are
  // counted on the text itself.
  const source = kubectlLines(text);
  const own = source === text ? lineCounter : undefined;
  const docs = withoutStackTraces(() => composeWithStandIns(guardedParse(source, own?.addNewLine), new Composer(PARSE_OPTIONS), text.length));
  if (lineCounter && !own) for (const start of lineStarts(text)) lineCounter.addNewLine(start);
  parseStats.documents += docs.length;
  return docs;
}

/** Work done by the parser in this process (YAML documents composed), for `kubegate check --stats` and tests that
 *  assert what a check read. */
export const parseStats = { documents: 0 };

/** The fast path: blockCst's tokens composed by the package, each document handed over as soon as it is composed.
 *  Undefined where the text is left to the package; with 'mixed', the documents stand only when none has a
 *  problem (hasParseProblems), else the whole text goes to the package (see blockCst). */
export function composeBlockDocuments(text: string, onDocument: (doc: Document.Parsed) => void): BlockCstMode | undefined {
  const composer = new Composer(PARSE_OPTIONS);
  // Composing without stack traces (withoutStackTraces); what onDocument does keeps them. The lines are go-yaml's
  // (kubectlLines), the offsets the text's.
  const mode = blockCst(kubectlLines(text), (token) => {
    // A document nested too deeply is the package path's to stand in for (packageDocuments).
    if (token.type === 'document' && (givenUpAt(token) !== undefined || tooDeepOffset(token) !== undefined)) throw new FastPathGivesUp();
    for (const doc of withoutStackTraces(() => [...composer.next(token)])) {
      parseStats.documents++;
      onDocument(doc as Document.Parsed);
    }
  });
  if (mode) {
    for (const doc of withoutStackTraces(() => [...composer.end()])) {
      parseStats.documents++;
      onDocument(doc as Document.Parsed);
    }
  }
  return mode;
}

/** Errors or warnings of the parser itself (before the duplicate-key errors are added). */
export function hasParseProblems(doc: Document.Parsed): boolean {
  return doc.errors.length > 0 || doc.warnings.length > 0;
}

/** Where a document that another one follows ends. The parser ends a document with no content (`---` and
 *  nothing else) right after its marker, where one with content ends at the next document's `---` line: the
 *  rest of the marker's line and the blank lines below are then left to the next document, which started
 *  mid-line (`---\n---\nkind: Pod` gave it the range from the end of the first `---`), unlike every other
 *  document and unlike the incremental check (engine/incremental), which cuts the file at its `---` lines. White
 *  space between two documents belongs to the one before, as it does after a document with content. */
export function endBefore(text: string, doc: Document.Parsed, next: Document.Parsed): number {
  const end = doc.range[2];
  const nextStart = next.range[0];
  return nextStart > end && /^[ \t\r\n]*$/.test(text.slice(end, nextStart)) ? nextStart : end;
}

export function textLineCounter(text: string): LineCounter {
  const lineCounter = new LineCounter();
  // Lines as LSP counts them: a lone CR ends a line too (editors show it so), as do LF and CR LF.
  for (const start of lineStarts(text)) lineCounter.addNewLine(start);
  return lineCounter;
}

export function toParsedDocument(
  doc: Document.Parsed,
  index: number,
  start: number,
  end: number,
  text: string,
  lineCounter: LineCounter,
): ParsedDocument {
  const range = rangeOf(lineCounter, start, end);
  const deep = tooDeepAt(doc);
  if (deep !== undefined) {
    return { index, doc: null, range, start, end, templated: false, errors: [], tooDeep: { limit: MAX_NESTING, range: rangeOf(lineCounter, deep, deep + 1) } };
  }
  // A stack overflow is reported once per level the parser unwinds: keep the first.
  const tooDeep = 'The document nests too deeply to be read (Maximum call stack size exceeded)';
  acceptKubectlEscapes(doc, text);
  const errors = doc.errors
    .map((e) => ({
      message: /^Maximum call stack size exceeded/.test(e.message) ? tooDeep : firstLine(e.message),
      range: rangeOf(lineCounter, e.pos[0], Math.max(e.pos[1], e.pos[0])),
    }))
    .filter((e, i, all) => e.message !== tooDeep || all.findIndex((x) => x.message === tooDeep) === i);
  skipLineStartBom(doc, text);
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
export function addDuplicateKeyErrors(doc: Document.Parsed): void {
  const found: YAMLParseError[] = [];
  // Every node of the tree, keys included, from a stack (no recursion, however deep the tree): the package's
  // visit() copies the path of every node it passes, most of the cost of this pass over a large file.
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        stack.push(pair.key, pair.value);
        const k = pair.key;
        if (!isScalar(k)) {
          // A list or a mapping as a key: kubectl refuses the document (kubectl-keys.ts).
          if (k !== null) noteKey(doc, k);
          continue;
        }
        if (typeof k.value === 'number' && Number.isNaN(k.value)) continue;
        if (seen.has(k.value)) {
          const [at, end] = k.range ?? [0, 1];
          found.push(new YAMLParseError([at, Math.max(end, at + 1)], 'DUPLICATE_KEY', 'Map keys must be unique'));
        } else seen.add(k.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item);
    } else if (isPair(node)) stack.push(node.key, node.value);
  }
  if (found.length === 0) return;
  append(doc.errors, found);
  doc.errors.sort((a, b) => a.pos[0] - b.pos[0]);
}

function hasAlias(doc: Document.Parsed): boolean {
  let found = false;
  eachNode(doc, (node) => (found = isAlias(node)));
  return found;
}

/** Aliases may expand a document to at most this many times its own nodes (plus a fixed allowance). */
const ALIAS_EXPANSION_FACTOR = 10;
const ALIAS_EXPANSION_ALLOWANCE = 100_000;

/** Alias bombs as a syntax error, in linear time: each node's size with its aliases expanded is computed once
 *  (anchors resolved in one pass, in document order like the parser); a document whose expansion exceeds the
 *  bound is not read further. (The package's own limit check walks the whole document once per alias.) */
function aliasLimitError(doc: Document.Parsed): string | undefined {
  const { sources: sourceOf, nodes: physical } = aliasIndex(doc);
  for (const [alias, source] of sourceOf) if (!source) return `The alias *${alias.source} names no anchor defined before it`;
  const limit = physical * ALIAS_EXPANSION_FACTOR + ALIAS_EXPANSION_ALLOWANCE;
  const sizes = new Map<Node, number>();
  const sizeOf = (node: unknown): number => {
    if (!node || typeof node !== 'object') return node === null || node === undefined ? 0 : 1;
    const known = sizes.get(node as Node);
    if (known !== undefined) return known;
    sizes.set(node as Node, 1); // a node reached again through its own alias (a cycle) counts once
    let size = 1;
    if (isAlias(node)) size = sourceOf.has(node) ? sizeOf(sourceOf.get(node)) : 1;
    else if (isCollection(node)) {
      for (const item of node.items) {
        size += isPair(item) ? sizeOf(item.key) + sizeOf(item.value) : sizeOf(item);
        if (size > limit) break;
      }
    }
    sizes.set(node as Node, size);
    return size;
  };
  const expanded = sizeOf(doc.contents);
  if (expanded <= limit) return undefined;
  return `Its aliases expand this document to more than ${limit} nodes (an alias bomb?)`;
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

/**
 * kubectl's YAML reader (go-yaml v2) accepts `\'` inside a double-quoted scalar as a single quote; YAML 1.2 does
 * not. Such escape errors are dropped and the scalar's value gets the quote, as kubectl reads it.
 */
function acceptKubectlEscapes(doc: Document.Parsed, text: string): void {
  const isQuoteEscape = (e: YAMLParseError) => e.code === 'BAD_DQ_ESCAPE' && text.slice(e.pos[0], e.pos[0] + 2) === "\\'";
  if (!doc.errors.some(isQuoteEscape)) return;
  doc.errors = doc.errors.filter((e) => !isQuoteEscape(e));
  visit(doc, {
    Scalar(_, node) {
      if (node.type === 'QUOTE_DOUBLE' && typeof node.value === 'string' && node.value.includes("\\'")) {
        node.value = node.value.replace(/\\'/g, "'");
      }
    },
  });
}

/** A byte order mark opening a line is skipped, as go-yaml's scanner does (kubectl-lexical.ts): a document whose
 *  first key starts with one (a later document opening with a BOM) reads its key without it. */
function skipLineStartBom(doc: Document.Parsed, text: string): void {
  const contents = doc.contents;
  if (!contents || !isCollection(contents) || !('items' in contents)) return;
  const first = (contents.items as unknown[])[0];
  const key = isPair(first) ? first.key : undefined;
  if (!isScalar(key) || typeof key.value !== 'string' || !key.value.startsWith('\uFEFF') || !key.range) return;
  const at = key.range[0];
  if (text.charCodeAt(at) !== 0xfeff || (at > 0 && text[at - 1] !== '\n' && text[at - 1] !== '\r')) return;
  key.value = key.value.slice(1);
  key.range = [at + 1, key.range[1], key.range[2]];
  if (contents.range) contents.range = [at + 1, contents.range[1], contents.range[2]];
}
