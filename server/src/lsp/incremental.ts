// Re-checks only the YAML documents that changed. A file is cut at its `---` lines into one piece per
// YAML document; each piece is checked by the engine on its own, its report cached by its text, then shifted
// into place. Documents of one file affect each other only through the file's own gate config documents
// (kind, kubeadm, kubelet, kube-proxy, static Pods): those pieces are checked together once, and each other
// piece is checked with them around it (in file order). Where the cut is unsure (`...` markers, `%` directives, a
// version comment below the first lines) the whole file is checked in one call.
// The result equals the whole-file check (tests/lsp/incremental.test.ts compares them).
import { createHash } from 'node:crypto';
import { type DocumentReport, type FileReport, type Finding, type Range, append, hasTemplateBlock } from '../engine';

export type WholeCheck = (text: string) => FileReport;

export interface Piece {
  text: string;
  line: number;
}

const SEPARATOR = /^---(?:[ \t\r\n]|$)/;
const VERSION_COMMENT_LINES = 10;

// Lines are counted as LSP (and the engine's ranges) count them: LF, CR LF and a lone CR each end a line.
// Documents are cut only at LF lines, like the YAML parser (which does not take a lone CR as a line break).

function nthLineStart(text: string, n: number): number {
  let pos = 0;
  for (let i = 0; i < n; i++) {
    const next = nextLineStart(text, pos);
    if (next < 0) return text.length;
    pos = next;
  }
  return pos;
}

/** Start of the line after the one holding `pos`, -1 on the last line. */
function nextLineStart(text: string, pos: number): number {
  const nl = text.indexOf('\n', pos);
  const cr = text.indexOf('\r', pos);
  if (cr >= 0 && (nl < 0 || cr < nl - 1)) return cr + 1;
  return nl < 0 ? -1 : nl + 1;
}

/** Line breaks in text[from, to). */
function breaksIn(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  for (let i = text.indexOf('\r', from); i >= 0 && i < to; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) n++;
  return n;
}

function lineCount(text: string): number {
  return breaksIn(text, 0, text.length);
}

