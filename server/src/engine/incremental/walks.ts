// Walks only the YAML documents that changed. The walk of a document reads nothing of the other documents (gate
// state is the gate step's business, check.ts reportOf), so a file cut at its `---` lines into one piece per YAML
// document (pieces.ts) is walked piece by piece: each piece's walk is kept relative to the piece, keyed by its
// text, and placed at the piece's index, offset and line wherever it has moved (place.ts). The placed walks make
// the whole file's walk, which the gate step turns into the report of the whole-file check
// (tests/engine/incremental.test.ts compares them). Where the cut is unsure (pieces.ts: `...` markers, `%`
// directives, a template block, a version comment below the first lines) or a piece's walk says so (a syntax
// error, a template: its document may not be the parser's), the whole text is walked in one call.
import { walkDocumentText, walkText, type FileAnalysis } from '../check';
import type { Directives, DisableRule } from '../check/directives';
import type { DocumentAnalysis, ParsedDocument, ParsedFile } from '../model';
import type { CheckOptions } from '../check/options';
import { textLineCounter } from '../parse/parseFile';
import type { FileReport } from '../codes/finding';
import { append } from '../base/append';
import { splitDocuments, type Piece } from './pieces';
import { shiftWalk, type DocumentWalk, type Shift } from './place';

export interface WalkOptions {
  /** With more pieces than this to walk, the whole text is walked in one call and its documents kept per piece
   *  (one walk of many documents costs less than as many walks of one). */
  wholeAbove?: number;
}

/** What the walk reads besides a document's text: version, file, kustomize facts and the CRD catalog. */
interface WalkInputs {
  key: string;
  crds: CheckOptions['crds'];
}

/** A piece's key in the cache: its text, and whether another document follows it (the parser may read the end of
 *  a document differently before a `---`, so a piece followed by one is walked with one after it). */
const keyOf = (piece: Piece, followed: boolean) => (followed ? `F${piece.text}` : `L${piece.text}`);
const FOLLOWER = '---\n';

export class DocumentWalks {
  /** The walks of the last text's pieces. (Keeping the text before it too, so that an undone edit walks nothing,
   *  was measured: 3 MB more peak memory on a 10k-line file, for one document's walk saved.) */
  private cache = new Map<string, DocumentWalk>();
  private inputs?: WalkInputs;
  private readonly wholeAbove: number;
  /** Where each kept walk was placed last, and the placed walk (reused while the document keeps its place). */
  private lastPlaced = new WeakMap<DocumentWalk, { by: Shift; walk: DocumentWalk }>();
  /** YAML documents walked so far (a piece walked alone, or each document of a whole-text walk): tests count them. */
  walked = 0;

  constructor(options: WalkOptions = {}) {
    this.wholeAbove = options.wholeAbove ?? 4;
  }

  /**
   * The walk of `text` under `reading` (the version, JSON and fragment reading already decided on the whole text:
   * open-document.ts readingOf), with `head` the directives of the text's first lines. JSON that does not parse
   * gives its report at once (as walkText).
   */
  walk(text: string, reading: CheckOptions, head: Directives): FileAnalysis | FileReport {
    const inputs = { key: JSON.stringify([reading.version, reading.file ?? null, reading.kustomize ?? null, reading.place ?? null]), crds: reading.crds };
    if (this.inputs?.key !== inputs.key || this.inputs.crds !== inputs.crds) {
      this.cache = new Map();
    }
    this.inputs = inputs;
    const pieces = reading.json ? undefined : splitDocuments(text);
    if (!pieces) return this.whole(text, reading);
    const keys = pieces.map((p, i) => keyOf(p, i < pieces.length - 1));
    const missing = keys.filter((k) => !this.cache.has(k)).length;
    if (missing > this.wholeAbove) return this.keepWhole(text, pieces, keys, reading);
    return this.placed(text, pieces, keys, reading, head) ?? this.whole(text, reading);
  }

  private whole(text: string, reading: CheckOptions): FileAnalysis | FileReport {
    const walked = walkText(text, reading);
    if (!('findings' in walked)) this.walked += walked.parsed.documents.length;
    return walked;
  }

