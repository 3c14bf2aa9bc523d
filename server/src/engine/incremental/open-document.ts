// The report of an open document, kept per document by a front end: the size guard, else the check against
// the text's own version (version-for-text.ts), with only the YAML documents that changed since the last
// update checked again (checker.ts), then the user's severity overrides.
import { checkText } from '../check';
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
export function reportForText(text: string, context: CheckOptions, options: DocumentCheckOptions, checker?: IncrementalChecker): FileReport {
  let report: FileReport;
  if (text.length > options.maxChars) report = syntaxOnlyReport(text, options.maxChars);
  else {
    // The version comment (first lines of the file) applies to every piece the checker checks on its own.
    const version = versionForText(text, context.version);
    // Whether the input is JSON is decided on the whole text (kubectl looks at its start), never on a piece.
    const json = isJsonInput(text);
    // So is a fragment comment (in the first lines, as the version comment): each piece is checked with it.
    const fragment = context.fragment ?? fragmentMarked(text);
    const whole = (t: string) => checkText(t, { version, environment: context.environment, file: context.file, kustomize: context.kustomize, crds: context.crds, json, fragment });
    report = checker && !json ? checker.check(text, `${version}`, context, whole, mayHoldGateConfig, context.file) : whole(text);
  }
  return { documents: report.documents, findings: applySeverityOverrides(report.findings, options.severity ?? {}) };
}

/** One open document's checks: `update` with each new text gives its report, re-checking what changed. */
export class OpenDocument {
  private readonly checker: IncrementalChecker;

  constructor(options: IncrementalOptions = {}) {
    this.checker = new IncrementalChecker(options);
  }

  update(text: string, context: CheckOptions, options: DocumentCheckOptions): FileReport {
    return reportForText(text, context, options, this.checker);
  }
}
