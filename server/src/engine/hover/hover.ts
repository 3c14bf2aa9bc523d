// hoverAt: the Markdown view for a position in a manifest. Types and allowed values for fields; for gated
// fields, values and kinds the gate view (stage history, default, components, KEP, reference page, state with
// evidence); gate names in featureGates maps and --feature-gates values; served versions on apiVersion/kind.
import { plainReason } from '../gates/messages';
import { isScalar, type Node, type YAMLMap } from 'yaml';
import { analyzeFile } from '../check';
import { environmentForFile } from '../gates/gate-step';
import { parseFeatureGatesValue } from '../gates/feature-gates-flag';
import { FEATURE_GATES_FLAG, FEATURE_GATES_KEY, gateMapConfig } from '../gates/gate-places';
import { briefFacts, gateCatalog, kindEntry, listItemKind, loadVersion, type KnowledgeOptions, type VersionData } from '../knowledge';
import type { DocumentAnalysis, GateEnvironment, ParsedFile } from '../model';
import { rangeOf } from '../parse/ranges';
import type { KubeVersion, Position, Range } from '../base/types';
import { fieldMarkdown, type FieldViewInput } from './field-view';
import { gateMarkdown } from './gate-view';
import { kindMarkdown } from './kind-view';
import { spotAt, stringAt, type Spot } from './locate';
import { resolveTypePath } from '../knowledge/type-path';
import type { CrdCatalog } from '../api-extensions/catalog';
import { customFieldNote, customKindMarkdown } from '../api-extensions/hover';
import { dataForApiVersion } from '../api-extensions/overlay';
import { defaultedAt, defaultedMarkdown } from './defaulted';

export interface HoverOptions {
  version: KubeVersion;
  /** Gate knowledge from outside the file (settings, cluster, repo configs). */
  environment?: GateEnvironment;
  file?: string;
  knowledge?: KnowledgeOptions;
  /** CRDs for custom resources (engine/crd). */
  crds?: CrdCatalog;
}

function withNote(markdown: string, note: string | undefined): string {
  return note ? `${markdown}

---

${note}` : markdown;
}

export interface HoverResult {
  markdown: string;
  range: Range;
  /** The field or kind the view is about (for a cluster OpenAPI description). */
  target?: { apiVersion: string; kind: string; path: string };
}

const FLAG_PREFIX = `--${FEATURE_GATES_FLAG}=`;

/** The gate name under the cursor in a featureGates map or a --feature-gates value, with its range. */
function gateNameAt(spot: Spot, lineCounter: Parameters<typeof rangeOf>[0]): { name: string; range: Range } | undefined {
  const segs = spot.segments;
  const gateMap = gateMapConfig(stringAt(spot.root, 'apiVersion'), stringAt(spot.root, 'kind'));
  if (segs.length === 2 && segs[0] === FEATURE_GATES_KEY && gateMap && spot.pair && isScalar(spot.pair.key)) {
    const k = spot.pair.key;
    return { name: String(k.value), range: rangeOf(lineCounter, k.range![0], k.range![1]) };
  }
  if (spot.onKey || !isScalar(spot.node) || typeof spot.node.value !== 'string') return undefined;
  const node = spot.node;
  const value = node.value as string;
  const last = segs[segs.length - 1];
  let prefix = -1;
  if (value.startsWith(FLAG_PREFIX)) prefix = FLAG_PREFIX.length;
  else if (last === FEATURE_GATES_FLAG) prefix = 0; // kubeadm v1beta3 map form
  else if (last === 'value' && stringAt(spot.parentMap, 'name') === FEATURE_GATES_FLAG) prefix = 0; // v1beta4 list form
  if (prefix < 0) return undefined;
  const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
  if (!quoted && node.type !== 'PLAIN') return undefined;
  const base = node.range![0] + (quoted ? 1 : 0) + prefix;
  const rel = spot.offset - base;
  const pair = parseFeatureGatesValue(value.slice(prefix)).find((p) => rel >= p.nameStart && rel <= p.valueEnd);
  if (!pair) return undefined;
  return { name: pair.name, range: rangeOf(lineCounter, base + pair.nameStart, base + pair.nameEnd) };
}

function isListRoot(data: VersionData, root: YAMLMap): boolean {
  const apiVersion = stringAt(root, 'apiVersion');
  const kind = stringAt(root, 'kind');
  if (!apiVersion || !kind) return false;
  return (apiVersion === 'v1' && kind === 'List') || listItemKind(data, apiVersion, kind) !== undefined;
}

/** What a hover reads of a file: its parsed documents (with their trees), the version it is checked against and
 *  the gate environment with the file's own config documents. */
interface HoverFile {
  parsed: ParsedFile;
  version: KubeVersion;
  environment: GateEnvironment;
}

