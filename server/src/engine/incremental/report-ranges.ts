// Every range a report carries, moved in one place. The incremental checker moves reports between the lines of a
// joined text, of the file and of one piece (stored.ts); a range it forgets stays counted from the wrong start.
// A finding's own range moves with its piece; evidence that points into the same file (a config document of the
// file) moves with the piece it points into. The type checks below fail when Finding, Evidence or DocumentReport
// gain a field that holds a range or position: move it here as well, then list it.
import { THIS_FILE } from '../gates/evidence';
import type { DocumentReport, Evidence, Position, Range } from '../base/types';
import type { Finding } from '../codes/finding';

/** A range in other lines; undefined when it cannot be moved (a line outside the map). */
type MoveRange = (r: Range) => Range | undefined;

/** Moves a same-file evidence range; `j` is the evidence's index in `related`. */
type MoveEvidence = (r: Range, j: number) => Range | undefined;

/** Evidence pointing at a place in the checked file itself (its source names the file, or "this file" when the
 *  check had no file name: gates/evidence.ts). */
function isSameFileEvidence(e: Evidence, file: string | undefined): e is Evidence & { source: { type: 'file'; range: Range } } {
  return e.source.type === 'file' && e.source.file === (file ?? THIS_FILE);
}

/** The finding with every range moved: `own` for its range, `evidence` for same-file evidence (other evidence is
 *  kept). Undefined when one of them cannot be moved. */
export function moveFinding(f: Finding, file: string | undefined, own: MoveRange, evidence: MoveEvidence): Finding | undefined {
  const range = own(f.range);
  if (!range) return undefined;
  const out: Finding = { ...f, range };
  if (f.related) {
    const related: Evidence[] = [];
    for (let j = 0; j < f.related.length; j++) {
      const e = f.related[j]!;
      if (!isSameFileEvidence(e, file)) {
        related.push(e);
        continue;
      }
      const r = evidence(e.source.range, j);
      if (!r) return undefined;
      related.push({ ...e, source: { ...e.source, range: r } });
    }
    out.related = related;
  }
  return out;
}

/** The document with its range and those of its List items (at any depth) moved; undefined when one cannot be. */
export function moveDocument(d: DocumentReport, move: MoveRange): DocumentReport | undefined {
  const range = move(d.range);
  if (!range) return undefined;
  const out: DocumentReport = { ...d, range };
  if (d.items) {
    const items: DocumentReport[] = [];
    for (const item of d.items) {
      const moved = moveDocument(item, move);
      if (!moved) return undefined;
      items.push(moved);
    }
    out.items = items;
  }
  return out;
}

// Compile-time inventory of the fields that hold a range or position (through arrays, objects and unions, a few
// levels deep). Adding such a field to Finding or DocumentReport without listing it here fails `npm run typecheck`.
type Deeper = [never, 0, 1, 2, 3];
type HoldsRange<T, D extends number = 4> = [D] extends [never]
  ? false
  : T extends Range | Position
    ? true
    : T extends readonly (infer U)[]
      ? HoldsRange<U, Deeper[D]>
      : T extends object
        ? true extends { [K in keyof T]-?: HoldsRange<T[K], Deeper[D]> }[keyof T]
          ? true
          : false
        : false;
type RangeFields<T> = { [K in keyof T]-?: true extends HoldsRange<T[K]> ? K : never }[keyof T];

/** Finding: `range` (own), `related` (same-file evidence ranges): both moved by moveFinding. */
const FINDING_RANGE_FIELDS: Record<RangeFields<Finding>, true> = { range: true, related: true };
/** DocumentReport: `range` and `items` (their ranges): both moved by moveDocument. */
const DOCUMENT_RANGE_FIELDS: Record<RangeFields<DocumentReport>, true> = { range: true, items: true };
/** Evidence: `source` (the range of a file source): moved by moveFinding. */
const EVIDENCE_RANGE_FIELDS: Record<RangeFields<Evidence>, true> = { source: true };
void FINDING_RANGE_FIELDS;
void DOCUMENT_RANGE_FIELDS;
void EVIDENCE_RANGE_FIELDS;
