// One YAML document → DocumentAnalysis: template and syntax checks, routing, the walk against the type data
// and the collection of gated uses and gate settings. Gates are not judged here.
import { isAlias, isMap, isScalar, isSeq, YAMLMap, type Node, type Pair } from 'yaml';
import { resolveAlias } from '../parse/aliases';
import { finding } from '../codes';
import { plainReason } from '../gates/messages';
import type { KindEntry } from '../knowledge/data-contract';
import type { DocumentAnalysis, ParsedDocument, ParsedFile } from '../model';
import { rangeOf } from '../parse/ranges';
import { routeKind, type Route } from './route';
import type { DocumentReport, Range } from '../base/types';
import type { Finding } from '../codes/finding';
import { gateComponentOf, type WalkContext } from '../validate/context';
import { walkRoot } from '../validate/walk';
import { checkObjectMeta } from '../validate/object-meta';
import { checkApiServerRules } from '../validate/apiserver/run';
import { analyzeCustomResource } from '../api-extensions/analyze';
import { crdDocumentFindings } from '../api-extensions/crd-document';
import { controlCharacterFinding } from '../parse/kubectl-lexical';
import { collectionKeyFinding } from '../parse/kubectl-keys';
import { append } from '../base/append';
import { isKustomizationFile } from '../base/paths';
import { readTypeMeta, typeMetaFinding } from './type-meta';
import { kubeadmPatchFile, notAnObject, placeStatus } from './classify';
import { kindsNamed } from '../knowledge/version-index';
import { apiFindings } from './api-findings';
import { collectSettings } from './config-settings';
import { REASON_FRAGMENT, REASON_NOT_SERVED, REASON_SYNTAX, REASON_UNKNOWN_KIND, type AnalyzeInputs, type TypeMeta } from './inputs';
import { isApiObjectGroup, withApiObjects } from '../api-extensions/api-objects';
import { validateApiObject } from '../api-extensions/api-object-rules';
import { tooDeepNote, unreadNote } from './not-read-notes';
import { placeholdersOnly } from '../parse/templates';

/** Analysis of one document; undefined for an empty document (only comments or a stray `---`). */
export function analyzeDocument(parsed: ParsedFile, pdoc: ParsedDocument, inputs: AnalyzeInputs): DocumentAnalysis | undefined {
  const base: DocumentReport = { index: pdoc.index, checked: false, status: 'not-read', range: pdoc.range };
  const analysis: DocumentAnalysis = {
    report: base,
    findings: [],
    gatedUses: [],
    gateSettings: [],
    runtimeConfig: [],
    namedVersions: [],
  };
  const place = inputs.place;
  if (place?.as === 'chart-template') {
    // A chart's template, whatever it holds: one note per chart (the front ends), none per document.
    base.status = 'template';
    base.reason = `template of chart ${place.chart.name}: not checked; check the rendered output (helm template … | kubegate check -)`;
    append(analysis.findings, templateFindings(parsed, pdoc, inputs).filter((f) => f.code !== 'template-not-checked'));
    return analysis;
  }
  if (pdoc.templated) {
    base.status = 'template';
    const placeholders = placeholdersOnly(parsed.text.slice(pdoc.start, pdoc.end));
    base.reason = `template: the document holds ${placeholders ? '${…} placeholders (envsubst or a script fills them in)' : 'Go/Helm template markers ({{ … }})'}`;
    append(analysis.findings, templateFindings(parsed, pdoc, inputs));
    return analysis;
  }
  if (pdoc.unread) {
    base.reason =
      pdoc.unread.rule === 'node-budget'
        ? `not read: the file holds more than ${pdoc.unread.nodes.toLocaleString('en-US')} YAML nodes before its end`
        : `not read: the file has more than ${pdoc.unread.templateDocuments} documents with template markers before it`;
    if (pdoc.unread.first) analysis.findings.push(unreadNote(pdoc));
    return analysis;
  }
  if (pdoc.tooDeep) {
    base.reason = `not read: the document nests deeper than ${pdoc.tooDeep.limit} levels`;
    analysis.findings.push(tooDeepNote(pdoc, pdoc.tooDeep));
    return analysis;
  }
  // kubectl's YAML reader refuses a document holding a control character (NUL, U+0001, …) before any parse, and
  // one with a list or a mapping as a key when it decodes it (checked after the package's own errors: a document
  // it cannot parse is reported as such).
  const control = controlCharacterFinding(parsed, pdoc) ?? (pdoc.errors.length === 0 ? collectionKeyFinding(parsed, pdoc) : undefined);
  if (control) {
    base.status = 'syntax-error';
    base.reason = REASON_SYNTAX;
    analysis.findings.push(control);
    return analysis;
  }
  if (pdoc.errors.length > 0) {
    base.status = 'syntax-error';
    base.reason = REASON_SYNTAX;
    for (const e of pdoc.errors) {
      analysis.findings.push(finding('yaml-syntax', {
        message: `${e.message}: this document is not checked further`,
        fix: 'Fix the YAML.',
        range: e.range,
        document: pdoc.index,
        ...(isKustomizationFile(inputs.file) ? { data: { kustomization: true } } : {}),
      }));
    }
    return analysis;
  }
  const doc = pdoc.doc;
  if (!doc) return undefined;
  const taken = placeStatus(place);
  if (taken) {
    base.status = taken.status;
    base.reason = taken.reason;
    return analysis;
  }
  const root = doc.contents as Node | null;
  const item = analyzeObject(parsed, pdoc, root, inputs, analysis.findings, analysis, undefined);
  analysis.report = { ...item, index: pdoc.index, range: pdoc.range };
  return analysis;
}

