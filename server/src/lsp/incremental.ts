// Re-checks only the YAML documents that changed. A file is cut at its `---` lines into one piece per
// YAML document; each piece is checked by the engine on its own, its report cached by its text, then shifted
// into place. Documents of one file affect each other only through the file's own gate config documents
// (kind, kubeadm, kubelet, kube-proxy, static Pods): those pieces are put in front of every other piece when
// it is checked, and checked together once. Where the cut is unsure (`...` markers, `%` directives, a
// version comment below the first lines) the whole file is checked in one call.
// The result equals the whole-file check (tests/lsp/incremental.test.ts compares them).
import type { DocumentReport, FileReport, Finding, Range } from '../engine/types';

export type WholeCheck = (text: string) => FileReport;

export interface Piece {
  text: string;
  line: number;
}

const SEPARATOR = /^---(?:[ \t\r\n]|$)/;
const VERSION_COMMENT_LINES = 10;

function nthLineStart(text: string, n: number): number {
  let pos = 0;
  for (let i = 0; i < n; i++) {
    const nl = text.indexOf('\n', pos);
    if (nl < 0) return text.length;
    pos = nl + 1;
  }
  return pos;
}

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Pieces of one YAML document each, or undefined when the file must be checked whole. */
export function splitDocuments(text: string): Piece[] | undefined {
  if (/^(?:\.\.\.|%)/m.test(text)) return undefined;
  // A version comment is read from the file's first lines only: one further down must not count.
  if (/#\s*kubegate\s*:/.test(text.slice(nthLineStart(text, VERSION_COMMENT_LINES)))) return undefined;
  const pieces: Piece[] = [];
  let start = 0;
  let startLine = 0;
  let line = 0;
  let pos = 0;
  for (;;) {
    const nl = text.indexOf('\n', pos);
    if (line > 0 && SEPARATOR.test(text.slice(pos, pos + 4))) {
      pieces.push({ text: text.slice(start, pos), line: startLine });
      start = pos;
      startLine = line;
    }
    if (nl < 0) break;
    pos = nl + 1;
    line++;
  }
  pieces.push({ text: text.slice(start), line: startLine });
  // Comments and blank lines before the first `---` belong to the first document.
  if (pieces.length > 1 && !SEPARATOR.test(pieces[0].text) && /^(?:[ \t]*(?:#.*)?(?:\r?\n|$))*$/.test(pieces[0].text)) {
    pieces[1] = { text: pieces[0].text + pieces[1].text, line: 0 };
    pieces.shift();
  }
  return pieces;
}

/** Maps a line of a checked text back to the file: [first line in checked text, line count, file line]. */
type LineMap = [number, number, number][];

function mapLine(map: LineMap, line: number): number | undefined {
  for (const [from, count, to] of map) if (line >= from && line < from + count) return to + (line - from);
  return undefined;
}

function mapRange(map: LineMap, r: Range): Range | undefined {
  const s = mapLine(map, r.start.line);
  const e = mapLine(map, r.end.line) ?? (s !== undefined && r.end.line === r.start.line + 1 && r.end.character === 0 ? s + 1 : undefined);
  if (s === undefined || e === undefined) return undefined;
  return { start: { line: s, character: r.start.character }, end: { line: e, character: r.end.character } };
}

/** A text made of pieces (each starting on a new line, a `---` put before any piece that lacks one). */
function joinPieces(list: Piece[]): { text: string; map: LineMap } {
  let text = '';
  let line = 0;
  const map: LineMap = [];
  for (const p of list) {
    if (text !== '' && !text.endsWith('\n')) text += '\n';
    if (text !== '' && !SEPARATOR.test(p.text)) {
      text += '---\n';
      line++;
    }
    const count = lineCount(p.text) + 1;
    map.push([line, count, p.line]);
    text += p.text;
    line += count - 1;
  }
  return { text, map };
}

/** Moves a report of a joined text into file coordinates: `map` for the findings of the wanted piece (others are
 *  dropped), `evidenceMap` for related information that points into the same file. */
function place(
  report: FileReport,
  map: LineMap,
  evidenceMap: LineMap,
  docIndex: (i: number) => number | undefined,
  file: string | undefined,
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
    if (!range) continue;
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

export class IncrementalChecker {
  private cache = new Map<string, FileReport>();
  private owner: unknown;
  private version = '';

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
    if (!pieces || pieces.length < 2) return whole(text);
    const configIdx = pieces.map((p, i) => (isConfig(p.text) ? i : -1)).filter((i) => i >= 0);
    const configs = configIdx.map((i) => pieces[i]);
    const prefix = joinPieces(configs);
    const prefixKey = prefix.text;
    const next = new Map<string, FileReport>();
    const cached = (key: string, make: () => FileReport): FileReport => {
      const r = next.get(key) ?? this.cache.get(key) ?? make();
      next.set(key, r);
      return r;
    };
    const documents: DocumentReport[] = [];
    const findings: Finding[] = [];
    const add = (r: FileReport) => {
      documents.push(...r.documents);
      findings.push(...r.findings);
    };
    // The config pieces together (their findings may depend on each other), then each other piece after them.
    const configReport = configs.length ? cached(`C\u0000${prefixKey}`, () => whole(prefix.text)) : undefined;
    let configSeen = 0;
    pieces.forEach((piece, index) => {
      if (configReport && configIdx.includes(index)) {
        const k = configSeen++;
        add(place(configReport, [prefix.map[k]], prefix.map, (i) => (i === k ? index : undefined), file));
        return;
      }
      const joined = joinPieces([...configs, { text: piece.text, line: piece.line }]);
      const report = cached(`P\u0000${prefixKey}\u0000${piece.text}`, () => whole(joined.text));
      const own = joined.map[joined.map.length - 1];
      add(place(report, [own], joined.map, (i) => (i === configs.length ? index : undefined), file));
    });
    this.cache = next;
    return sortLikeEngine({ documents, findings });
  }
}

/** Document order, then position (the engine's order; the pieces are already in document order). */
function sortLikeEngine(r: FileReport): FileReport {
  const findings = r.findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (a.f.document ?? -1) - (b.f.document ?? -1) || a.i - b.i)
    .map((x) => x.f);
  return { documents: r.documents, findings };
}
