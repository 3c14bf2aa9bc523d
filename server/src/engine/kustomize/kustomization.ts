// A kustomization file read for what it says about other files: which are resources (bases), which are
// strategic-merge or JSON6902 patches (with their targets), which components it includes, and which fields
// kustomize fills in on its resources (labels by their reach, namespace). Remote resources (URLs, git references)
// are ignored.
import * as path from 'path';
import { inFolder, KUSTOMIZATION_NAMES } from '../base/paths';
import { parseDocument } from 'yaml';
import { addDuplicateKeyErrors } from '../parse/parseFile';
import { fewAliases } from '../parse/aliases';

/** A kustomization file as the front end found it. */
export interface KustomizationText {
  path: string;
  text: string;
}

export type LabelReach = 'metadata' | 'templates' | 'selectors';

export interface PatchTarget {
  group?: string;
  version?: string;
  kind?: string;
  name?: string;
}

export interface Kustomization {
  file: string;
  dir: string;
  /** Resolved paths of `resources` (and the older `bases`): files or folders. */
  resources: string[];
  /** Resolved paths of patch files: `patches[].path`, `patchesStrategicMerge` entries, `patchesJson6902[].path`. */
  patches: { path: string; target?: PatchTarget }[];
  /** Resolved folders of `components`: their transformers act on this kustomization's resources. */
  components: string[];
  /** How far the labels it adds reach (the widest of its entries; facts.ts lists the fields each creates):
   *  `selectors` for `commonLabels` or `labels` with `includeSelectors: true`, `templates` for `labels` with
   *  `includeTemplates: true`, `metadata` for other `labels`. */
  labelReach?: LabelReach;
  /** `namespace`: metadata.namespace is set on every resource. */
  setsNamespace: boolean;
  /** Entries beyond MAX_KUSTOMIZATION_ENTRIES (resources or patches) that were not read. */
  dropped?: number;
  /** Set when the file was not read at all (larger than MAX_KUSTOMIZATION_CHARS): the reason, for a note. */
  unread?: string;
}

/** A kustomization file longer than this is not parsed (a note says so): parsing is the costly part. */
export const MAX_KUSTOMIZATION_CHARS = 1024 * 1024;

/** Resources (and patches) read from one kustomization at most: a generated one cannot make the check unbounded. */
export const MAX_KUSTOMIZATION_ENTRIES = 10_000;

/** Parsed kustomizations kept by one project at most (the oldest half go first). */
const PARSED_KEPT = 6_000;

/** Parsed kustomizations by path, reused while the text is the same: one per project (engine/project), which
 *  forgets a path on its change events; a call without one parses again. */
export class ParsedKustomizations {
  private readonly byPath = new Map<string, { text: string; k: Kustomization | undefined }>();

  read(k: KustomizationText): Kustomization | undefined {
    const hit = this.byPath.get(k.path);
    if (hit && hit.text === k.text) return hit.k;
    const parsed = parseKustomization(k);
    if (this.byPath.size >= PARSED_KEPT) this.byPath.clear();
    this.byPath.set(k.path, { text: k.text, k: parsed });
    return parsed;
  }

  forget(file?: string): void {
    if (file === undefined) this.byPath.clear();
    else this.byPath.delete(file);
  }
}

export { KUSTOMIZATION_NAMES };

function isRemote(entry: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(entry) || /^(?:git@|github\.com\/|gitlab\.com\/|bitbucket\.org\/)/.test(entry) || /\?ref=/.test(entry);
}

