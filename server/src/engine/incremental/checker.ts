// Re-checks only the YAML documents that changed. A file is cut at its `---` lines into one piece per
// YAML document (pieces.ts); each piece is checked on its own, its report cached by its text, then shifted
// into place. Documents of one file affect each other only through the file's own gate config documents
// (kind, kubeadm, kubelet, kube-proxy, static Pods): those pieces are checked together once, and each other
// piece is checked with them around it (in file order). Where the cut is unsure (`...` markers, `%` directives, a
// version comment below the first lines) the whole file is checked in one call.
// The result equals the whole-file check (tests/engine/incremental.test.ts compares them).
import { append } from '../base/append';
import type { DocumentReport } from '../base/types';
import type { FileReport, Finding } from '../codes/finding';
import { joinPieces, splitDocuments, type Piece } from './pieces';
import { place, store, unstore, type Stored } from './stored';

type WholeCheck = (text: string) => FileReport;

export interface IncrementalOptions {
  /** With more pieces than this to check, the whole file is checked in one call (and its results cached per
   *  piece): one big check costs less than many small ones. */
  wholeAbove?: number;
}

export class IncrementalChecker {
  private cache = new Map<string, Stored>();
  /** The config prefix of the last check and its id in the cache keys: a new prefix text gets a new id, so a
   *  stored piece is reused only with the very configs it was checked with. */
  private prefix = { text: '', id: 0 };
  private owner: unknown;
  private version = '';
  private readonly wholeAbove: number;
  /** The pieces of the last check, when it checked them one by one (each is the parser's document). */
  lastPieces: Piece[] | undefined;

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
    /** Overrides the option for this call (0: check the whole text in one call whenever a piece is missing). */
    wholeAbove = this.wholeAbove,
  ): FileReport {
    if (owner !== this.owner || version !== this.version) {
      this.cache.clear();
      this.owner = owner;
      this.version = version;
    }
    this.lastPieces = undefined;
    const pieces = splitDocuments(text);
    if (!pieces || pieces.length < 2) {
      this.cache.clear();
      return whole(text);
    }
    const configIdx = pieces.map((p, i) => (isConfig(p.text) ? i : -1)).filter((i) => i >= 0);
    const configs = configIdx.map((i) => pieces[i]);
    // Whether another document follows a piece in the file: a joined text ending with that piece ends with `---`.
    const followed = (i: number) => i < pieces.length - 1;
    const prefix = joinPieces(configs, configIdx.length > 0 && followed(configIdx[configIdx.length - 1]));
    if (prefix.text !== this.prefix.text) this.prefix = { text: prefix.text, id: this.prefix.id + 1 };
    const prefixId = this.prefix.id;
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
      return `P\u0000${configsBefore[index]}\u0000${followed(index) ? 1 : 0}\u0000${prefixId}\u0000${piece.text}`;
    });
    const next = new Map<string, Stored>();
    const missing = keys.filter((k) => !this.cache.has(k)).length;
    if (missing > wholeAbove) {
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
          const joined = joinPieces([...configs.slice(0, before), piece, ...configs.slice(before)], followed(before < configs.length ? configIdx[configIdx.length - 1] : index));
          const raw = whole(joined.text);
          if (unsure(raw)) return this.uncached(whole(text));
          placed = place(raw, joined.maps[before], joined.maps.flat(), (i) => (i === before ? index : undefined), file, onLost);
        }
        if (lost) return this.uncached(whole(text));
        st = store(placed, pieces, configs, file)[index];
      }
      next.set(keys[index], st);
      const r = unstore(st, piece, index, configs, file);
      append(documents, r.documents);
      append(findings, r.findings);
    }
    // Broken YAML is where the cut at `---` lines can differ from the parser's documents (a quote or a flow
    // collection left open runs past a `---`): then the whole file is checked and nothing is kept.
    if (findings.some((f) => f.code === 'yaml-syntax')) return this.uncached(whole(text));
    this.cache = next;
    this.lastPieces = pieces;
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