/** Pieces of one YAML document each, or undefined when the file must be checked whole. */
export function splitDocuments(text: string): Piece[] | undefined {
  if (/^(?:\.\.\.|%)/m.test(text)) return undefined;
  // A template block (`{{- range }}` … `{{- end }}`) may span documents: the engine decides over the whole file.
  if (hasTemplateBlock(text)) return undefined;
  // A version comment is read from the file's first lines only: one further down must not count.
  if (/#\s*kubegate\s*:/.test(text.slice(nthLineStart(text, VERSION_COMMENT_LINES)))) return undefined;
  const pieces: Piece[] = [];
  let start = 0;
  let startLine = 0;
  let line = 0;
  let pos = 0;
  const hasCr = text.includes('\r');
  for (;;) {
    const nl = text.indexOf('\n', pos);
    if (pos > 0 && SEPARATOR.test(text.slice(pos, pos + 4))) {
      pieces.push({ text: text.slice(start, pos), line: startLine });
      start = pos;
      startLine = line;
    }
    if (nl < 0) break;
    line += hasCr ? breaksIn(text, pos, nl + 1) : 1;
    pos = nl + 1;
  }
  pieces.push({ text: text.slice(start), line: startLine });
  // Comments and blank lines (a line may start with a byte order mark) before the first `---` belong to the first
  // document: the parser makes no document of them, and piece i must be document i.
  if (pieces.length > 1 && !SEPARATOR.test(pieces[0].text) && /^(?:\uFEFF?[ \t\r]*(?:#[^\n]*)?(?:\n|$))*$/.test(pieces[0].text)) {
    pieces[1] = { text: pieces[0].text + pieces[1].text, line: 0 };
    pieces.shift();
  }
  return pieces;
}

/** Maps a line of a checked text back to the file: [first line in checked text, line count, file line]. */
export type LineMap = [number, number, number][];

/** The first entry that holds `line` (entries are in line order; a piece's last line may also be the next
 *  one's first), found by binary search: a map may have an entry per document of a 100 000-document file. */
export function mapLine(map: LineMap, line: number): number | undefined {
  let lo = 0;
  let hi = map.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (map[mid][0] + map[mid][1] > line) hi = mid;
    else lo = mid + 1;
  }
  const e = map[lo];
  return e && line >= e[0] ? e[2] + (line - e[0]) : undefined;
}

function mapRange(map: LineMap, r: Range): Range | undefined {
  const s = mapLine(map, r.start.line);
  const e = mapLine(map, r.end.line) ?? (s !== undefined && r.end.line === r.start.line + 1 && r.end.character === 0 ? s + 1 : undefined);
  if (s === undefined || e === undefined) return undefined;
  return { start: { line: s, character: r.start.character }, end: { line: e, character: r.end.character } };
}

/** A text made of pieces (each starting on a new line, a `---` put before any piece that lacks one; that line
 *  maps to the piece's first line, where the document starts in the file). One line map per piece. */
export function joinPieces(list: Piece[]): { text: string; maps: LineMap[] } {
  // Parts joined once at the end: testing the end of a growing string flattens it each time (quadratic).
  const parts: string[] = [];
  let empty = true;
  let endsWithNewline = false;
  let line = 0;
  const maps: LineMap[] = [];
  for (const p of list) {
    const map: LineMap = [];
    if (!empty && !endsWithNewline) parts.push('\n');
    if (!empty && !isSeparatorStart(p.text)) {
      parts.push('---\n');
      map.push([line, 1, p.line]);
      line++;
    }
    const count = lineCount(p.text) + 1;
    map.push([line, count, p.line]);
    maps.push(map);
    parts.push(p.text);
    if (p.text !== '') {
      empty = false;
      endsWithNewline = p.text.endsWith('\n');
    } else if (!empty) endsWithNewline = true;
    line += count - 1;
  }
  return { text: parts.join(''), maps };
}

function isSeparatorStart(text: string): boolean {
  return SEPARATOR.test(text.slice(0, 4));
}

/** Moves a report of a joined text into file coordinates: `map` for the findings of the wanted piece (others are
 *  dropped), `evidenceMap` for related information that points into the same file. */
function place(
  report: FileReport,
  map: LineMap,
  evidenceMap: LineMap,
  docIndex: (i: number) => number | undefined,
  file: string | undefined,
  onLost: () => void = () => undefined,
): FileReport {
  const documents: DocumentReport[] = [];
  const findings: Finding[] = [];
  for (const d of report.documents) {
    const index = docIndex(d.index);
    const range = mapRange(map, d.range);
    if (index === undefined || !range) continue;
    documents.push({ ...d, index, range });
  }
  for (const f of report.findings) {
    const index = f.document === undefined ? undefined : docIndex(f.document);
    if (f.document !== undefined && index === undefined) continue;
    const range = mapRange(map, f.range);
    if (!range) {
      // A finding of the wanted document that reaches past its piece: the cut is unsure.
      if (index !== undefined) onLost();
      continue;
    }
    const out: Finding = { ...f, range };
    if (index !== undefined) out.document = index;
    if (f.related) {
      out.related = f.related.map((e) => {
        if (e.source.type !== 'file' || e.source.file !== file) return e;
        const r = mapRange(evidenceMap, e.source.range);
        return r ? { ...e, source: { ...e.source, range: r } } : e;
      });
    }
    findings.push(out);
  }
  return { documents, findings };
}

/** One piece's results relative to the piece (lines from its first line, document 0). Related information
 *  pointing into the file's own config pieces is kept as (config ordinal, line from that piece's start). */
interface Stored {
  documents: DocumentReport[];
  findings: { finding: Finding; anchors?: (number | undefined)[] }[];
}

function relRange(r: Range, lines: number): Range {
  return { start: { line: r.start.line - lines, character: r.start.character }, end: { line: r.end.line - lines, character: r.end.character } };
}

/** The last piece starting at or before `line` (-1 when none), by binary search. */
function pieceOfLine(pieces: Piece[], line: number): number {
  let lo = 0;
  let hi = pieces.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pieces[mid].line <= line) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Splits a report in file coordinates into per-piece stored results. */
function store(report: FileReport, pieces: Piece[], configs: Piece[], file: string | undefined): Stored[] {
  const out: Stored[] = pieces.map(() => ({ documents: [], findings: [] }));
  for (const d of report.documents) out[d.index]?.documents.push({ ...d, index: 0, range: relRange(d.range, pieces[d.index].line) });
  for (const f of report.findings) {
    const at = f.document ?? pieceOfLine(pieces, f.range.start.line);
    const target = out[at];
    if (!target) continue;
    const finding: Finding = { ...f, range: relRange(f.range, pieces[at].line) };
    if (f.document !== undefined) finding.document = 0;
    let anchors: (number | undefined)[] | undefined;
    if (f.related) {
      anchors = [];
      finding.related = f.related.map((e) => {
        if (e.source.type !== 'file' || e.source.file !== file) {
          anchors!.push(undefined);
          return e;
        }
        const k = pieceOfLine(configs, e.source.range.start.line);
        anchors!.push(k >= 0 ? k : undefined);
        return k >= 0 ? { ...e, source: { ...e.source, range: relRange(e.source.range, configs[k].line) } } : e;
      });
    }
    target.findings.push({ finding, anchors });
  }
  return out;
}

function unstore(s: Stored, piece: Piece, index: number, configs: Piece[]): FileReport {
  const documents = s.documents.map((d) => ({ ...d, index, range: shiftRange(d.range, piece.line) }));
  const findings = s.findings.map(({ finding, anchors }) => {
    const f: Finding = { ...finding, range: shiftRange(finding.range, piece.line) };
    if (finding.document !== undefined) f.document = index;
    if (finding.related && anchors) {
      f.related = finding.related.map((e, j) => {
        const k = anchors[j];
        return k !== undefined && e.source.type === 'file' ? { ...e, source: { ...e.source, range: shiftRange(e.source.range, configs[k].line) } } : e;
      });
    }
    return f;
  });
  return { documents, findings };
}

function shiftRange(r: Range, lines: number): Range {
  return relRange(r, -lines);
}

export interface IncrementalOptions {
  /** With more pieces than this to check, the whole file is checked in one call (and its results cached per
   *  piece): one big check costs less than many small ones. */
  wholeAbove?: number;
}

export class IncrementalChecker {
  private cache = new Map<string, Stored>();
  private owner: unknown;
  private version = '';
  private readonly wholeAbove: number;

  constructor(options: IncrementalOptions = {}) {
    this.wholeAbove = options.wholeAbove ?? 4;
  }

  /** `owner` identifies the context (settings, gate environment) and `version` the version checked against;
   *  a change of either empties the cache. `isConfig` tells the pieces that may set gates. */
  check(
    text: string,
    version: string,
    owner: unknown,
    whole: WholeCheck,
    isConfig: (text: string) => boolean,
    file?: string,
  ): FileReport {
    if (owner !== this.owner || version !== this.version) {
      this.cache.clear();
      this.owner = owner;
      this.version = version;
    }
    const pieces = splitDocuments(text);
    if (!pieces || pieces.length < 2) {
      this.cache.clear();
      return whole(text);
    }
    const configIdx = pieces.map((p, i) => (isConfig(p.text) ? i : -1)).filter((i) => i >= 0);
    const configs = configIdx.map((i) => pieces[i]);
    const prefix = joinPieces(configs);
    const prefixId = createHash('sha1').update(prefix.text).digest('hex');
    // Per piece: its ordinal among the config pieces (-1 if none) and how many config pieces come before it.
    const ordinal: number[] = [];
    const configsBefore: number[] = [];
    let seenConfigs = 0;
    for (let i = 0; i < pieces.length; i++) {
      configsBefore.push(seenConfigs);
      ordinal.push(configIdx[seenConfigs] === i ? seenConfigs++ : -1);
    }
    const keys = pieces.map((piece, index) => {
      const k = ordinal[index];
      if (k >= 0) return `C\u0000${k}\u0000${prefixId}`;
      return `P\u0000${configsBefore[index]}\u0000${prefixId}\u0000${piece.text}`;
    });
    const next = new Map<string, Stored>();
    const missing = keys.filter((k) => !this.cache.has(k)).length;
    if (missing > this.wholeAbove) {
      const report = whole(text);
      if (unsure(report)) return this.uncached(report);
      store(report, pieces, configs, file).forEach((st, i) => next.set(keys[i], st));
      this.cache = next;
      return report;
    }
    const documents: DocumentReport[] = [];
    const findings: Finding[] = [];
    // The config pieces together (their findings may depend on each other), then each other piece with them.
    let configReport: FileReport | undefined;
    let lost = false;
    const onLost = () => {
      lost = true;
    };
    for (let index = 0; index < pieces.length; index++) {
      const piece = pieces[index];
      let st = next.get(keys[index]) ?? this.cache.get(keys[index]);
      if (!st) {
        let placed: FileReport;
        const k = ordinal[index];
        if (k >= 0) {
          configReport ??= whole(prefix.text);
          if (unsure(configReport)) return this.uncached(whole(text));
          placed = place(configReport, prefix.maps[k], prefix.maps.flat(), (i) => (i === k ? index : undefined), file, onLost);
        } else {
          // In file order, so that the piece keeps its own first line (comments before a first `---` included).
          const before = configsBefore[index];
          const joined = joinPieces([...configs.slice(0, before), piece, ...configs.slice(before)]);
          const raw = whole(joined.text);
          if (unsure(raw)) return this.uncached(whole(text));
          placed = place(raw, joined.maps[before], joined.maps.flat(), (i) => (i === before ? index : undefined), file, onLost);
        }
        if (lost) return this.uncached(whole(text));
        st = store(placed, pieces, configs, file)[index];
      }
      next.set(keys[index], st);
      const r = unstore(st, piece, index, configs);
      append(documents, r.documents);
      append(findings, r.findings);
    }
    // Broken YAML is where the cut at `---` lines can differ from the parser's documents (a quote or a flow
    // collection left open runs past a `---`): then the whole file is checked and nothing is kept.
    if (findings.some((f) => f.code === 'yaml-syntax')) return this.uncached(whole(text));
    this.cache = next;
    return sortLikeEngine({ documents, findings });
  }

  private uncached(report: FileReport): FileReport {
    this.cache = new Map();
    return report;
  }
}

function hasSyntaxError(report: FileReport): boolean {
  return report.findings.some((f) => f.code === 'yaml-syntax');
}

/** A report whose documents may not match the cut at `---` lines: a syntax error, or a template (whose syntax
 *  errors are not reported, yet may join or split documents). */
function unsure(report: FileReport): boolean {
  return hasSyntaxError(report) || report.documents.some((d) => !d.checked && d.reason?.startsWith('template') === true);
}

/** Document order, then position (the engine's order; the pieces are already in document order). */
function sortLikeEngine(r: FileReport): FileReport {
  const findings = r.findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (a.f.document ?? -1) - (b.f.document ?? -1) || a.i - b.i)
    .map((x) => x.f);
  return { documents: r.documents, findings };
}
