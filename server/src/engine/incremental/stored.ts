// Moving reports between coordinates: a report of a joined text into file coordinates (place), and a report in
// file coordinates into per-piece results relative to each piece (store), which are cached and moved back into
// place when the piece starts on another line (unstore). Which ranges a report holds is report-ranges.ts's
// business: every move here goes through moveFinding and moveDocument.
import { lineCount } from '../base/line-index';
import type { DocumentReport, Range } from '../base/types';
import type { FileReport, Finding } from '../codes/finding';
import { mapRange, shiftRange, type LineMap } from './line-map';
import { pieceOfLine, type Piece } from './pieces';
import { moveDocument, moveFinding } from './report-ranges';

/** One piece's results relative to the piece (lines from its first line, document 0). Related information
 *  pointing into the file's own config pieces is kept as (config ordinal, line from that piece's start). */
export interface Stored {
  documents: DocumentReport[];
  findings: { finding: Finding; anchors?: (number | undefined)[] }[];
}

const shiftBy =
  (lines: number) =>
  (r: Range): Range =>
    shiftRange(r, lines);

/** Moves a report of a joined text into file coordinates: `map` for the findings and documents of the wanted piece
 *  (others are dropped), `evidenceMap` for related information that points into the same file. `onLost` is called
 *  for a document or finding of the wanted piece with a range that reaches past the maps (the cut is unsure). */
export function place(
  report: FileReport,
  map: LineMap,
  evidenceMap: LineMap,
  docIndex: (i: number) => number | undefined,
  file: string | undefined,
  onLost: () => void = () => undefined,
): FileReport {
  const documents: DocumentReport[] = [];
  const findings: Finding[] = [];
  const own = (r: Range) => mapRange(map, r);
  const evidence = (r: Range) => mapRange(evidenceMap, r);
  for (const d of report.documents) {
    const index = docIndex(d.index);
    if (index === undefined) continue;
    const moved = moveDocument(d, own);
    if (!moved) {
      onLost();
      continue;
    }
    documents.push({ ...moved, index });
  }
  for (const f of report.findings) {
    const index = f.document === undefined ? undefined : docIndex(f.document);
    if (f.document !== undefined && index === undefined) continue;
    // A finding of no document is kept when it lies in the wanted piece.
    if (index === undefined && !own(f.range)) continue;
    const moved = moveFinding(f, file, own, evidence);
    if (!moved) {
      onLost();
      continue;
    }
    if (index !== undefined) moved.document = index;
    findings.push(moved);
  }
  return { documents, findings };
}

/** Splits a report in file coordinates into per-piece stored results. */
export function store(report: FileReport, pieces: Piece[], configs: Piece[], file: string | undefined): Stored[] {
  const out: Stored[] = pieces.map(() => ({ documents: [], findings: [] }));
  for (const d of report.documents) {
    const target = out[d.index];
    const moved = target && moveDocument(d, shiftBy(-pieces[d.index]!.line));
    if (moved) target.documents.push({ ...moved, index: 0 });
  }
  // The config piece holding a line (-1 when none): the last one starting at or before it, if it reaches it.
  const lastLines: number[] = [];
  const configOf = (line: number): number => {
    const k = pieceOfLine(configs, line);
    if (k < 0) return -1;
    lastLines[k] ??= configs[k]!.line + lineCount(configs[k]!.text) - 1;
    return line <= lastLines[k]! ? k : -1;
  };
  for (const f of report.findings) {
    const at = f.document ?? pieceOfLine(pieces, f.range.start.line);
    const target = out[at];
    if (!target) continue;
    const anchors: (number | undefined)[] | undefined = f.related?.map(() => undefined);
    // Evidence in a config piece is kept relative to that piece (which may move on its own); evidence elsewhere
    // (never seen: only config documents set gates) keeps its file lines.
    const finding = moveFinding(f, file, shiftBy(-pieces[at]!.line), (r, j) => {
      const k = configOf(r.start.line);
      anchors![j] = k >= 0 ? k : undefined;
      return k >= 0 ? shiftRange(r, -configs[k]!.line) : r;
    })!;
    if (f.document !== undefined) finding.document = 0;
    target.findings.push(anchors ? { finding, anchors } : { finding });
  }
  return out;
}

/** A stored piece's results in file coordinates, as document `index` of the file. */
export function unstore(s: Stored, piece: Piece, index: number, configs: Piece[], file: string | undefined): FileReport {
  const documents = s.documents.map((d) => ({ ...moveDocument(d, shiftBy(piece.line))!, index }));
  const findings = s.findings.map(({ finding, anchors }) => {
    const f = moveFinding(finding, file, shiftBy(piece.line), (r, j) => {
      const k = anchors?.[j];
      return k === undefined ? r : shiftRange(r, configs[k]!.line);
    })!;
    if (finding.document !== undefined) f.document = index;
    return f;
  });
  return { documents, findings };
}