/** The plain part of a not-shipped note, as a following sentence (or nothing). */
function notShippedWhy(note: string | undefined): string {
  const plain = plainReason(note);
  return plain ? ` ${plain}` : '';
}

/** API-level codes a template's plain apiVersion and kind can be checked for without rendering. */
const TEMPLATE_API_CODES: ReadonlySet<string> = new Set(['unknown-kind', 'api-not-served', 'api-deprecated', 'api-disabled-by-default']);

/**
 * A template document is not checked, and says so once: an information finding on its first line. What needs
 * no rendering is still checked: a plain (untemplated) top-level apiVersion and kind are routed as in any
 * document, and only the API findings of that route are kept (the rest of the document is template text).
 */
function templateFindings(parsed: ParsedFile, pdoc: ParsedDocument, inputs: AnalyzeInputs): Finding[] {
  const lines = parsed.text.slice(pdoc.start, pdoc.end).split('\n');
  let offset = pdoc.start;
  let first: Range | undefined;
  for (const line of lines) {
    const body = line.replace(/\r$/, '');
    const trimmed = body.trim();
    if (trimmed !== '' && !trimmed.startsWith('#') && !/^---(\s|$)/.test(trimmed) && trimmed !== '...') {
      const lead = body.length - body.trimStart().length;
      first = rangeOf(parsed.lineCounter, offset + lead, offset + body.length);
      break;
    }
    offset += line.length + 1;
  }
  const placeholders = placeholdersOnly(parsed.text.slice(pdoc.start, pdoc.end));
  const out: Finding[] = [
    finding('template-not-checked', {
      message: placeholders ? 'Not checked: ${…} placeholders shape this document' : 'Not checked: this document is a Go/Helm template ({{ … }})',
      fix: placeholders ? 'Check the output with the placeholders filled in, e.g. envsubst < file | kubegate check -.' : 'Check the rendered output instead, e.g. helm template … | kubegate check -.',
      range: first ?? pdoc.range,
      document: pdoc.index,
      data: { rule: 'template' },
    }),
  ];
  const root = pdoc.doc && pdoc.errors.length === 0 ? (pdoc.doc.contents as Node | null) : null;
  if (!root || !isMap(root)) return out;
  const typeMeta = root.items.filter((p) => isScalar(p.key) && (p.key.value === 'apiVersion' || p.key.value === 'kind'));
  const plain = typeMeta.every((p) => isScalar(p.value) && typeof p.value.value === 'string' && !p.value.value.includes('{{'));
  if (typeMeta.length !== 2 || !plain) return out;
  const stub = new YAMLMap();
  stub.items = typeMeta;
  stub.range = root.range;
  const found: Finding[] = [];
  const sink: DocumentAnalysis = { report: { index: pdoc.index, checked: false, status: 'template', range: pdoc.range }, findings: [], gatedUses: [], gateSettings: [], runtimeConfig: [], namedVersions: [] };
  analyzeObject(parsed, pdoc, stub, { ...inputs, crds: undefined }, found, sink, undefined);
  for (const f of found) if (TEMPLATE_API_CODES.has(f.code)) out.push(f);
  return out;
}

/**
 * Routes and walks one object (a document root or a List item). Findings go to `findings`; gate data to
 * `sink`. `defaults` gives the apiVersion/kind of a typed list's items that name neither.
 */
