// The report of an open document, kept per document by a front end: the size guard, else the check against
// the text's own version (version-for-text.ts), with only the YAML documents that changed since the last
// update checked again (checker.ts), then the user's severity overrides. Requests about the document's text read
// what the last update kept of it (snapshot.ts).
import { checkText, reportOf, walkText, type FileAnalysis } from '../check';
import { isJsonInput } from '../parse/json-input';
import { mayHoldGateConfig } from '../gates/gate-places';
import type { CheckOptions } from '../check/options';
import { applySeverityOverrides, type SeverityOverrides } from '../codes/severity-overrides';
import { syntaxOnlyReport } from '../check/size-guard';
import type { FileReport } from '../codes/finding';
import { fragmentMarked, versionForText } from '../check/version-for-text';
import type { KubeVersion } from '../base/types';
import { IncrementalChecker, type IncrementalOptions } from './checker';
import type { Piece } from './pieces';
import { TextSnapshot } from './snapshot';

export interface DocumentCheckOptions {
  /** Texts longer than this (in characters) get syntax findings only. */
  maxChars: number;
  severity?: SeverityOverrides;
}

/** How an open text is read: its own version, JSON or YAML, fragments or not (all decided on the whole text). */
function readingOf(text: string, context: CheckOptions): CheckOptions {
  return {
    // The version comment (first lines of the file) applies to every piece the checker checks on its own.
    version: versionForText(text, context.version),
    environment: context.environment,
    file: context.file,
    kustomize: context.kustomize,
    crds: context.crds,
    // Whether the input is JSON is decided on the whole text (kubectl looks at its start), never on a piece.
    json: isJsonInput(text),
    // So is a fragment comment (in the first lines, as the version comment): each piece is checked with it.
    fragment: context.fragment ?? fragmentMarked(text),
  };
}

/** The report of a text, whole (size guard, severity overrides). */
export function reportForText(text: string, context: CheckOptions, options: DocumentCheckOptions): FileReport {
  const report = text.length > options.maxChars ? syntaxOnlyReport(text, options.maxChars) : checkText(text, readingOf(text, context));
  return { documents: report.documents, findings: applySeverityOverrides(report.findings, options.severity ?? {}) };
}

/** The walk of a text under a context, kept so that a change of gate state alone re-runs only the gate step. */
interface Walked {
  text: string;
  /** Version, file, kustomize facts, JSON and fragment reading: what the walk depends on besides the CRDs. */
  key: string;
  crds: CheckOptions['crds'];
  analysis: FileAnalysis;
}

/**
 * One open document's analysis, kept per document by a front end. `update` gives the report of a text under a
 * context: only the YAML documents that changed since the last update are checked again (checker.ts); whenever
 * the whole text is checked (the first update, many changed documents), its walk is kept, so that the same text
 * under a context whose gate state alone changed (a config edited elsewhere, a gate setting) re-runs only the
 * gate step.
 */
export class OpenDocument {
  private readonly checker: IncrementalChecker;
  private walked?: Walked;
  /** The context of the last update through the checker (its cache holds reports under it). */
  private checkedUnder?: CheckOptions;
  /** The text, context and reading of the last update (under the size guard), and the snapshot made of it. */
  private last?: { text: string; context: CheckOptions; key: string; version: KubeVersion; pieces?: Piece[] };
  private snap?: TextSnapshot;
  /** Walks done so far (the whole text, or one piece of it): tests count them. */
  walks = 0;

  constructor(options: IncrementalOptions = {}) {
    this.checker = new IncrementalChecker(options);
  }

  /** The snapshot of `text` for requests under `context`: the last update's when it was of that text under that
   *  context (with its walk or pieces), else one made for the text alone (kept until the text changes). */
  snapshot(text: string, context: CheckOptions): TextSnapshot {
    if (this.snap?.isFor(text, context)) return this.snap;
    const last = this.last;
    if (last && last.text === text && last.context === context) {
      const w = this.walked;
      const analysis = w && w.text === text && w.key === last.key && w.crds === context.crds ? w.analysis : undefined;
      this.snap = new TextSnapshot(text, context, { version: last.version, ...(analysis ? { analysis } : last.pieces ? { pieces: last.pieces } : {}) });
    } else this.snap = new TextSnapshot(text, context);
    return this.snap;
  }

  update(text: string, context: CheckOptions, options: DocumentCheckOptions): FileReport {
    this.last = undefined;
    this.snap = undefined;
    if (text.length > options.maxChars) return reportForText(text, context, options);
    const full = readingOf(text, context);
    const key = JSON.stringify([full.version, full.file ?? null, full.kustomize ?? null, full.json, full.fragment]);
    const w = this.walked;
    let report: FileReport;
    let pieces: Piece[] | undefined;
    if (w && w.text === text && w.key === key && w.crds === context.crds) report = reportOf(w.analysis, full);
    else {
      if (w?.text !== text) this.walked = undefined;
      // Each piece (or the whole text) the checker checks is one walk; the whole text's walk is kept.
      const whole = (t: string): FileReport => {
        this.walks++;
        if (t !== text) return checkText(t, full);
        const walked = walkText(t, full);
        if ('findings' in walked) return walked;
        this.walked = { text, key, crds: context.crds, analysis: walked };
        return reportOf(walked, full);
      };
      // Under a new context every piece is checked again: in one call, so that the whole text's walk is kept.
      const fresh = this.checkedUnder !== context;
      this.checkedUnder = context;
      report = full.json ? whole(text) : this.checker.check(text, `${full.version}`, context, whole, mayHoldGateConfig, context.file, fresh ? 0 : undefined);
      if (!full.json) pieces = this.checker.lastPieces;
    }
    this.last = { text, context, key, version: full.version, ...(pieces ? { pieces } : {}) };
    return { documents: report.documents, findings: applySeverityOverrides(report.findings, options.severity ?? {}) };
  }
}
