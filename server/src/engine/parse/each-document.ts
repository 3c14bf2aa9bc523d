// parseFile one document at a time, for a check: each document is handed over as soon as it is composed (and the
// next one has begun, which fixes where it ends), and only its ranges and errors are kept, so that the trees of a
// large file are never all alive at once. The same ParsedDocuments as parseFile, but without their trees.
import type { Document, LineCounter } from 'yaml';
import type { ParsedDocument, ParsedFile } from '../model';
import { mayExceedNodeBudget } from './node-budget';
import { addDuplicateKeyErrors, composeBlockDocuments, endBefore, FastPathGivesUp, hasParseProblems, toParsedDocument } from './parseFile';

/**
 * Hands every document of the text to `onDocument` in order, with its tree, then returns the file with the trees
 * dropped (`doc: null`). Undefined where the fast path gives up on the text (the package reads it whole; call
 * parseFile instead): documents may have been handed over by then, and the caller discards what it made of them.
 * Texts with template markers are not read here (their documents are marked together, parse/templates.ts), nor
 * texts over the node budget.
 */
export function eachDocument(
  text: string,
  lineCounter: LineCounter,
  onDocument: (pdoc: ParsedDocument, parsed: ParsedFile) => void,
): ParsedFile | undefined {
  // A text that may be past the file's node budget is parseFile's to count, and to list what it does not read.
  if (text.includes('{{') || mayExceedNodeBudget(text)) return undefined;
  const parsed: ParsedFile = { text, lineCounter, documents: [] };
  let previous: Document.Parsed | undefined;
  let previousEnd = 0;
  let handedOver = false;
  const finish = (doc: Document.Parsed, next: Document.Parsed | undefined) => {
    const start = previousEnd;
    const end = next ? Math.max(start, endBefore(text, doc, next)) : text.length;
    previousEnd = end;
    addDuplicateKeyErrors(doc);
    const pdoc = toParsedDocument(doc, parsed.documents.length, start, end, text, lineCounter);
    handedOver = true;
    onDocument(pdoc, parsed);
    handedOver = false;
    parsed.documents.push({ ...pdoc, doc: null });
  };
  try {
    const mode = composeBlockDocuments(text, (doc) => {
      // The first document with a problem: parseFile reads the text (parseFile.ts FastPathGivesUp).
      if (hasParseProblems(doc)) throw new FastPathGivesUp();
      if (previous) finish(previous, doc);
      previous = doc;
    });
    if (!mode) return undefined;
    if (previous) finish(previous, undefined);
  } catch (err) {
    // What the caller's onDocument throws is its own; the parser giving up (nesting deeper than the stack) is
    // parseFile's to report.
    if (handedOver) throw err;
    return undefined;
  }
  return parsed;
}