function analyzeObject(
  parsed: ParsedFile,
  pdoc: ParsedDocument,
  node: Node | null,
  inputs: AnalyzeInputs,
  findings: Finding[],
  sink: DocumentAnalysis,
  defaults: { apiVersion: string; kind: string } | undefined,
): DocumentReport {
  const fallbackRange = node?.range ? rangeOf(parsed.lineCounter, node.range[0], node.range[1]) : pdoc.range;
  const report: DocumentReport = { index: pdoc.index, checked: false, status: 'not-kubernetes', range: fallbackRange };
  if (!node || !isMap(node)) {
    const empty = !!node && isScalar(node) && node.value === null;
    if (empty) report.status = 'empty';
    const patch = node === pdoc.doc?.contents ? kubeadmPatchFile(inputs.file) : undefined;
    report.reason = empty ? 'null entry' : (patch ?? 'not a Kubernetes object (no apiVersion and kind)');
    return report;
  }
  const meta = readTypeMeta(parsed, node);
  let apiVersion = meta.apiVersion;
  let kind = meta.kind;
  if (defaults && apiVersion === undefined && kind === undefined && meta.apiVersionRange === undefined && meta.kindRange === undefined) {
    apiVersion = defaults.apiVersion;
    kind = defaults.kind;
  }
  if (apiVersion === undefined || kind === undefined) {
    const notObject = node === pdoc.doc?.contents ? notAnObject(node, meta, (k) => kindsNamed(inputs.data, k).length > 0, inputs.file) : undefined;
    if (notObject) {
      report.reason = notObject;
      return report;
    }
    report.status = 'fragment';
    report.reason = REASON_FRAGMENT;
    const finding = typeMetaFinding(parsed, node, meta, pdoc.index);
    if (finding) findings.push(finding);
    return report;
  }
  report.apiVersion = apiVersion;
  report.kind = kind;
  const where = meta.apiVersionRange ?? meta.kindRange ?? fallbackRange;
  const kindWhere = meta.kindRange ?? where;
  // CRDs and APIServices are built-in objects (api-extensions/api-objects.ts): never read with a catalog's CRD.
  if (isApiObjectGroup(apiVersion)) inputs = { ...inputs, data: withApiObjects(inputs.data) };
  if (kind === 'CustomResourceDefinition' && apiVersion.startsWith('apiextensions.k8s.io/') && pdoc.doc) {
    // What kube-apiserver checks when a CRD is created beyond its type (RE2 patterns, schema bounds).
    append(findings, crdDocumentFindings({ doc: pdoc.doc, lineCounter: parsed.lineCounter, document: pdoc.index, root: node }));
  }
  if (inputs.crds && isMap(node)) {
    const custom = analyzeCustomResource({ parsed, pdoc, map: node, apiVersion, kind, data: inputs.data, brief: inputs.brief, crds: inputs.crds, where, kindWhere, kindKeyRange: meta.kindKeyRange, findings, sink, metaLimits: inputs.objectMeta?.limits });
    if (custom) return { ...report, checked: custom.status === 'checked', status: custom.status, ...(custom.reason ? { reason: custom.reason } : {}) };
  }
  const route: Route = routeKind(apiVersion, kind, inputs.data, inputs.brief);
  const add = (f: Finding) => findings.push({ ...f, document: pdoc.index });

  switch (route.type) {
    case 'not-checked':
      report.status = route.status;
      report.reason = route.reason;
      return report;
    case 'unknown-kind':
      add(finding('unknown-kind', {
        message:
          `No kind ${kind} in ${apiVersion}` + (route.suggestion ? `: did you mean ${route.suggestion}?` : ` (Kubernetes ${inputs.data.version})`),
        fix: route.suggestion ? `Change the kind to ${route.suggestion}.` : 'Check the kind and the apiVersion.',
        path: `${apiVersion}/${kind}`,
        range: kindWhere,
        data: { apiVersion, kind, ...(route.suggestion ? { suggestion: route.suggestion } : {}) },
      }));
      report.status = 'unknown-kind';
      report.reason = REASON_UNKNOWN_KIND;
      return report;
    case 'api-not-served': {
      let message = `${apiVersion} ${kind} is not served in ${inputs.data.version}`;
      let detail: string | undefined;
      if (route.notShipped) {
        message += ` (KEP-${route.notShipped.kep} not shipped)`;
        detail = `It was designed in KEP-${route.notShipped.kep} (${route.notShipped.feature}) but not shipped in Kubernetes ${inputs.data.version}.${notShippedWhy(route.notShipped.note)}`;
      } else if (route.removedIn) message += ` (removed in ${route.removedIn})`;
      else if (route.neverServed !== undefined) {
        message = `Applying fails: kube-apiserver ${inputs.data.version} never serves ${apiVersion}, not even with --runtime-config`;
        detail = route.neverServed;
      }
      let fix: string;
      if (route.servedAs.length > 0) fix = `Use apiVersion ${route.servedAs[0]}.`;
      else if (route.replacement) fix = `Use ${route.replacement}.`;
      else if (route.notShipped) fix = 'Remove this document.';
      else fix = `No apiVersion serves ${kind} in Kubernetes ${inputs.data.version}: remove this document, or target a Kubernetes version that serves it.`;
      add(finding('api-not-served', {
        message,
        fix,
        ...(detail ? { detail } : {}),
        path: `${apiVersion}/${kind}`,
        range: where,
        data: {
          apiVersion,
          kind,
          servedAs: route.servedAs,
          ...(route.notShipped ? { kep: route.notShipped.kep, feature: route.notShipped.feature } : {}),
          ...(route.removedIn ? { removedIn: route.removedIn } : {}),
          ...(route.neverServed !== undefined ? { neverServed: true } : {}),
        },
      }));
      report.status = 'not-served';
      report.reason = REASON_NOT_SERVED;
      return report;
    }
    case 'list':
      report.checked = true;
      report.status = 'checked';
      report.items = analyzeListItems(parsed, pdoc, node, route, inputs, findings, sink);
      return report;
    case 'kind':
      report.checked = true;
      report.status = 'checked';
      if (route.entry.component) report.config = true;
      apiFindings(route.entry, inputs, where, add);
      walkKind(parsed, pdoc, node, route.entry, inputs, findings, sink, meta, kindWhere);
      if (isApiObjectGroup(apiVersion) && pdoc.doc) {
        validateApiObject({ kind, map: node, doc: pdoc.doc, lineCounter: parsed.lineCounter, document: pdoc.index, ownerRange: meta.kindKeyRange ?? kindWhere, findings });
      }
      return report;
  }
}