/** The hover view at a position of a text, analysed here (the whole text: see hover-in-file.ts for a file). */
export function hoverAt(text: string, position: Position, options: HoverOptions): HoverResult | null {
  const knowledge = options.knowledge ?? {};
  const analysis = analyzeFile(text, { version: options.version, environment: options.environment, file: options.file, crds: options.crds }, knowledge);
  return hoverIn({ parsed: analysis.parsed, version: analysis.version, environment: fileEnvironment(analysis.documents, analysis.version, options) }, position, options);
}

/** The gate environment of a file: the context's, with the gate settings of the file's analysed documents. */
export function fileEnvironment(documents: DocumentAnalysis[], version: KubeVersion, options: HoverOptions): GateEnvironment {
  const knowledge = options.knowledge ?? {};
  return environmentForFile(documents, {
    version,
    knowledge: { catalog: gateCatalog(knowledge), brief: briefFacts(knowledge) },
    environment: options.environment,
    file: options.file,
  });
}

/** The hover view at a position of a parsed file. */
export function hoverIn(file: HoverFile, position: Position, options: HoverOptions): HoverResult | null {
  const knowledge = options.knowledge ?? {};
  const { version, environment } = file;
  const builtin = loadVersion(version, knowledge).data;
  const catalog = gateCatalog(knowledge);
  const brief = briefFacts(knowledge);
  // CRD data only for a custom resource's document: hovering a built-in kind does not read the CRD catalog.
  const dataOf = (root: Parameters<typeof stringAt>[0]) => dataForApiVersion(builtin, options.crds, stringAt(root, 'apiVersion'));
  const spot = spotAt(file.parsed, position, (root) => isListRoot(dataOf(root), root));
  if (!spot) return null;
  const data = dataOf(spot.root);
  const { lineCounter } = file.parsed;

  const gateName = gateNameAt(spot, lineCounter);
  if (gateName) return { markdown: gateMarkdown(gateName.name, { catalog, brief, version, environment }), range: gateName.range };

  const apiVersion = stringAt(spot.root, 'apiVersion');
  let kind = stringAt(spot.root, 'kind');
  if (spot.segments.length === 1 && (spot.segments[0] === 'apiVersion' || spot.segments[0] === 'kind')) {
    if (!apiVersion || !kind) return null;
    const served = kindEntry(builtin, apiVersion, kind);
    const defaults = served && !served.removed ? defaultedMarkdown(defaultedAt(file.parsed, spot.document, spot.root, served, 'root'), '') : '';
    return {
      markdown: withNote(
        (options.crds && customKindMarkdown(apiVersion, kind, data, options.crds)) ||
          kindMarkdown(apiVersion, kind, { data, catalog, brief, version, environment }),
        defaults || undefined,
      ),
      range: spot.range,
      target: { apiVersion, kind, path: '' },
    };
  }
  if (!apiVersion) return null;
  let entry = kindEntry(data, apiVersion, kind);
  if (!entry && kind) {
    // An item of a typed list without apiVersion/kind takes them from the list; otherwise unknown kind.
    const listItem = listItemKind(data, apiVersion, kind);
    if (listItem) {
      entry = listItem;
      kind = listItem.kind;
    }
  }
  if (!entry || entry.removed) return null;
  const resolved = resolveTypePath(data, entry, spot.segments);
  if (!resolved) return null;
  if (resolved.unknownKey && spot.onKey) {
    const notShipped = brief.notShippedFields.find((f) => f.apiVersion === apiVersion && f.kind === kind && f.path === resolved.path);
    if (notShipped) {
      return {
        markdown: [
          `**\`${resolved.unknownKey.name}\`** is not a field in Kubernetes ${version}.`,
          '',
          `It belongs to the design “${notShipped.feature}” (KEP-${notShipped.kep}, https://kep.k8s.io/${notShipped.kep}), which was not shipped in Kubernetes ${version}: the API server rejects it as an unknown field (or drops it without strict validation).${plainReason(notShipped.note) ? ` ${plainReason(notShipped.note)}` : ''}`,
        ].join('\n'),
        range: spot.range,
      };
    }
    if (resolved.unknownKey.addedIn) {
      return {
        markdown: `**\`${resolved.unknownKey.name}\`** is added in Kubernetes ${resolved.unknownKey.addedIn}; it is not a field in ${version}.`,
        range: spot.range,
      };
    }
    return null;
  }
  if (!resolved.field) return null;
  const input: FieldViewInput = { data, catalog, brief, version, environment, entry };
  const hoveredValue = !spot.onKey && isScalar(spot.node) && typeof (spot.node as Node & { value: unknown }).value === 'string'
    ? String((spot.node as Node & { value: unknown }).value)
    : undefined;
  const defaults = defaultedMarkdown(defaultedAt(file.parsed, spot.document, spot.root, entry, spot.range), resolved.field.name);
  const custom = options.crds && data !== builtin ? customFieldNote(entry.apiVersion, entry.kind, resolved.path, options.crds) : undefined;
  return {
    markdown: withNote(withNote(fieldMarkdown(resolved, input, hoveredValue), defaults || undefined), custom),
    range: spot.range,
    target: { apiVersion: entry.apiVersion, kind: entry.kind, path: resolved.path },
  };
}
