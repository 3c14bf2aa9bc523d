// The report of an open document, kept per document by a front end: the size guard, else the check against
// the text's own version (version-for-text.ts), with only the YAML documents that changed since the last
// update checked again (checker.ts), then the user's severity overrides.
import { checkText, reportOf, walkText, type FileAnalysis } from '../check';
import { isJsonInput } from '../parse/json-input';
import { mayHoldGateConfig } from '../gates/gate-places';
import type { CheckOptions } from '../model';
import { applySeverityOverrides, type SeverityOverrides } from '../severity-overrides';
import { syntaxOnlyReport } from '../size-guard';
import type { FileReport } from '../types';
import { fragmentMarked, versionForText } from '../version-for-text';
import { IncrementalChecker, type IncrementalOptions } from './checker';

export interface DocumentCheckOptions {
  /** Texts longer than this (in characters) get syntax findings only. */
  maxChars: number;
  severity?: SeverityOverrides;
}

/** The report of a text. With `checker`, only the YAML documents that changed since its last call are checked;
 *  its cache is kept while `context` stays the same object and the text's version stays the same. */
export function reportForText(text: string, context: CheckOptions, options: DocumentCheckOptions, checker?: IncrementalChecker, onWalk?: () => void): FileReport {
  let report: FileReport;
  if (text.length > options.maxChars) report = syntaxOnlyReport(text, options.maxChars);
  else {
    // The version comment (first lines of the file) applies to every piece the checker checks on its own.
    const version = versionForText(text, context.version);
    // Whether the input is JSON is decided on the whole text (kubectl looks at its start), never on a piece.
    const json = isJsonInput(text);
    // So is a fragment comment (in the first lines, as the version comment): each piece is checked with it.
    const fragment = context.fragment ?? fragmentMarked(text);
    const whole = (t: string) => {
      onWalk?.();
      return checkText(t, { version, environment: context.environment, file: context.file, kustomize: context.kustomize, crds: context.crds, json, fragment });
    };
    report = checker && !json ? checker.check(text, `${version}`, context, whole, mayHoldGateConfig, context.file) : whole(text);
  }
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
 * context: a new text in the same context re-checks only the YAML documents that changed (checker.ts); the same
 * text in a context whose gate state alone changed (a config edited elsewhere, a gate setting) re-runs only the
 * gate step over the kept walk; anything else walks the text once and keeps the walk.
 */
export class OpenDocument {
  private readonly checker: IncrementalChecker;
  private walked?: Walked;
  private lastContext?: CheckOptions;
  /** Walks done so far (the whole text, or one piece of it): tests count them. */
  walks = 0;

  constructor(options: IncrementalOptions = {}) {
    this.checker = new IncrementalChecker(options);
  }

  update(text: string, context: CheckOptions, options: DocumentCheckOptions): FileReport {
    const sameContext = this.lastContext === context;
    this.lastContext = context;
    if (text.length > options.maxChars) return reportForText(text, context, options);
    if (sameContext && this.walked?.text !== text) {
      this.walked = undefined;
      return reportForText(text, context, options, this.checker, () => this.walks++);
    }
    const version = versionForText(text, context.version);
    const json = isJsonInput(text);
    const fragment = context.fragment ?? fragmentMarked(text);
    const full: CheckOptions = { version, environment: context.environment, file: context.file, kustomize: context.kustomize, crds: context.crds, json, fragment };
    const key = JSON.stringify([version, context.file ?? null, context.kustomize ?? null, json, fragment]);
    const w = this.walked;
    let report: FileReport;
    if (w && w.text === text && w.key === key && w.crds === context.crds) report = reportOf(w.analysis, full);
    else {
      this.walks++;
      const walked = walkText(text, full);
      if ('findings' in walked) {
        this.walked = undefined;
        report = walked;
      } else {
        this.walked = { text, key, crds: context.crds, analysis: walked };
        report = reportOf(walked, full);
      }
    }
    return { documents: report.documents, findings: applySeverityOverrides(report.findings, options.severity ?? {}) };
  }
}
