// Readers of the configs that say where gates are on: kind Cluster, kubeadm (v1beta4 list form, v1beta3 map
// form read by shape), KubeletConfiguration, KubeProxyConfiguration and control-plane static Pods.
// Plain functions over a parsed YAML document; used for repo configs (discovery, --config) and hovers. Where each
// config keeps its gates is gate-places.ts's table.
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Document,
  type Node,
  type Pair,
  type Scalar,
  type YAMLMap,
} from 'yaml';
import type { GateSetting, RuntimeConfigEntry } from '../model';
import type { Range } from '../base/types';
import { parseFeatureGatesValue } from './feature-gates-flag';
import { parseGoBool } from './parse-bool';
import { rangeOf } from '../parse/ranges';
import { addDuplicateKeyErrors, parseDocuments } from '../parse/parseFile';
import { cutDocuments } from '../parse/cut-documents';
import { append } from '../base/append';
import { groupOf } from '../base/api-version';
import {
  controlPlaneBinaryIn,
  FEATURE_GATES_FLAG,
  FEATURE_GATES_KEY,
  gateMapConfig,
  KUBEADM_GROUP,
  kubeadmArgPlaceOf,
  kubeadmArgPlaces,
  mayHoldGateConfig,
  STATIC_POD,
  type ConfigKindName,
  type GateMapConfig,
} from './gate-places';

const FLAG = `--${FEATURE_GATES_FLAG}`;
import { readKindPatches, readRuntimeConfigArgs } from './kubeadm-patches';

export interface ConfigDocInfo {
  configKind: ConfigKindName;
  document: number;
  file?: string;
  range: Range;
  settings: GateSetting[];
  runtimeConfig: RuntimeConfigEntry[];
  /** `node`: the index of the kind node that names it (kind node images). */
  namedVersions: { version: string; range: Range; what: string; node?: number }[];
  /** Components whose whole gate set this document describes (kubeadm: a gate it does not enable there is off). */
  covers: string[];
}

interface ReadContext {
  lineCounter: LineCounter;
  document: number;
  file?: string;
  /** The file's text: kind kubeadmConfigPatches are read only when it is given (positions inside the patch strings). */
  text?: string;
}

function pairOf(map: unknown, key: string): Pair<Node, Node> | undefined {
  if (!isMap(map)) return undefined;
  for (const item of (map as YAMLMap<Node, Node>).items) {
    if (isScalar(item.key) && item.key.value === key) return item;
  }
  return undefined;
}

function valueOf(map: unknown, key: string): Node | undefined {
  return pairOf(map, key)?.value ?? undefined;
}

