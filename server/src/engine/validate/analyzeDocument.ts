// One YAML document → DocumentAnalysis: template / syntax checks (rule 2), routing (rule 3), the walk
// (rules 4, 9, 10) and the collection of gated uses and gate settings. Gates are not judged here.
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import { defaultSeverity } from '../codes';
import { readGateConfig } from '../gates/config-readers';
import type { BriefFacts, KindEntry, VersionData } from '../knowledge/format';
import type { DocumentAnalysis, GateEnvironment, ParsedDocument, ParsedFile } from '../model';
import { rangeOf } from '../parse/ranges';
import { routeKind, type Route } from '../route/route';
import type { DocumentReport, Finding, Range } from '../types';
import { gateComponentOf, type WalkContext } from './context';
import { walkRoot } from './walk';

/** DocumentReport reasons of documents that are not checked because a finding says why (yaml-syntax,
 *  unknown-kind, api-not-served); any other unchecked document is "not checked" (CRD, template, fragment, …). */
export const REASON_SYNTAX = 'YAML syntax error';
export const REASON_UNKNOWN_KIND = 'unknown kind';
export const REASON_NOT_SERVED = 'API version not served';
export const NOT_CHECKED_BY_FINDING: ReadonlySet<string> = new Set([REASON_SYNTAX, REASON_UNKNOWN_KIND, REASON_NOT_SERVED]);