  /** The file's walk made of its pieces' walks, undefined where a piece's walk is unsure. */
  private placed(text: string, pieces: Piece[], keys: string[], reading: CheckOptions, head: Directives): FileAnalysis | undefined {
    const next = new Map<string, DocumentWalk>();
    const documents: ParsedDocument[] = [];
    const analyses: DocumentAnalysis[] = [];
    const rules: DisableRule[] = [];
    let offset = 0;
    for (let index = 0; index < pieces.length; index++) {
      const piece = pieces[index]!;
      const key = keys[index]!;
      const own = next.get(key) ?? this.cache.get(key) ?? this.walkPiece(piece, index < pieces.length - 1, reading);
      if (!own) {
        // Walks kept so far stay valid (each is its piece's alone); the text is walked whole.
        for (const [k, w] of next) this.cache.set(k, w);
        return undefined;
      }
      next.set(key, own);
      const at = this.place(own, { index, offset, line: piece.line, file: reading.file });
      documents.push(at.parsed);
      if (at.analysis) analyses.push(at.analysis);
      append(rules, at.rules);
      offset += piece.text.length;
    }
    this.cache = next;
    let lineCounter: ParsedFile['lineCounter'] | undefined;
    // The line table of the whole text is made when a request reads it (the gate step does not).
    const parsed: ParsedFile = {
      text,
      get lineCounter() {
        return (lineCounter ??= textLineCounter(text));
      },
      documents,
    };
    return { parsed, directives: { ...head, rules }, version: reading.version, documents: analyses };
  }

  /** A kept walk placed: its last placement while the document keeps its index and lines (characters typed in a
   *  document above move only its offsets). */
  private place(own: DocumentWalk, by: Shift): DocumentWalk {
    const last = this.lastPlaced.get(own);
    let walk: DocumentWalk;
    if (last && last.by.index === by.index && last.by.line === by.line && last.by.file === by.file) {
      if (last.by.offset === by.offset) return last.walk;
      walk = { ...last.walk, parsed: shiftWalk({ parsed: own.parsed, rules: [] }, by).parsed };
    } else walk = shiftWalk(own, by);
    this.lastPlaced.set(own, { by, walk });
    return walk;
  }


  /** One piece walked alone, relative to itself; undefined when its walk is unsure. */
  private walkPiece(piece: Piece, followed: boolean, reading: CheckOptions): DocumentWalk | undefined {
    this.walked++;
    const walked = walkDocumentText(followed ? piece.text + FOLLOWER : piece.text, reading);
    const [first, ...rest] = walked.parsed.documents;
    // The piece is one document (and an empty one after it when followed), ending where the piece ends.
    if (!first || rest.length !== (followed ? 1 : 0) || first.start !== 0 || first.end !== piece.text.length) return undefined;
    const analysis = walked.documents[0];
    if (walked.documents.length > 1 || unsure(first, analysis)) return undefined;
    // Kept without its tree (a walk with kustomize facts or template markers parses the text whole, trees included).
    return { parsed: { ...first, doc: null }, ...(analysis ? { analysis } : {}), rules: walked.directives.rules };
  }

  /** The whole text walked in one call, each of its documents kept relative to its piece when they are the
   *  pieces (else nothing is kept). */
  private keepWhole(text: string, pieces: Piece[], keys: string[], reading: CheckOptions): FileAnalysis | FileReport {
    const walked = this.whole(text, reading);
    const next = new Map<string, DocumentWalk>();
    this.cache = next;
    if ('findings' in walked || walked.parsed.documents.length !== pieces.length) return walked;
    const byIndex = new Map(walked.documents.map((a) => [a.report.index, a]));
    const rulesOf = pieces.map((): DisableRule[] => []);
    for (const r of walked.directives.rules) {
      if (r.document === undefined) return walked;
      rulesOf[r.document]?.push(r);
    }
    const kept: [string, DocumentWalk][] = [];
    let offset = 0;
    for (let index = 0; index < pieces.length; index++) {
      const pdoc = walked.parsed.documents[index]!;
      const piece = pieces[index]!;
      const analysis = byIndex.get(index);
      if (pdoc.start !== offset || pdoc.end !== offset + piece.text.length || unsure(pdoc, analysis)) return walked;
      const own: DocumentWalk = { parsed: { ...pdoc, doc: null }, ...(analysis ? { analysis } : {}), rules: rulesOf[index]! };
      const relative = shiftWalk(own, { index: -index, offset: -offset, line: -piece.line, file: reading.file });
      // The whole walk's document is its placement where it is (the gate step's results of it are kept).
      this.lastPlaced.set(relative, { by: { index, offset, line: piece.line, file: reading.file }, walk: own });
      kept.push([keys[index]!, relative]);
      offset += piece.text.length;
    }
    for (const [k, w] of kept) next.set(k, w);
    return walked;
  }
}

/** A document whose walk alone may not be the whole file's: a syntax error (a quote or a flow collection left
 *  open runs past a `---`), a template (its syntax errors are not reported, yet may join or split documents) or a
 *  document not composed (nested too deeply: its syntax is not known). */
function unsure(pdoc: ParsedDocument, analysis: DocumentAnalysis | undefined): boolean {
  if (pdoc.errors.length > 0 || pdoc.templated || pdoc.unread || pdoc.tooDeep) return true;
  return analysis !== undefined && (analysis.report.status === 'syntax-error' || analysis.report.status === 'template' || analysis.findings.some((f) => f.code === 'yaml-syntax'));
}