function stringOf(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

function nodeRange(ctx: ReadContext, node: Node | null | undefined): Range {
  const r = node?.range;
  return r ? rangeOf(ctx.lineCounter, r[0], r[1]) : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
}

/** Offset where the characters of a scalar's value start (after an opening quote). */
function scalarContentStart(node: Scalar): number {
  const start = node.range?.[0] ?? 0;
  return node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? start + 1 : start;
}

/** `featureGates: {Name: bool}` maps. */
function readGateMap(
  ctx: ReadContext,
  map: unknown,
  components: string[] | 'all',
  origin: GateSetting['origin'],
): GateSetting[] {
  if (!isMap(map)) return [];
  const out: GateSetting[] = [];
  for (const item of (map as YAMLMap<Node, Node>).items) {
    if (!isScalar(item.key)) continue;
    const gate = String(item.key.value);
    const v = item.value;
    const raw = isScalar(v) ? (v.source ?? String(v.value)) : '';
    out.push({
      gate,
      value: isScalar(v) ? parseGoBool(v.value) ?? parseGoBool(raw) : undefined,
      raw,
      components,
      origin,
      range: nodeRange(ctx, item.key),
      valueRange: v ? nodeRange(ctx, v) : undefined,
      document: ctx.document,
      file: ctx.file,
    });
  }
  return out;
}

/** Settings in a `--feature-gates` string held by a scalar node, `prefixLength` characters into its value. */
function readFlagScalar(
  ctx: ReadContext,
  node: Scalar,
  prefixLength: number,
  components: string[],
  origin: GateSetting['origin'],
): GateSetting[] {
  const text = String(node.value).slice(prefixLength);
  const exact = node.type === 'PLAIN' || node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
  const base = scalarContentStart(node) + prefixLength;
  return parseFeatureGatesValue(text).map((p) => ({
    gate: p.name,
    value: p.value,
    raw: p.raw,
    components,
    origin,
    range: exact ? rangeOf(ctx.lineCounter, base + p.nameStart, base + p.nameEnd) : nodeRange(ctx, node),
    valueRange: exact ? rangeOf(ctx.lineCounter, base + p.valueStart, base + p.valueEnd) : undefined,
    document: ctx.document,
    file: ctx.file,
  }));
}

/** kubeadm extraArgs: v1beta4 list of {name, value}, or the v1beta3 map form. */
function readExtraArgs(ctx: ReadContext, args: unknown, component: string): GateSetting[] {
  const out: GateSetting[] = [];
  if (isSeq(args)) {
    for (const item of args.items) {
      if (stringOf(valueOf(item, 'name')) !== FEATURE_GATES_FLAG) continue;
      const v = valueOf(item, 'value');
      if (isScalar(v)) append(out, readFlagScalar(ctx, v, 0, [component], 'kubeadm'));
    }
  } else if (isMap(args)) {
    const v = valueOf(args, FEATURE_GATES_FLAG);
    if (isScalar(v)) append(out, readFlagScalar(ctx, v, 0, [component], 'kubeadm'));
  }
  return out;
}

/** A gate-map config: kind Cluster (with its runtimeConfig, node images and kubeadm patches) or a component config. */
function readGateMapConfig(ctx: ReadContext, root: Node, config: GateMapConfig): ConfigDocInfo {
  const info = emptyInfo(ctx, config.configKind, root);
  info.settings = readGateMap(ctx, valueOf(root, FEATURE_GATES_KEY), config.components, config.configKind);
  if (config.configKind !== 'kind') return info;
  const rc = valueOf(root, 'runtimeConfig');
  if (isMap(rc)) {
    for (const item of (rc as YAMLMap<Node, Node>).items) {
      if (!isScalar(item.key)) continue;
      const value = isScalar(item.value) ? parseGoBool(item.value.value) : undefined;
      info.runtimeConfig.push({
        key: String(item.key.value),
        value: value ?? true,
        origin: 'kind',
        file: ctx.file,
        range: nodeRange(ctx, item.key),
      });
    }
  }
  const nodes = valueOf(root, 'nodes');
  if (isSeq(nodes)) {
    nodes.items.forEach((n, node) => {
      const image = valueOf(n, 'image');
      const tag = /:v?(\d+\.\d+(?:\.\d+)?)(?:@|$)/.exec(stringOf(image) ?? '');
      if (tag && image) info.namedVersions.push({ version: tag[1]!, range: nodeRange(ctx, image), what: 'kind node image', node });
    });
  }
  if (ctx.text !== undefined) {
    const patches = readKindPatches({ ...ctx, text: ctx.text }, root, readGateConfig);
    append(info.settings, patches.settings);
    append(info.runtimeConfig, patches.runtimeConfig);
    append(info.namedVersions, patches.namedVersions);
  }
  return info;
}

function readKubeadm(ctx: ReadContext, root: Node, kind: string): ConfigDocInfo {
  const info = emptyInfo(ctx, 'kubeadm', root);
  for (const place of kubeadmArgPlaces(kind)) {
    const section = valueOf(root, place.section);
    if (place.covers === 'section' && !section) continue;
    info.covers.push(place.component);
    append(info.settings, readExtraArgs(ctx, valueOf(section, place.args), place.component));
  }
  if (kind === 'ClusterConfiguration') {
    const apiServer = kubeadmArgPlaceOf('kube-apiserver');
    if (apiServer) append(info.runtimeConfig, readRuntimeConfigArgs(ctx, valueOf(valueOf(root, apiServer.section), apiServer.args)));
    const kv = valueOf(root, 'kubernetesVersion');
    const m = /^v?(\d+\.\d+(?:\.\d+)?)/.exec(stringOf(kv) ?? '');
    if (m && kv) info.namedVersions.push({ version: m[1]!, range: nodeRange(ctx, kv), what: 'kubeadm kubernetesVersion' });
  }
  return info;
}

function readStaticPod(ctx: ReadContext, root: Node): ConfigDocInfo | undefined {
  const containers = valueOf(valueOf(root, 'spec'), 'containers');
  if (!isSeq(containers)) return undefined;
  let info: ConfigDocInfo | undefined;
  for (const c of containers.items) {
    const command = valueOf(c, 'command');
    const firstCommand = isSeq(command) ? stringOf(command.items[0]) : undefined;
    const component = controlPlaneBinaryIn(firstCommand ?? '') ?? controlPlaneBinaryIn(stringOf(valueOf(c, 'image')) ?? '');
    if (!component) continue; // other containers' flags (CSI sidecars, …) are not Kubernetes gates
    info ??= emptyInfo(ctx, 'static-pod', root);
    const items = STATIC_POD.argLists.flatMap((key) => {
      const list = valueOf(c, key);
      return isSeq(list) ? list.items : [];
    });
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const s = stringOf(item);
      if (s === undefined || !isScalar(item)) continue;
      if (s.startsWith(`${FLAG}=`)) {
        append(info.settings, readFlagScalar(ctx, item, FLAG.length + 1, [component], 'static-pod'));
      } else if (s === FLAG) {
        const next = items[i + 1];
        if (isScalar(next)) append(info.settings, readFlagScalar(ctx, next, 0, [component], 'static-pod'));
      }
    }
  }
  return info;
}

