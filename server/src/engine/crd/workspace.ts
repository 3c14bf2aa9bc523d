// CRD documents in the workspace: the CRDs of a manifest's own folder, else of the nearest ancestor folder that
// has any (never above the workspace root), plus CRD files named in settings / .kubegate.yaml / --crd. Several
// CRDs of the same kind: the first file (sorted by name) wins. File access is injected (buffers before disk).
import * as path from 'path';
import { LineCounter } from 'yaml';
import { rangeOf } from '../parse/ranges';
import { crdFromObject } from './definition';
import type { CrdDefinition } from './format';
import { append } from '../append';
import { loadNamedFiles, nearestFolderWith } from '../nearest-folder';
import { addDuplicateKeyErrors, parseDocuments } from '../parse/parseFile';
import { fewAliases } from '../parse/aliases';

export interface CrdFileAccess {
  /** File names (not paths) directly inside `dir`; [] when the folder cannot be read. */
  listFiles(dir: string): string[];
  /** File text, or undefined when it cannot be read. */
  readFile(file: string): string | undefined;
  /** The CRDs of a file, when the caller keeps them (saves reading a file again). */
  crdsOf?(file: string): CrdDefinition[];
}

const YAML_FILE = /\.ya?ml$/i;

/** A text that may define CRDs (a cheap test before any parse). */
export function mayHoldCrd(text: string): boolean {
  return /\bCustomResourceDefinition\b/.test(text);
}

const cache = new Map<string, { text: string; defs: CrdDefinition[] }>();

/** The CRDs defined in one file's text (apiextensions.k8s.io/v1 CustomResourceDefinition documents, or a List of them). */
export function crdsFromText(text: string, file: string): CrdDefinition[] {
  if (!mayHoldCrd(text)) return [];
  const hit = cache.get(file);
  if (hit && hit.text === text) return hit.defs;
  const defs: CrdDefinition[] = [];
  const lineCounter = new LineCounter();
  let docs;
  try {
    docs = parseDocuments(text, lineCounter);
  } catch {
    return [];
  }
  for (const doc of docs) {
    addDuplicateKeyErrors(doc);
    if (doc.errors.length > 0 || !fewAliases(doc)) continue;
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch {
      continue;
    }
    const objects = isList(value) ? ((value as { items: unknown[] }).items ?? []) : [value];
    for (const o of objects) {
      const def = crdFromObject(o, { kind: 'workspace', name: path.basename(file), file });
      if (!def) continue;
      const r = doc.range;
      def.source.range = rangeOf(lineCounter, r[0], r[1]);
      defs.push(def);
    }
  }
  cache.set(file, { text, defs });
  return defs;
}

function isList(value: unknown): boolean {
  return !!value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'List' && Array.isArray((value as { items?: unknown }).items);
}

export function crdsInFolder(dir: string, access: CrdFileAccess): CrdDefinition[] {
  const out: CrdDefinition[] = [];
  for (const name of [...access.listFiles(dir)].sort()) {
    if (!YAML_FILE.test(name)) continue;
    const file = path.join(dir, name);
    if (access.crdsOf) {
      append(out, access.crdsOf(file));
      continue;
    }
    const text = access.readFile(file);
    if (text !== undefined) append(out, crdsFromText(text, file));
  }
  return out;
}

/** CRDs for a manifest: its folder's, else the nearest ancestor folder's that has any (not above the root). */
export function discoverCrds(manifest: string, workspaceRoot: string | undefined, access: CrdFileAccess): CrdDefinition[] {
  return nearestFolderWith(manifest, workspaceRoot, (dir) => crdsInFolder(dir, access));
}

/** CRDs of files named explicitly (settings, --crd FILE). Unreadable files are reported by name. */
export function loadCrdFiles(files: string[], access: Pick<CrdFileAccess, 'readFile'>): { crds: CrdDefinition[]; unreadable: string[] } {
  const { found, unreadable } = loadNamedFiles(files, (f) => access.readFile(f), crdsFromText);
  return { crds: found, unreadable };
}
