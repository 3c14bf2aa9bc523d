// The documents of a file that are listed without being parsed: after its many template documents (parseFile.ts
// MAX_TEMPLATE_DOCUMENTS) or from where its node budget runs out (node-budget.ts).
import type { LineCounter } from 'yaml';
import type { ParsedDocument, UnreadCause } from '../model';
import { documentMarkers } from './cut-documents';
import { rangeOf } from './ranges';

/** The documents from `cap` (a line start) on, one per `---` line, not parsed: `unread` says why (and the first one
 *  carries the note). */
export function unreadDocuments(text: string, cap: number, lineCounter: LineCounter, documents: ParsedDocument[], why: UnreadCause): void {
  const starts = documentMarkers(text, cap);
  if (starts[0] !== cap) starts.unshift(cap);
  starts.forEach((start, i) => {
    const end = starts[i + 1] ?? text.length;
    documents.push({
      index: documents.length,
      doc: null,
      range: rangeOf(lineCounter, start, end),
      start,
      end,
      templated: false,
      errors: [],
      unread: { first: i === 0, remaining: starts.length, ...why },
    });
  });
}
