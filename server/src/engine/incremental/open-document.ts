// The report of an open document, kept per document by a front end: the size guard, else the check against
// the text's own version (version-for-text.ts), with only the YAML documents that changed since the last update
// walked again (walks.ts) and the gate step run over the file's walk (again only for the documents whose walk or
// environment changed: check.ts GateStepMemo), then the user's severity overrides. Requests
// about the document's text read what the last update kept of it (snapshot.ts).
import { checkText, GateStepMemo, reportOf, type FileAnalysis } from '../check';
import { parseDirectives, type Directives } from '../check/directives';
import { isJsonInput } from '../parse/json-input';
import { placeOf } from '../check/place';
import { parseFile } from '../parse/parseFile';
import type { CheckOptions } from '../check/options';
import { withSeverityOverrides, type SeverityOverrides } from '../codes/severity-overrides';
import { syntaxOnlyReport } from '../check/size-guard';
import type { FileReport } from '../codes/finding';
import { headOf } from '../check/version-for-text';
import { DocumentWalks, type WalkOptions } from './walks';
import { TextSnapshot } from './snapshot';

export interface DocumentCheckOptions {
  /** Texts longer than this (in characters) get syntax findings only. */
  maxChars: number;
  severity?: SeverityOverrides;
}

/** The directives of a text's first lines (its version and fragment comments: directives.ts reads them there
 *  only), parsed when the head names kubegate at all. */
function headDirectives(text: string): Directives {
  const head = headOf(text);
  if (!head.includes('kubegate')) return { rules: [] };
  try {
    const { version, badVersion, fragment } = parseDirectives(parseFile(head));
    return { ...(version ? { version } : {}), ...(badVersion ? { badVersion } : {}), ...(fragment ? { fragment } : {}), rules: [] };
  } catch {
    return { rules: [] };
  }
}

/** How an open text is read: its own version, JSON or YAML, fragments or not (all decided on the whole text, never
 *  on one of its documents), with the directives of its head. */
function readingOf(text: string, context: CheckOptions, head = headDirectives(text)): CheckOptions {
  return {
    version: head.version?.value ?? context.version,
    environment: context.environment,
    file: context.file,
    kustomize: context.kustomize,
    ...(context.place ? { place: context.place } : {}),
    crds: context.crds,
    // kubectl looks at the start of the whole text (a chart's template is read as a template).
    json: isJsonInput(text) && placeOf(context)?.as !== 'chart-template',
    fragment: context.fragment ?? head.fragment === true,
  };
}

/** The report of a text, whole (size guard, severity overrides). */
export function reportForText(text: string, context: CheckOptions, options: DocumentCheckOptions): FileReport {
  const report = text.length > options.maxChars ? syntaxOnlyReport(text, options.maxChars) : checkText(text, readingOf(text, context));
  return withSeverityOverrides(report, options.severity ?? {});
}

/** The walk of a text under a reading, kept so that a change of gate state alone re-runs only the gate step. */
interface Walked {
  text: string;
  /** Version, file, kustomize facts, JSON and fragment reading: what the walk and its reading depend on besides the CRDs. */
  key: string;
  crds: CheckOptions['crds'];
  analysis: FileAnalysis;
}

/**
 * One open document's analysis, kept per document by a front end. `update` gives the report of a text under a
 * context: only the YAML documents that changed since the last update are walked again (walks.ts), and the gate
 * step runs over the file's walk; the same text under a context whose gate state alone changed (a config edited
 * elsewhere, a gate setting) re-runs only the gate step.
 */
export class OpenDocument {
  private readonly documents: DocumentWalks;
  /** The gate step's results of the documents whose walk (placed where it is) and environment are unchanged. */
  private readonly gates = new GateStepMemo();
  private walked?: Walked;
  /** The text and context of the last update (under the size guard), and the snapshot made of it. */
  private last?: { text: string; context: CheckOptions; version: CheckOptions['version'] };
  private snap?: TextSnapshot;

  constructor(options: WalkOptions = {}) {
    this.documents = new DocumentWalks(options);
  }

  /** YAML documents walked so far: tests count them. */
  get walks(): number {
    return this.documents.walked;
  }

  /** Documents the gate step ran over so far: tests count them. */
  get gateSteps(): number {
    return this.gates.ran;
  }

  /** The snapshot of `text` for requests under `context`: the last update's when it was of that text under that
   *  context (with its walk), else one made for the text alone (kept until the text changes). */
  snapshot(text: string, context: CheckOptions): TextSnapshot {
    if (this.snap?.isFor(text, context)) return this.snap;
    const last = this.last;
    if (last && last.text === text && last.context === context) {
      const w = this.walked;
      const analysis = w && w.text === text && w.crds === context.crds ? w.analysis : undefined;
      this.snap = new TextSnapshot(text, context, { version: last.version, ...(analysis ? { analysis } : {}) });
    } else this.snap = new TextSnapshot(text, context);
    return this.snap;
  }

  update(text: string, context: CheckOptions, options: DocumentCheckOptions): FileReport {
    this.last = undefined;
    this.snap = undefined;
    if (text.length > options.maxChars) return reportForText(text, context, options);
    const head = headDirectives(text);
    const full = readingOf(text, context, head);
    const key = JSON.stringify([full.version, full.file ?? null, full.kustomize ?? null, full.place ?? null, full.json, full.fragment]);
    const w = this.walked;
    let report: FileReport;
    if (w && w.text === text && w.key === key && w.crds === context.crds) report = reportOf(w.analysis, full, {}, this.gates);
    else {
      this.walked = undefined;
      const walked = this.documents.walk(text, full, head);
      if ('findings' in walked) report = walked;
      else {
        this.walked = { text, key, crds: context.crds, analysis: walked };
        report = reportOf(walked, full, {}, this.gates);
      }
    }
    this.last = { text, context, version: full.version };
    return withSeverityOverrides(report, options.severity ?? {});
  }
}
