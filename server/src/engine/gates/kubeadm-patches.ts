// kind `Cluster` `kubeadmConfigPatches` and `kubeadmConfigPatchesJSON6902` (cluster level and `nodes[]`): each
// patch is the kubeadm / kubelet / kube-proxy document it patches, held in a string. The string is parsed as YAML
// and read with the same readers as a standalone config file; every range points inside the block scalar of the
// kind config (parse/scalar-offsets). A patch is partial: it never claims to describe a component's whole gate
// set (no kubeadm coverage). Node-level patches count for the component on every node (the gate model has no
// per-node state).
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  parseAllDocuments,
  Pair,
  Scalar,
  YAMLMap,
  type LineCounter,
  type Node,
} from 'yaml';
import type { GateSetting, RuntimeConfigEntry } from '../model';
import { patchOperations, placeAtPath } from '../parse/json-pointer';
import { mappedLineCounter, scalarValueOffsets } from '../parse/scalar-offsets';
import { rangeOf } from '../parse/ranges';
import { parseGoBool } from './parse-bool';
import { append } from '../base/append';
import { addDuplicateKeyErrors } from '../parse/parseFile';
import { GATE_MAP_CONFIGS, KUBEADM_API_VERSION, KUBEADM_ARG_PLACES } from './gate-places';

/** The part of a config reading that a patch contributes to the kind config that holds it. */
interface PatchFacts {
  settings: GateSetting[];
  runtimeConfig: RuntimeConfigEntry[];
  namedVersions: { version: string; range: import('../base/types').Range; what: string; node?: number }[];
}

interface PatchReadContext {
  text: string;
  lineCounter: LineCounter;
  document: number;
  file?: string;
}

/** readGateConfig of config-readers (passed in to keep the two modules free of an import cycle). */
type ReadConfigDocument = (
  doc: Document.Parsed,
  ctx: { lineCounter: LineCounter; document: number; file?: string },
) => PatchFacts | undefined;

/** apiVersion a patch without one is matched against, by kind (kind matches patches by kind alone). */
const GROUP_OF_KIND: Record<string, string> = Object.fromEntries([
  ...KUBEADM_ARG_PLACES.flatMap((p) => p.kinds.map((kind) => [kind, KUBEADM_API_VERSION])),
  ...GATE_MAP_CONFIGS.filter((c) => c.configKind !== 'kind').map((c) => [c.kind, c.apiVersion]),
]);

const PATCH_KEYS = ['kubeadmConfigPatches', 'kubeadmConfigPatchesJSON6902'] as const;

function valueOf(map: unknown, key: string): Node | undefined {
  if (!isMap(map)) return undefined;
  const pair = (map as YAMLMap<Node, Node>).items.find((p) => isScalar(p.key) && p.key.value === key);
  return pair?.value ?? undefined;
}

function stringOf(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
}

/** Gate settings, runtime-config entries and named versions of every kubeadm patch of a kind Cluster root. */
export function readKindPatches(ctx: PatchReadContext, root: Node, read: ReadConfigDocument): PatchFacts {
  const out: PatchFacts = { settings: [], runtimeConfig: [], namedVersions: [] };
  const owners: Node[] = [root];
  const nodes = valueOf(root, 'nodes');
  if (isSeq(nodes)) for (const n of nodes.items) if (isMap(n)) owners.push(n as Node);
  for (const owner of owners) {
    for (const key of PATCH_KEYS) {
      const list = valueOf(owner, key);
      if (!isSeq(list)) continue;
      for (const item of list.items) {
        const facts = key === 'kubeadmConfigPatches' ? readMergePatch(ctx, item, read) : readJson6902Patch(ctx, item, read);
        append(out.settings, facts.settings);
        append(out.runtimeConfig, facts.runtimeConfig);
        append(out.namedVersions, facts.namedVersions);
      }
    }
  }
  return out;
}

function empty(): PatchFacts {
  return { settings: [], runtimeConfig: [], namedVersions: [] };
}

function add(into: PatchFacts, facts: PatchFacts | undefined): void {
  if (!facts) return;
  append(into.settings, facts.settings);
  append(into.runtimeConfig, facts.runtimeConfig);
  append(into.namedVersions, facts.namedVersions);
}

/** The YAML held by a string scalar, parsed with positions that map back into the file. */
function innerDocuments(ctx: PatchReadContext, node: unknown): { docs: Document.Parsed[]; lineCounter: LineCounter } | undefined {
  if (!isScalar(node) || typeof node.value !== 'string' || node.value.includes('{{')) return undefined;
  const lineCounter = mappedLineCounter(ctx.lineCounter, scalarValueOffsets(ctx.text, node as Scalar));
  const docs = (parseAllDocuments(node.value, { uniqueKeys: false, prettyErrors: false }) as Document.Parsed[]).filter((d) => {
    addDuplicateKeyErrors(d);
    return d.errors.length === 0;
  });
  return { docs, lineCounter };
}

