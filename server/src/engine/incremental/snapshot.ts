// What an open document knows about one text of it, for the requests about that very text (hover, completion,
// gate badges, quick fixes, the document schema): the version it is checked against, where each YAML document
// lies, and the whole text's walk (walks.ts: its documents' walks, placed). A request reads it instead
// of splitting, parsing or walking the text again. The snapshot of the last checked text comes from that check; a
// request about a newer text (the check is still to come) gets one made for it, whose parts are computed when a
// request first needs them. Either lives as long as its text is the document's latest.
import type { FileAnalysis } from '../check';
import type { CheckOptions } from '../check/options';
import type { KubeVersion } from '../base/types';
import { versionForText } from '../check/version-for-text';
import { splitDocuments, type Piece } from './pieces';

/** One YAML document of the text: its offsets and the line it starts on (at the start of that line). */
export interface DocumentSpan {
  index: number;
  start: number;
  end: number;
  line: number;
}

/** What a snapshot is made from: the check's results, or nothing but the text. */
interface SnapshotSource {
  version?: KubeVersion;
  /** The whole text's walk (documents without their trees). */
  analysis?: FileAnalysis;
}

/** A place in a snapshot for one kind of value a request derives from its text (the hovered document's tree,
 *  a fix's parsed document…), declared where that value is made: its type is fixed there. */
export class SnapshotSlot<T> {
  /** Only to tie the slot to its type. */
  declare private readonly type?: T;

  constructor(readonly name: string) {}

  get(snapshot: TextSnapshot): T | undefined {
    return snapshot.kept.get(this) as T | undefined;
  }

  set(snapshot: TextSnapshot, value: T): void {
    snapshot.kept.set(this, value);
  }
}

export class TextSnapshot {
  /** What requests derived from this text, by slot (SnapshotSlot), kept while the text is current. */
  readonly kept = new Map<SnapshotSlot<unknown>, unknown>();
  private spanList?: DocumentSpan[] | null;
  private versionValue?: KubeVersion;

  constructor(
    readonly text: string,
    /** The context of the requests it answers. */
    readonly context: CheckOptions,
    private readonly source: SnapshotSource = {},
  ) {}

  /** The whole text's walk, when the snapshot is the check's. */
  get analysis(): FileAnalysis | undefined {
    return this.source.analysis;
  }

  /** The version the text is checked against: its version comment, else the context's. */
  get version(): KubeVersion {
    return (this.versionValue ??= this.source.version ?? versionForText(this.text, this.context.version));
  }

  /** The YAML documents in order (span i is document i); undefined where the text cannot be cut at its `---` lines
   *  (pieces.ts) and no walk tells. */
  spans(): readonly DocumentSpan[] | undefined {
    if (this.spanList === undefined) {
      const { analysis } = this.source;
      const cut = analysis ? undefined : splitDocuments(this.text);
      this.spanList = (analysis ? spansOfAnalysis(analysis) : cut && spansOfPieces(cut)) ?? null;
    }
    return this.spanList ?? undefined;
  }

  /** The spans when they are known to be the parser's documents (the check's walk); a cut made for a request
   *  alone is not (a quote left open in broken YAML runs past a `---` line). */
  documentSpans(): readonly DocumentSpan[] | undefined {
    return this.source.analysis ? this.spans() : undefined;
  }

  /** The documents' texts with their first lines (pieces.ts), as `spans` cuts the text. */
  pieces(): Piece[] | undefined {
    return keep(this, PIECES, () => this.spans()?.map((s) => ({ text: this.text.slice(s.start, s.end), line: s.line })));
  }

  /** Whether it answers requests about `text` under `context`. */
  isFor(text: string, context: CheckOptions): boolean {
    return this.text === text && this.context === context;
  }
}

/** A value derived from the snapshot's text, made once per slot. */
export function keep<T>(snapshot: TextSnapshot, slot: SnapshotSlot<T>, make: () => T): T {
  if (!snapshot.kept.has(slot)) slot.set(snapshot, make());
  return slot.get(snapshot) as T;
}

const PIECES = new SnapshotSlot<Piece[] | undefined>('pieces');

/** The spans of a walked text: its parsed documents, when each starts a line. */
function spansOfAnalysis(analysis: FileAnalysis): DocumentSpan[] | undefined {
  const { text } = analysis.parsed;
  const spans: DocumentSpan[] = [];
  for (const d of analysis.parsed.documents) {
    if (d.start > 0 && text[d.start - 1] !== '\n' && text[d.start - 1] !== '\r') return undefined;
    spans.push({ index: d.index, start: d.start, end: d.end, line: d.range.start.line });
  }
  return spans;
}

/** The spans of a text cut into pieces (pieces.ts: the pieces follow each other). */
function spansOfPieces(pieces: readonly Piece[]): DocumentSpan[] {
  let start = 0;
  return pieces.map((p, index) => {
    const span = { index, start, end: start + p.text.length, line: p.line };
    start = span.end;
    return span;
  });
}

/** The span holding `line` (the last one starting at or before it), by binary search. */
export function spanAtLine(spans: readonly DocumentSpan[], line: number): DocumentSpan | undefined {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.line <= line) lo = mid + 1;
    else hi = mid;
  }
  return spans[lo - 1];
}

/** Offset where `line` starts when the snapshot tells without reading the text: the walk's line table (which
 *  counts lines as every request does). */
export function lineStartIn(snapshot: TextSnapshot, line: number): number | undefined {
  const starts = snapshot.analysis?.parsed.lineCounter.lineStarts;
  return starts && line >= 0 && line < starts.length ? starts[line] : undefined;
}