function emptyInfo(ctx: ReadContext, configKind: ConfigKindName, root: Node): ConfigDocInfo {
  return {
    configKind,
    document: ctx.document,
    file: ctx.file,
    range: nodeRange(ctx, root),
    settings: [],
    runtimeConfig: [],
    namedVersions: [],
    covers: [],
  };
}

/** Gate facts of one parsed YAML document, or undefined when it is not a config that sets gates. */
export function readGateConfig(
  doc: Document.Parsed,
  ctx: { lineCounter: LineCounter; document: number; file?: string; text?: string },
): ConfigDocInfo | undefined {
  if (doc.errors.length > 0) return undefined;
  const root = doc.contents;
  if (!root || !isMap(root)) return undefined;
  const apiVersion = stringOf(valueOf(root, 'apiVersion')) ?? '';
  const kind = stringOf(valueOf(root, 'kind')) ?? '';
  const mapConfig = gateMapConfig(apiVersion, kind);
  if (mapConfig) return readGateMapConfig(ctx, root, mapConfig);
  if (groupOf(apiVersion) === KUBEADM_GROUP) return readKubeadm(ctx, root, kind);
  if (apiVersion === STATIC_POD.apiVersion && kind === STATIC_POD.kind) return readStaticPod(ctx, root);
  return undefined;
}

/** Every gate-setting config document of a file (documents with a template marker or a parse error are skipped).
 *  The result holds no string of the text: the server keeps the configs of files it does not otherwise keep. */
export function readGateConfigsFromText(text: string, file?: string): ConfigDocInfo[] {
  if (!mayHoldGateConfig(text)) return [];
  const found = readConfigs(text, file);
  // A name read from the text is a slice of it, and V8 keeps a slice's whole parent string alive: one gate name
  // would keep a 1 MB manifest in memory. A structured clone holds copies.
  return found.length > 0 ? structuredClone(found) : found;
}

function readConfigs(text: string, file: string | undefined): ConfigDocInfo[] {
  if (text.length > LARGE_TEXT) {
    const pieces = documentPieces(text);
    if (pieces) return readLargeText(pieces, file);
  }
  const lineCounter = new LineCounter();
  const out: ConfigDocInfo[] = [];
  // The linear duplicate-key check (the parser's own compares every key with every earlier one).
  parseDocuments(text, lineCounter).forEach((doc, document) => {
    addDuplicateKeyErrors(doc);
    const start = doc.range?.[0] ?? 0;
    const end = doc.range?.[2] ?? text.length;
    if (text.slice(start, end).includes('{{')) return;
    const info = readGateConfig(doc, { lineCounter, document, file, text });
    if (info) out.push(info);
  });
  return out;
}

/** Above this size a file is split at its `---` lines first and only the documents that may hold a config are
 *  parsed (a 50k-line manifest next to the checked one holds a few KubeletConfigurations among many objects). */
const LARGE_TEXT = 64 * 1024;

/** The documents of a text cut at `---` lines (parse/cut-documents.ts), with their first line and index;
 *  undefined where a plain cut is unsafe. */
function documentPieces(text: string): { text: string; line: number; index: number }[] | undefined {
  return cutDocuments(text)?.map((p, index) => ({ ...p, index }));
}

function readLargeText(pieces: { text: string; line: number; index: number }[], file?: string): ConfigDocInfo[] {
  const out: ConfigDocInfo[] = [];
  for (const piece of pieces) {
    if (!mayHoldGateConfig(piece.text) || piece.text.includes('{{')) continue;
    const lineCounter = new LineCounter();
    const docs = parseDocuments(piece.text, lineCounter);
    const doc = docs.find((d) => d.contents !== null) as Document.Parsed | undefined;
    if (!doc) continue;
    addDuplicateKeyErrors(doc);
    // Offsets stay those of the piece; positions are moved down to where the piece is in the file.
    const info = readGateConfig(doc, { lineCounter: shiftedLineCounter(lineCounter, piece.line), document: piece.index, file, text: piece.text });
    if (info) out.push(info);
  }
  return out;
}

/** A LineCounter of a piece of a file that reports positions in the file (the piece starts `lines` lines down). */
function shiftedLineCounter(piece: LineCounter, lines: number): LineCounter {
  const lc = new LineCounter();
  lc.linePos = (offset: number) => {
    const p = piece.linePos(offset);
    return { line: p.line + lines, col: p.col };
  };
  return lc;
}
