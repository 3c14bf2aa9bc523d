// One text's check: text → FileReport. parse → route + walk (validate) → gate step (engine/gates) →
// disable comments → findings sorted in document order. Hover, completion and fixes use analyzeFile.
import { finding } from '../codes';
import { environmentForFile, gateStepOf, runGateStep, type GateStepContext } from '../gates';
import { KUBEADM_GROUP } from '../gates/gate-places';
import { groupOf } from '../base/api-version';
import { briefFacts, gateCatalog, loadVersion, type KnowledgeOptions } from '../knowledge';
import { objectMetaFacts } from '../knowledge/object-meta';
import type { CheckOptions } from './options';
import type { DocumentAnalysis, GateEnvironment, ParsedFile } from '../model';
import { applyDisableComments, disableCommentFindings, parseDirectives, type Directives, type DisableUse } from './directives';
import { eachDocument } from '../parse/each-document';
import { parseFile, textLineCounter } from '../parse/parseFile';
import { comparePositions } from '../parse/ranges';
import type { FileReport, Finding, Silenced } from '../codes/finding';
import type { KubeVersion } from '../base/types';
import { analyzeDocument } from '../route/analyze-document';
import { REASON_SYNTAX, REASON_TYPE_META, type AnalyzeInputs } from '../route/inputs';
import { isJsonInput, jsonSyntaxError } from '../parse/json-input';
import { append } from '../base/append';
import { capFindings } from './cap-findings';
import { applyKustomizeFacts } from '../kustomize/apply';
import { assignVerdicts } from '../gates/verdict-pass';
import { loneCrAsLf } from '../parse/kubectl-lexical';
import { addCrdFacts, mayHoldCrd, type CrdFileFacts } from '../api-extensions/workspace';
import { kustomizeFactsOf, placeOf, takenOf } from './place';

export interface FileAnalysis {
  parsed: ParsedFile;
  directives: Directives;
  /** The version checked against: the file's `# kubegate: kubernetes-version=…` comment, else options.version. */
  version: KubeVersion;
  /** One per non-empty document, in document order (findings before the gate step). */
  documents: DocumentAnalysis[];
}

/** Parses, routes and walks every document; gate findings are not added (see checkText). */
export function analyzeFile(text: string, options: CheckOptions, knowledge: KnowledgeOptions = {}): FileAnalysis {
  return analyzeParsed(parseFile(text), options, knowledge);
}

/** `ownVersion` false: the version is options.version whatever the text's comments say (walkDocumentText). */
function analyzeParsed(parsed: ParsedFile, options: CheckOptions, knowledge: KnowledgeOptions, ownVersion = true): FileAnalysis {
  const directives = parseDirectives(parsed);
  const version = (ownVersion ? directives.version?.value : undefined) ?? options.version;
  const inputs = analyzeInputs(version, options, knowledge);
  const documents: DocumentAnalysis[] = [];
  for (const pdoc of parsed.documents) {
    const analysis = analyzeDocument(parsed, pdoc, inputs);
    if (analysis) documents.push(analysis);
  }
  const kustomize = kustomizeFactsOf(options);
  if (kustomize) applyKustomizeFacts(parsed, documents, kustomize, { data: inputs.data, brief: inputs.brief, file: options.file });
  return { parsed, directives, version, documents };
}

/** analyzeFile for a check, one document at a time: each document is analysed as soon as it is parsed and its
 *  tree dropped (a lower memory peak on a large file). Undefined where the parser's fast path gives up on the
 *  text (the package then reads it whole). */