function readMergePatch(ctx: PatchReadContext, item: unknown, read: ReadConfigDocument): PatchFacts {
  const out = empty();
  const inner = innerDocuments(ctx, item);
  if (!inner) return out;
  for (const doc of inner.docs) {
    const root = doc.contents;
    if (!isMap(root)) continue;
    const kind = stringOf(valueOf(root, 'kind')) ?? '';
    const apiVersion = GROUP_OF_KIND[kind];
    if (!apiVersion) continue;
    if (valueOf(root, 'apiVersion') === undefined) {
      (root as YAMLMap<Node, Node>).items.unshift(new Pair<Node, Node>(new Scalar('apiVersion'), new Scalar(apiVersion)));
    }
    add(out, read(doc, { lineCounter: inner.lineCounter, document: ctx.document, file: ctx.file }));
  }
  return out;
}

/** `{group, version, kind, patch}`: each `add` / `replace` operation is read as the document it produces
 *  (the value placed at its path; path segments become keys whose ranges lie inside the `path` string). */
function readJson6902Patch(ctx: PatchReadContext, item: unknown, read: ReadConfigDocument): PatchFacts {
  const out = empty();
  const kind = stringOf(valueOf(item, 'kind')) ?? '';
  const group = stringOf(valueOf(item, 'group'));
  const version = stringOf(valueOf(item, 'version'));
  const apiVersion = group && version ? `${group}/${version}` : GROUP_OF_KIND[kind];
  if (!apiVersion || !GROUP_OF_KIND[kind]) return out;
  const inner = innerDocuments(ctx, valueOf(item, 'patch'));
  if (!inner) return out;
  for (const doc of inner.docs) {
    for (const { op, path, value } of patchOperations(doc.contents) ?? []) {
      if ((op !== 'add' && op !== 'replace') || value === undefined) continue;
      const tree = placeAtPath(path, value);
      if (!tree) continue;
      const root = new YAMLMap<Node, Node>();
      root.items.push(new Pair(new Scalar('apiVersion'), new Scalar(apiVersion)), new Pair(new Scalar('kind'), new Scalar(kind)));
      if (isMap(tree)) append(root.items, (tree as YAMLMap<Node, Node>).items);
      else continue;
      const synthetic = new Document() as unknown as Document.Parsed;
      synthetic.contents = root as never;
      add(out, read(synthetic, { lineCounter: inner.lineCounter, document: ctx.document, file: ctx.file }));
    }
  }
  return out;
}

/** `--runtime-config` entries of kubeadm `apiServer.extraArgs` (v1beta4 list form or v1beta3 map form). */
export function readRuntimeConfigArgs(
  ctx: { lineCounter: LineCounter; file?: string },
  args: unknown,
): RuntimeConfigEntry[] {
  const values: Node[] = [];
  if (isSeq(args)) {
    for (const item of args.items) {
      const v = valueOf(item, 'value');
      if (stringOf(valueOf(item, 'name')) === 'runtime-config' && v) values.push(v);
    }
  } else if (isMap(args)) {
    const v = valueOf(args, 'runtime-config');
    if (v) values.push(v);
  }
  const out: RuntimeConfigEntry[] = [];
  for (const v of values) {
    if (!isScalar(v) || typeof v.value !== 'string') continue;
    const exact = v.type === 'PLAIN' || v.type === 'QUOTE_DOUBLE' || v.type === 'QUOTE_SINGLE';
    const base = (v.range?.[0] ?? 0) + (v.type === 'QUOTE_DOUBLE' || v.type === 'QUOTE_SINGLE' ? 1 : 0);
    let at = 0;
    for (const part of v.value.split(',')) {
      const partStart = at;
      at += part.length + 1;
      const eq = part.indexOf('=');
      const key = (eq < 0 ? part : part.slice(0, eq)).trim();
      if (!key) continue;
      const value = eq < 0 ? true : parseGoBool(part.slice(eq + 1).trim());
      if (value === undefined) continue;
      const keyStart = base + partStart + part.indexOf(key);
      const range = exact
        ? rangeOf(ctx.lineCounter, keyStart, keyStart + key.length)
        : rangeOf(ctx.lineCounter, v.range?.[0] ?? 0, v.range?.[1] ?? 0);
      out.push({ key, value, origin: 'kubeadm', file: ctx.file, range });
    }
  }
  return out;
}