function walkKind(
  parsed: ParsedFile,
  pdoc: ParsedDocument,
  map: YAMLMap,
  entry: KindEntry,
  inputs: AnalyzeInputs,
  findings: Finding[],
  sink: DocumentAnalysis,
  meta: TypeMeta,
  kindWhere: Range,
): void {
  const doc = pdoc.doc;
  if (!doc) return;
  const ctx: WalkContext = {
    data: inputs.data,
    brief: inputs.brief,
    text: parsed.text,
    lineCounter: parsed.lineCounter,
    doc,
    document: pdoc.index,
    root: map,
    entry,
    isConfig: !!entry.component,
    component: gateComponentOf(entry),
    findings,
    gatedUses: sink.gatedUses,
  };
  for (const gate of entry.gates ?? []) {
    sink.gatedUses.push({
      gate,
      via: 'kind',
      path: '(kind)',
      range: kindWhere,
      document: pdoc.index,
      apiVersion: entry.apiVersion,
      kind: entry.kind,
      ...(ctx.component ? { component: ctx.component } : {}),
    });
  }
  walkRoot(ctx, map, entry.root, meta.kindKeyRange ?? kindWhere);
  if (!entry.component && inputs.objectMeta) checkObjectMeta(ctx, map, entry, { facts: inputs.objectMeta }, kindWhere);
  if (!entry.component && inputs.objectMeta) checkApiServerRules(ctx, map, entry, meta.kindKeyRange ?? kindWhere, inputs.objectMeta.limits);
  if (entry.component && map === doc.contents) collectSettings(parsed, pdoc, inputs, sink);
}

function analyzeListItems(
  parsed: ParsedFile,
  pdoc: ParsedDocument,
  list: YAMLMap,
  route: Extract<Route, { type: 'list' }>,
  inputs: AnalyzeInputs,
  findings: Finding[],
  sink: DocumentAnalysis,
): DocumentReport[] {
  const pair = (list.items as Pair<Node | null, Node | null>[]).find((p) => isScalar(p.key) && p.key.value === 'items');
  const items = pair?.value;
  if (!pair || !items || (isScalar(items) && items.value === null)) return [];
  if (!isSeq(items)) {
    findings.push(finding('invalid-value', {
      message: `items of a ${route.kind} must be a list of objects`,
      fix: 'Write items as a list (each entry starting with "- ").',
      path: 'items',
      range: items.range ? rangeOf(parsed.lineCounter, items.range[0], items.range[1]) : pdoc.range,
      document: pdoc.index,
      data: { expected: 'list', got: isMap(items) ? 'mapping' : 'scalar' },
    }));
    return [];
  }
  const defaults = route.itemKind ? { apiVersion: route.apiVersion, kind: route.itemKind.kind } : undefined;
  return (items.items as (Node | null)[]).map((raw, i) => {
    const item = raw && isAlias(raw) && pdoc.doc ? (resolveAlias(pdoc.doc, raw) ?? null) : raw;
    const r = analyzeObject(parsed, pdoc, item, inputs, findings, sink, defaults);
    const range = raw?.range ? rangeOf(parsed.lineCounter, raw.range[0], raw.range[1]) : pdoc.range;
    return { ...r, index: i, range };
  });
}