export function record(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function targetOf(v: unknown): PatchTarget | undefined {
  const t = record(v);
  if (!t) return undefined;
  const pick = (k: string) => (typeof t[k] === 'string' ? (t[k] as string) : undefined);
  return { group: pick('group'), version: pick('version'), kind: pick('kind'), name: pick('name') };
}

/** The widest reach of the labels a kustomization adds (entries without pairs add nothing). */
function labelReachOf(root: Record<string, unknown>): LabelReach | undefined {
  const common = record(root['commonLabels']);
  if (common && Object.keys(common).length > 0) return 'selectors';
  let reach: LabelReach | undefined;
  for (const entry of Array.isArray(root['labels']) ? root['labels'] : []) {
    const l = record(entry);
    if (!l || Object.keys(record(l['pairs']) ?? {}).length === 0) continue;
    if (l['includeSelectors'] === true) return 'selectors';
    reach = l['includeTemplates'] === true ? 'templates' : (reach ?? 'metadata');
  }
  return reach;
}

/** A kustomization's text as plain data; undefined when it does not parse as a mapping (or holds many aliases). */
export function kustomizationRoot(text: string): Record<string, unknown> | undefined {
  try {
    const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
    addDuplicateKeyErrors(doc);
    if (doc.errors.length > 0 || !fewAliases(doc)) return undefined;
    return record(doc.toJS());
  } catch {
    return undefined;
  }
}

/** The facts of one kustomization file; undefined when it does not parse as a mapping. `kept`: the project's
 *  parsed kustomizations (a text parsed before is not parsed again). */
export function readKustomization(k: KustomizationText, kept?: ParsedKustomizations): Kustomization | undefined {
  return kept ? kept.read(k) : parseKustomization(k);
}

function parseKustomization(k: KustomizationText): Kustomization | undefined {
  if (k.text.length > MAX_KUSTOMIZATION_CHARS) {
    const unread = `${k.path} is larger than ${MAX_KUSTOMIZATION_CHARS / (1024 * 1024)} MiB: not read as a kustomization`;
    return { file: k.path, dir: path.dirname(k.path), resources: [], patches: [], components: [], setsNamespace: false, unread };
  }
  const root = kustomizationRoot(k.text);
  if (!root) return undefined;
  const dir = path.dirname(k.path);
  const local = (entry: string) => inFolder(dir, entry);
  let dropped = 0;
  const capped = (list: string[]): string[] => {
    if (list.length <= MAX_KUSTOMIZATION_ENTRIES) return list;
    dropped += list.length - MAX_KUSTOMIZATION_ENTRIES;
    return list.slice(0, MAX_KUSTOMIZATION_ENTRIES);
  };
  const resources = capped([...strings(root['resources']), ...strings(root['bases'])]).filter((e) => !isRemote(e)).map(local);
  const patches: Kustomization['patches'] = [];
  for (const p of Array.isArray(root['patches']) ? root['patches'] : []) {
    const entry = record(p);
    if (typeof p === 'string') patches.push({ path: local(p) });
    else if (entry && typeof entry['path'] === 'string') patches.push({ path: local(entry['path']), target: targetOf(entry['target']) });
  }
  // patchesStrategicMerge holds file names or inline patches (inline ones span several lines).
  for (const p of strings(root['patchesStrategicMerge'])) if (!p.includes('\n')) patches.push({ path: local(p.trim()) });
  for (const p of Array.isArray(root['patchesJson6902']) ? root['patchesJson6902'] : []) {
    const entry = record(p);
    if (entry && typeof entry['path'] === 'string') patches.push({ path: local(entry['path']), target: targetOf(entry['target']) });
  }
  const components = capped(strings(root['components'])).filter((e) => !isRemote(e)).map(local);
  const labelReach = labelReachOf(root);
  if (patches.length > MAX_KUSTOMIZATION_ENTRIES) {
    dropped += patches.length - MAX_KUSTOMIZATION_ENTRIES;
    patches.length = MAX_KUSTOMIZATION_ENTRIES;
  }
  return {
    file: k.path,
    dir,
    resources,
    patches,
    components,
    ...(dropped > 0 ? { dropped } : {}),
    ...(labelReach ? { labelReach } : {}),
    setsNamespace: typeof root['namespace'] === 'string' && root['namespace'] !== '',
  };
}