function analyzeEachDocument(text: string, options: CheckOptions, knowledge: KnowledgeOptions, ownVersion: boolean): FileAnalysis | undefined {
  const lineCounter = textLineCounter(text);
  // The version comment is read from the text's comments alone (the documents only scope disable comments).
  const version = (ownVersion ? parseDirectives({ text, lineCounter, documents: [] }).version?.value : undefined) ?? options.version;
  const inputs = analyzeInputs(version, options, knowledge);
  const documents: DocumentAnalysis[] = [];
  // The whole file's CRDs, read from the documents as they go by (not from one document's text alone).
  const own = ownVersion && options.ownCrdFacts && mayHoldCrd(text) ? options.ownCrdFacts : undefined;
  const crds: CrdFileFacts = { defs: [], problems: [] };
  const parsed = eachDocument(text, lineCounter, (pdoc, file) => {
    if (own && pdoc.doc) addCrdFacts(pdoc.doc, text, own.file, lineCounter, crds);
    const analysis = analyzeDocument(file, pdoc, inputs);
    if (analysis) documents.push(analysis);
  });
  if (parsed && own) own.take(text, crds);
  return parsed && { parsed, directives: parseDirectives(parsed), version, documents };
}

function analyzeInputs(version: KubeVersion, options: CheckOptions, knowledge: KnowledgeOptions): AnalyzeInputs {
  const place = placeOf(options);
  return { data: loadVersion(version, knowledge).data, brief: briefFacts(knowledge), file: options.file, crds: options.crds, objectMeta: objectMetaFacts(knowledge), ...(place ? { place } : {}) };
}

/** The report of JSON input that does not parse: one syntax error, nothing checked. */
function invalidJsonReport(text: string): FileReport | undefined {
  const problem = jsonSyntaxError(text);
  if (!problem) return undefined;
  const range = { start: { line: 0, character: 0 }, end: problem.range.end };
  const syntax: Finding = finding('yaml-syntax', { severity: 'error', message: `${problem.message}: the file is not checked further`, fix: 'Fix the JSON.', range: problem.range, document: 0, data: { json: true } });
  return { documents: [{ index: 0, checked: false, status: 'syntax-error', reason: REASON_SYNTAX, range }], findings: assignVerdicts([syntax], []) };
}

export function checkText(input: string, options: CheckOptions, knowledge: KnowledgeOptions = {}): FileReport {
  const walked = walkText(input, options, knowledge);
  return 'findings' in walked ? walked : reportOf(walked, options, knowledge);
}

/**
 * Everything of a check that does not depend on gate state: parse, route, walk (and kustomize facts). The gate
 * step (reportOf) turns it into a report for an environment, so a change of gate state elsewhere (a config
 * edit, a setting) re-runs only that step. JSON that does not parse gives its report at once.
 */
export function walkText(input: string, options: CheckOptions, knowledge: KnowledgeOptions = {}): FileAnalysis | FileReport {
  const text = loneCrAsLf(input);
  // A chart's template is read as a template whatever its first character.
  if ((options.json ?? isJsonInput(text)) && placeOf(options)?.as !== 'chart-template') {
    const invalid = invalidJsonReport(text);
    if (invalid) return invalid;
  }
  return walkYaml(text, options, knowledge, true);
}

/**
 * walkText for the text of one YAML document of a file (engine/incremental walks each document on its own): read
 * as YAML against options.version, whatever the text's own comments say (the file's version comment and its JSON
 * reading are decided on the whole file).
 */
export function walkDocumentText(text: string, options: CheckOptions, knowledge: KnowledgeOptions = {}): FileAnalysis {
  return walkYaml(text, options, knowledge, false);
}

function walkYaml(text: string, options: CheckOptions, knowledge: KnowledgeOptions, ownVersion: boolean): FileAnalysis {
  // Kustomize facts need the documents' trees (JSON6902 operations are walked after the documents); template
  // markers are read over the documents together.
  if (kustomizeFactsOf(options) || text.includes('{{')) return analyzeParsed(parseFile(text), options, knowledge, ownVersion);
  return analyzeEachDocument(text, options, knowledge, ownVersion) ?? analyzeParsed(parseFile(text, { fastPath: false }), options, knowledge, ownVersion);
}

/**
 * The gate step's result per document, kept between the reports of one open document (incremental/open-document.ts):
 * a document's result is reused while its walk is the same object and so is everything the file's environment is
 * made of (the outside environment, version, knowledge, and the walks of the file's documents that set gates).
 */
export class GateStepMemo {
  private key: unknown[] = [];
  private results = new WeakMap<DocumentAnalysis, DocumentAnalysis>();
  /** Documents whose gate step ran (tests count them). */
  ran = 0;

