// One YAML document → DocumentAnalysis: template and syntax checks, routing, the walk against the type data
// and the collection of gated uses and gate settings. Gates are not judged here.
import { isAlias, isMap, isScalar, isSeq, YAMLMap, type Node, type Pair } from 'yaml';
import { resolveAlias } from '../parse/aliases';
import { finding } from '../codes';
import { plainReason } from '../gates/messages';
import { readGateConfig } from '../gates/config-readers';
import type { KindEntry, VersionData } from '../knowledge/format';
import type { DocumentAnalysis, ParsedDocument, ParsedFile, RuntimeConfigEntry } from '../model';
import { splitApiVersion } from '../base/api-version';
import { rangeOf } from '../parse/ranges';
import { routeKind, type Route } from './route';
import type { DocumentReport, Range } from '../base/types';
import type { Finding } from '../codes/finding';
import { gateComponentOf, type WalkContext } from '../validate/context';
import { walkRoot } from '../validate/walk';
import { checkObjectMeta } from '../validate/object-meta';
import { checkApiServerRules } from '../validate/apiserver/run';
import { analyzeCustomResource } from '../crd/analyze';
import { crdDocumentFindings } from '../crd/crd-document';
import { controlCharacterFinding } from '../parse/kubectl-lexical';
import { collectionKeyFinding } from '../parse/kubectl-keys';
import { append } from '../base/append';
import { typeMetaFinding } from './type-meta';
import { apiFindings } from './api-findings';
import { REASON_FRAGMENT, REASON_NOT_SERVED, REASON_SYNTAX, REASON_UNKNOWN_KIND, type AnalyzeInputs, type TypeMeta } from './inputs';
import { isApiObjectGroup, withApiObjects } from '../crd/api-objects';
import { validateApiObject } from '../crd/api-object-rules';
import { tooDeepNote, unreadNote } from './not-read-notes';