export interface AnalyzeInputs {
  data: VersionData;
  brief?: BriefFacts;
  environment?: GateEnvironment;
  file?: string;
}

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
    return analysis;
  }
  if (pdoc.errors.length > 0) {
    base.reason = REASON_SYNTAX;
    for (const e of pdoc.errors) {
      analysis.findings.push({
        code: 'yaml-syntax',
        severity: defaultSeverity('yaml-syntax'),
        message: `${e.message}. Fix the YAML; this document is not checked further.`,
        range: e.range,
        document: pdoc.index,
      });
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

interface TypeMeta {
  apiVersion?: string;
  kind?: string;
  apiVersionRange?: Range;
  kindRange?: Range;
  kindKeyRange?: Range;
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
    report.reason = 'a fragment: no string apiVersion and kind';
    return report;
  }
  report.apiVersion = apiVersion;
  report.kind = kind;
  const where = meta.apiVersionRange ?? meta.kindRange ?? fallbackRange;
  const kindWhere = meta.kindRange ?? where;
  const route: Route = routeKind(apiVersion, kind, inputs.data, inputs.brief);
  const add = (f: Omit<Finding, 'severity' | 'document'>) =>
    findings.push({ ...f, severity: defaultSeverity(f.code), document: pdoc.index });

  switch (route.type) {
    case 'not-checked':
      report.reason = route.reason;
      return report;
    case 'unknown-kind':
      add({
        code: 'unknown-kind',
        message:
          `${apiVersion} has no kind "${kind}" in Kubernetes ${inputs.data.version}.` +
          (route.suggestion ? ` Did you mean "${route.suggestion}"?` : ' Check the kind and the apiVersion.'),
        path: `${apiVersion}/${kind}`,
        range: kindWhere,
        data: { apiVersion, kind, ...(route.suggestion ? { suggestion: route.suggestion } : {}) },
      });
      report.reason = REASON_UNKNOWN_KIND;
      return report;
    case 'api-not-served': {
      let message = `${apiVersion} ${kind} is not served by Kubernetes ${inputs.data.version}`;
      if (route.notShipped) {
        message += `: it was designed in KEP-${route.notShipped.kep} (${route.notShipped.feature}) but not shipped in this version.`;
      } else if (route.removedIn) message += ` (removed in ${route.removedIn}).`;
      else message += '.';
      if (route.servedAs.length > 0) message += ` Use apiVersion ${route.servedAs[0]}.`;
      else if (route.replacement) message += ` Use ${route.replacement}.`;
      else if (route.notShipped) message += ' Remove this document.';
      else message += ` No apiVersion serves ${kind} in Kubernetes ${inputs.data.version}: remove this document, or target a Kubernetes version that serves it.`;
      add({
        code: 'api-not-served',
        message,
        path: `${apiVersion}/${kind}`,
        range: where,
        data: {
          apiVersion,
          kind,
          servedAs: route.servedAs,
          ...(route.notShipped ? { kep: route.notShipped.kep, feature: route.notShipped.feature } : {}),
          ...(route.removedIn ? { removedIn: route.removedIn } : {}),
        },
      });
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
      return report;
  }
}

function apiFindings(
  entry: KindEntry,
  inputs: AnalyzeInputs,
  where: Range,
  add: (f: Omit<Finding, 'severity' | 'document'>) => void,
): void {
  if (entry.component) return;
  const path = `${entry.apiVersion}/${entry.kind}`;
  if (/(?:alpha|beta)\d+$/.test(entry.version)) {
    {
      // A runtime-config source that enables the version silences this in the gate step (engine/gates).
      add({
        code: 'api-disabled-by-default',
        message:
          `${entry.apiVersion} is ${entry.stability === 'alpha' ? 'an alpha' : 'a beta'} API version: since Kubernetes 1.24 (KEP-3136) ` +
          `the API server serves it only when --runtime-config enables it (${entry.apiVersion}=true). ` +
          'Enable it on the cluster, or use a GA version when there is one.',
        path,
        range: where,
        data: { apiVersion: entry.apiVersion, kind: entry.kind, stability: entry.stability },
      });
    }
  }
  if (entry.deprecated) {
    add({
      code: 'api-deprecated',
      message:
        `${entry.apiVersion} ${entry.kind} is deprecated` +
        (entry.deprecatedIn ? ` since ${entry.deprecatedIn}` : '') +
        (entry.removedIn ? ` and goes away in ${entry.removedIn}` : '') +
        '.' +
        (entry.replacement
          ? ` Move to ${entry.replacement}.`
          : ' Move to a newer apiVersion of this kind before the one you use goes away.'),
      path,
      range: where,
      data: {
        apiVersion: entry.apiVersion,
        kind: entry.kind,
        ...(entry.deprecatedIn ? { deprecatedIn: entry.deprecatedIn } : {}),
        ...(entry.removedIn ? { removedIn: entry.removedIn } : {}),
        ...(entry.replacement ? { replacement: entry.replacement } : {}),
      },
    });
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
  if (entry.component && map === doc.contents) collectSettings(parsed, pdoc, inputs, sink);
}

/** Gate settings, runtime-config entries and named versions of a config document (read by engine/gates). */
function collectSettings(parsed: ParsedFile, pdoc: ParsedDocument, inputs: AnalyzeInputs, sink: DocumentAnalysis): void {
  if (!pdoc.doc) return;
  const info = readGateConfig(pdoc.doc, { lineCounter: parsed.lineCounter, document: pdoc.index, file: inputs.file });
  if (!info || info.configKind === 'static-pod') return;
  sink.gateSettings.push(...info.settings);
  sink.runtimeConfig.push(...info.runtimeConfig);
  sink.namedVersions.push(...info.namedVersions);
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
    findings.push({
      code: 'invalid-value',
      severity: defaultSeverity('invalid-value'),
      message: `"items" of a ${route.kind} must be a list of objects.`,
      path: 'items',
      range: items.range ? rangeOf(parsed.lineCounter, items.range[0], items.range[1]) : pdoc.range,
      document: pdoc.index,
      data: { expected: 'list', got: isMap(items) ? 'mapping' : 'scalar' },
    });
    return [];
  }
  const defaults = route.itemKind ? { apiVersion: route.apiVersion, kind: route.itemKind.kind } : undefined;
  return (items.items as (Node | null)[]).map((raw, i) => {
    const item = raw && isAlias(raw) && pdoc.doc ? ((raw.resolve(pdoc.doc) as Node | undefined) ?? null) : raw;
    const r = analyzeObject(parsed, pdoc, item, inputs, findings, sink, defaults);
    const range = raw?.range ? rangeOf(parsed.lineCounter, raw.range[0], raw.range[1]) : pdoc.range;
    return { ...r, index: i, range };
  });
}