  run(analyses: DocumentAnalysis[], ctx: GateStepContext): DocumentAnalysis[] {
    const key: unknown[] = [ctx.environment, ctx.version, ctx.file, ctx.knowledge.catalog, ctx.knowledge.brief];
    for (const a of analyses) if (a.gateSettings.length > 0 || groupOf(a.report.apiVersion ?? '') === KUBEADM_GROUP) key.push(a);
    if (key.length !== this.key.length || key.some((k, i) => k !== this.key[i])) {
      this.key = key;
      this.results = new WeakMap();
    }
    let env: GateEnvironment | undefined;
    return analyses.map((a) => {
      let result = this.results.get(a);
      if (!result) {
        env ??= environmentForFile(analyses, ctx);
        result = gateStepOf(a, env, ctx);
        this.ran++;
        this.results.set(a, result);
      }
      return result;
    });
  }
}

/** The report of an analysed file: gate findings added, disable comments applied, findings in order. `memo`: the
 *  gate step's results kept from the last report of the same document. */
export function reportOf(analysis: FileAnalysis, options: CheckOptions, knowledge: KnowledgeOptions = {}, memo?: GateStepMemo): FileReport {
  // ── Gate step (engine/gates): gated uses + gate settings + environment → gate findings;
  //    also silences api-disabled-by-default where a runtime-config source enables the API.
  const ctx: GateStepContext = {
    version: analysis.version,
    knowledge: { catalog: gateCatalog(knowledge), brief: briefFacts(knowledge) },
    environment: options.environment,
    file: options.file,
  };
  const withGates = memo ? memo.run(analysis.documents, ctx) : runGateStep(analysis.documents, ctx);

  const findings: Finding[] = [];
  const fragments = isFragmentFile(options, analysis.directives);
  const used: DisableUse = new Map();
  let disabled = 0;
  const documents = withGates.map((doc) => {
    const own = fragments ? doc.findings.filter((f) => f.data?.rule !== 'typeMeta') : doc.findings;
    const kept = applyDisableComments(own, analysis.directives, used);
    disabled += own.length - kept.length;
    append(findings, kept);
    // A document refused for its missing apiVersion/kind: the finding says why it is not checked further.
    const refused = doc.report.status === 'fragment' && own.some((f) => f.data?.rule === 'typeMeta');
    return refused ? { ...doc.report, status: 'type-meta' as const, reason: REASON_TYPE_META } : doc.report;
  });
  append(findings, disableCommentFindings(analysis.directives, used, options.reportUnusedDisables === true));
  // Nothing silenced without a count: findings dropped by disable comments, a file read as a patch, and the
  // documents of a patch checked as whole objects.
  const whole = documents.filter((d) => d.wholeObject).length;
  const silenced: Silenced = {
    ...(disabled > 0 ? { disableComments: disabled } : {}),
    ...(options.kustomize?.role === 'patch' ? { readAsPatch: true as const } : {}),
    ...(whole > 0 ? { patchesCheckedWhole: whole } : {}),
  };
  const taken = takenOf(placeOf(options), kustomizeFactsOf(options), documents);
  return { taken, documents, findings: assignVerdicts(capFindings(sortFindings(dedupe(findings))), []), ...(Object.keys(silenced).length > 0 ? { silenced } : {}) };
}

/** A kustomize patch, or a file marked `# kubegate: fragment`, holds fragments: a document of it without apiVersion
 *  or kind is not refused. */
function isFragmentFile(options: CheckOptions, directives: Directives): boolean {
  return kustomizeFactsOf(options)?.role === 'patch' || (options.fragment ?? directives.fragment === true);
}

/** Document order, then position, then code (stable for equal keys). */
function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      (a.document ?? -1) - (b.document ?? -1) ||
      comparePositions(a.range.start, b.range.start) ||
      comparePositions(a.range.end, b.range.end) ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}

/** The same finding twice (a node reached through a YAML alias and its anchor) is reported once. */
function dedupe(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = [f.document, f.code, f.path, f.range.start.line, f.range.start.character, f.range.end.line, f.range.end.character, f.message].join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
