// The notes on documents the engine does not read: one nested too deeply (parse/nesting.ts), and those after a
// file's many template documents (parse/parseFile.ts MAX_TEMPLATE_DOCUMENTS).
import { finding } from '../codes';
import type { Finding } from '../codes/finding';
import type { ParsedDocument } from '../model';
import { KUBECTL_MAX_NESTING } from '../parse/nesting';

/** The note on a document nested too deeply to be read (parse/nesting.ts). */
export function tooDeepNote(pdoc: ParsedDocument, deep: NonNullable<ParsedDocument['tooDeep']>): Finding {
  return finding('file-too-large', {
    message: `Not checked: this document nests deeper than ${deep.limit} levels of mappings and lists`,
    fix: 'Flatten the document, or split it.',
    detail: `Kubegate reads documents nested up to ${deep.limit} levels deep; kubectl reads up to ${KUBECTL_MAX_NESTING.toLocaleString('en-US')}. Nothing is said about what the API server does with this one.`,
    range: deep.range,
    document: pdoc.index,
    data: { rule: 'nesting', limit: deep.limit },
  });
}

/** The note on the first document left unread after the file's many template documents, or where the file's node
 *  budget ran out (parse/parseFile.ts, parse/nesting.ts). */
export function unreadNote(pdoc: ParsedDocument): Finding {
  const unread = pdoc.unread!;
  const { remaining } = unread;
  const start = pdoc.range.start;
  if (unread.rule === 'node-budget') {
    const limit = unread.nodes.toLocaleString('en-US');
    return finding('file-too-large', {
      message: `Not checked: this and the ${remaining - 1} documents after it come after the first ${limit} YAML nodes of the file`,
      fix: 'Split the file.',
      detail: `Kubegate reads at most ${limit} nodes (scalars and collections) of one file, so that every file is checked within a bounded memory.`,
      range: { start, end: { line: start.line, character: start.character + 3 } },
      document: pdoc.index,
      data: { rule: 'node-budget', limit: unread.nodes, unread: remaining },
    });
  }
  const { templateDocuments } = unread;
  return finding('file-too-large', {
    message: `Not checked: this and the ${remaining - 1} documents after it follow ${templateDocuments} documents with template markers ({{ … }})`,
    fix: 'Check the rendered output instead (e.g. helm template … | kubegate check -), or split the file.',
    detail: `Kubegate reads at most ${templateDocuments} documents with template markers in one file; none of them is checked, and parsing them costs far more than a plain document.`,
    range: { start, end: { line: start.line, character: start.character + 3 } },
    document: pdoc.index,
    data: { rule: 'template-documents', limit: templateDocuments, unread: remaining },
  });
}
