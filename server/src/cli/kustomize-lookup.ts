// The CLI's file access for the engine's kustomize facts: the kustomization files in a checked file's folder and
// its ancestors up to the repository root; when one names the file, also the other kustomization files of the
// repository (overlays that include a base and add labels), found once per run. Each file is read once.
import * as path from 'node:path';
import { findKustomizations, KUSTOMIZATION_NAMES, kustomizeFactsFor, type KustomizationText, type KustomizeFacts } from '../engine';
import type { CliIO } from './io';
import { repoRootOf } from './repo-settings';

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'out', 'vendor']);
const MAX_DIRS = 5000;

export function kustomizeLookup(io: CliIO): (file: string) => KustomizeFacts | undefined {
  const cwd = io.cwd?.() ?? process.cwd();
  const root = repoRootOf(io);
  const texts = new Map<string, string | undefined>();
  const read = (f: string): string | undefined => {
    if (!texts.has(f)) {
      let text: string | undefined;
      try {
        text = io.kind(f) === 'file' ? io.readFile(f) : undefined;
      } catch {
        text = undefined;
      }
      texts.set(f, text);
    }
    return texts.get(f);
  };
  let everywhere: KustomizationText[] | undefined;
  const allInRepo = (): KustomizationText[] => {
    if (everywhere) return everywhere;
    everywhere = [];
    const queue = [root];
    for (let seen = 0; queue.length > 0 && seen < MAX_DIRS; seen++) {
      const dir = queue.shift()!;
      let names: string[];
      try {
        names = io.listDir(dir);
      } catch {
        continue;
      }
      const own = KUSTOMIZATION_NAMES.find((n) => names.includes(n));
      const text = own ? read(path.join(dir, own)) : undefined;
      if (own && text !== undefined) everywhere.push({ path: path.join(dir, own), text });
      for (const n of names) {
        if (SKIP_DIRS.has(n) || n.startsWith('.')) continue;
        const p = path.join(dir, n);
        if (io.kind(p) === 'dir') queue.push(p);
      }
    }
    return everywhere;
  };
  return (file) => {
    if (file === '-' || file.startsWith('<')) return undefined;
    const abs = path.resolve(cwd, file);
    const near = findKustomizations(abs, root, read);
    if (near.length === 0) return undefined;
    const facts = kustomizeFactsFor(abs, near);
    const rel = path.relative(root, abs);
    if (!facts || facts.role !== 'resource' || rel.startsWith('..') || path.isAbsolute(rel)) return facts;
    const known = new Set(near.map((k) => k.path));
    return kustomizeFactsFor(abs, [...near, ...allInRepo().filter((k) => !known.has(k.path))]);
  };
}