/** Analysis of one document; undefined for an empty document (only comments or a stray `---`). */
export function analyzeDocument(parsed: ParsedFile, pdoc: ParsedDocument, inputs: AnalyzeInputs): DocumentAnalysis | undefined {
  const base: DocumentReport = { index: pdoc.index, checked: false, range: pdoc.range };
  const analysis: DocumentAnalysis = {
    report: base,
    findings: [],
    gatedUses: [],
    gateSettings: [],
    runtimeConfig: [],
    namedVersions: [],
  };
  if (pdoc.templated) {
    base.reason = 'template: the document holds Go/Helm template markers ({{ … }})';
    append(analysis.findings, templateFindings(parsed, pdoc, inputs));
    return analysis;
  }
  if (pdoc.unread) {
    base.reason = `not read: the file has more than ${pdoc.unread.templateDocuments} documents with template markers before it`;
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
    base.reason = REASON_SYNTAX;
    analysis.findings.push(control);
    return analysis;
  }
  if (pdoc.errors.length > 0) {
    base.reason = REASON_SYNTAX;
    for (const e of pdoc.errors) {
      analysis.findings.push(finding('yaml-syntax', {
        message: `${e.message}: this document is not checked further`,
        fix: 'Fix the YAML.',
        range: e.range,
        document: pdoc.index,
      }));
    }
    return analysis;
  }
  const doc = pdoc.doc;
  if (!doc) return undefined;
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
  const out: Finding[] = [
    finding('template-not-checked', {
      message: 'Not checked: this document is a Go/Helm template ({{ … }})',
      fix: 'Check the rendered output instead, e.g. helm template … | kubegate check -.',
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
  const sink: DocumentAnalysis = { report: { index: pdoc.index, checked: false, range: pdoc.range }, findings: [], gatedUses: [], gateSettings: [], runtimeConfig: [], namedVersions: [] };
  analyzeObject(parsed, pdoc, stub, { ...inputs, crds: undefined }, found, sink, undefined);
  for (const f of found) if (TEMPLATE_API_CODES.has(f.code)) out.push(f);
  return out;
}

function readTypeMeta(parsed: ParsedFile, map: YAMLMap): TypeMeta {
  const meta: TypeMeta = {};
  for (const pair of map.items as Pair<Node | null, Node | null>[]) {
    if (!isScalar(pair.key)) continue;
    const name = pair.key.value;
    if (name !== 'apiVersion' && name !== 'kind') continue;
    const v = pair.value;
    const r = v?.range ?? pair.key.range;
    const range = r ? rangeOf(parsed.lineCounter, r[0], r[1]) : undefined;
    const value = isScalar(v) && typeof v.value === 'string' ? v.value : undefined;
    if (name === 'apiVersion') {
      meta.apiVersion = value;
      meta.apiVersionRange = range;
    } else {
      meta.kind = value;
      meta.kindRange = range;
      const kr = pair.key.range;
      if (kr) meta.kindKeyRange = rangeOf(parsed.lineCounter, kr[0], kr[1]);
    }
  }
  return meta;
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
  const report: DocumentReport = { index: pdoc.index, checked: false, range: fallbackRange };
  if (!node || !isMap(node)) {
    report.reason = node && isScalar(node) && node.value === null ? 'null entry' : 'not a Kubernetes object (no apiVersion and kind)';
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
    report.reason = REASON_FRAGMENT;
    const finding = typeMetaFinding(parsed, node, meta, pdoc.index);
    if (finding) findings.push(finding);
    return report;
  }
  report.apiVersion = apiVersion;
  report.kind = kind;
  const where = meta.apiVersionRange ?? meta.kindRange ?? fallbackRange;
  const kindWhere = meta.kindRange ?? where;
  // CRDs and APIServices are built-in objects (crd/api-objects.ts): never read with a catalog's CRD.
  if (isApiObjectGroup(apiVersion)) inputs = { ...inputs, data: withApiObjects(inputs.data) };
  if (kind === 'CustomResourceDefinition' && apiVersion.startsWith('apiextensions.k8s.io/') && pdoc.doc) {
    // What kube-apiserver checks when a CRD is created beyond its type (RE2 patterns, schema bounds).
    append(findings, crdDocumentFindings({ doc: pdoc.doc, lineCounter: parsed.lineCounter, document: pdoc.index, root: node }));
  }
  if (inputs.crds && isMap(node)) {
    const custom = analyzeCustomResource({ parsed, pdoc, map: node, apiVersion, kind, data: inputs.data, brief: inputs.brief, crds: inputs.crds, where, kindWhere, kindKeyRange: meta.kindKeyRange, findings, sink, metaLimits: inputs.objectMeta?.limits });
    if (custom) return { ...report, checked: custom.checked, ...(custom.reason ? { reason: custom.reason } : {}) };
  }
  const route: Route = routeKind(apiVersion, kind, inputs.data, inputs.brief);
  const add = (f: Finding) => findings.push({ ...f, document: pdoc.index });

  switch (route.type) {
    case 'not-checked':
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
      report.reason = REASON_NOT_SERVED;
      return report;
    }
    case 'list':
      report.checked = true;
      report.items = analyzeListItems(parsed, pdoc, node, route, inputs, findings, sink);
      return report;
    case 'kind':
      report.checked = true;
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

/** Gate settings, runtime-config entries and named versions of a config document (read by engine/gates). */
function collectSettings(parsed: ParsedFile, pdoc: ParsedDocument, inputs: AnalyzeInputs, sink: DocumentAnalysis): void {
  if (!pdoc.doc) return;
  const info = readGateConfig(pdoc.doc, { lineCounter: parsed.lineCounter, document: pdoc.index, file: inputs.file, text: parsed.text });
  if (!info || info.configKind === 'static-pod') return;
  append(sink.gateSettings, info.settings);
  append(sink.runtimeConfig, info.runtimeConfig);
  append(sink.namedVersions, info.namedVersions);
  for (const entry of info.runtimeConfig) {
    const f = runtimeConfigFinding(entry, inputs.data);
    if (f) sink.findings.push({ ...f, document: pdoc.index });
  }
}

/** A `--runtime-config` entry that enables a group-version kube-apiserver never serves: it refuses to start. */
function runtimeConfigFinding(entry: RuntimeConfigEntry, data: VersionData): Finding | undefined {
  if (!entry.value || !entry.range || entry.key.startsWith('api/') || entry.key.split('/').length !== 2) return undefined;
  const why = data.served?.notServed[entry.key];
  const [group] = splitApiVersion(entry.key);
  const known = why !== undefined || data.served?.byDefault.includes(entry.key) || data.served?.whenEnabled.includes(entry.key);
  if (known && why === undefined) return undefined;
  if (!known && !data.builtinGroups.includes(group)) return undefined;
  const message = why !== undefined
    ? `kube-apiserver ${data.version} refuses to start: it never serves ${entry.key}`
    : `kube-apiserver ${data.version} refuses to start: ${entry.key} is not a group-version it knows`;
  const alternatives = [...(data.served?.byDefault ?? []), ...(data.served?.whenEnabled ?? [])].filter((gv) => splitApiVersion(gv)[0] === group);
  return finding('api-not-served', {
    message,
    fix: alternatives.length > 0 ? `Remove the entry, or enable one it serves: ${alternatives.join(', ')}.` : 'Remove the entry.',
    ...(why ? { detail: why } : {}),
    path: entry.key,
    range: entry.range,
    data: { apiVersion: entry.key, runtimeConfig: true, ...(why !== undefined ? { neverServed: true } : {}), served: alternatives },
  });
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

