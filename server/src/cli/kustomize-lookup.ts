// The CLI's file access for the engine's kustomize facts: the kustomization files in a checked file's folder and
// its ancestors up to the repository root; when one names the file, also the other kustomization files of the
// repository (overlays that include a base and add labels), found once per run. Each file is read once.
import * as path from 'node:path';
import { findKustomizations, KUSTOMIZATION_NAMES, kustomizeFactsFor, readKustomization, type KustomizationText, type KustomizeFacts } from '../engine';
import { confinementOf, isWithin, realOf, type Confinement } from './confine';
import { repositoryRoot } from './format/sarif';
import type { CliIO } from './io';
import { repoRootOf } from './repo-settings';

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'out', 'vendor']);
const MAX_DIRS = 5000;

export function kustomizeLookup(io: CliIO): (file: string) => KustomizeFacts | undefined {
  const cwd = io.cwd?.() ?? process.cwd();
  const root = repoRootOf(io);
  // Kustomization files and folders are read only inside the repository once links are followed.
  // The jail of the file being looked up: its repository (nearest .git), else its own folder.
  const jails = new Map<string, Confinement>();
  const exists = (p: string) => (io.stat ? io.stat(p) !== undefined : io.kind(p) !== undefined);
  const jailOf = (dir: string): Confinement => {
    let top = repositoryRoot(dir, exists, cwd);
    if (!isWithin(path.resolve(top), path.resolve(dir))) top = dir;
    let j = jails.get(top);
    if (!j) jails.set(top, (j = confinementOf(io, top)));
    return j;
  };
  let jail = jailOf(root);
  const texts = new Map<string, string | undefined>();
  const read = (f: string): string | undefined => {
    if (!jail.inside(f)) return undefined;
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
  const rootJail = jail;
  let everywhere: KustomizationText[] | undefined;
  const allInRepo = (): KustomizationText[] => {
    if (everywhere) return everywhere;
    everywhere = [];
    const queue = [root];
    const walked = new Set<string>();
    let seen = 0;
    for (; queue.length > 0 && seen < MAX_DIRS; seen++) {
      const dir = queue.shift()!;
      // Each real folder once (a link cycle is not walked around), never outside the repository.
      const real = realOf(io, dir);
      if (walked.has(real) || !isWithin(rootJail.realRoot, real)) continue;
      walked.add(real);
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
    if (queue.length > 0) note(`the search for kustomizations stopped after ${MAX_DIRS} folders of ${root}; overlays further away are not read`);
    return everywhere;
  };
  // Notes once per run: what a kustomization names that is not there (kustomize build fails on it), what was
  // not read (bounds), a kustomization outside the repository.
  const noted = new Set<string>();
  const note = (m: string) => {
    if (noted.has(m)) return;
    noted.add(m);
    io.err(`note: ${m}\n`);
  };
  const checkedFiles = new Set<string>();
  const missingEntries = (k: KustomizationText): void => {
    if (checkedFiles.has(k.path)) return;
    checkedFiles.add(k.path);
    const parsed = readKustomization(k);
    if (!parsed) {
      note(`${k.path} does not parse as a kustomization: not used`);
      return;
    }
    let reported = 0;
    for (const p of parsed.patches) {
      if (reported >= 5) break;
      if (io.kind(p.path) === undefined) {
        note(`${k.path} names the patch ${path.relative(path.dirname(k.path), p.path)}, which does not exist: kustomize build fails`);
        reported++;
      }
    }
  };
  return (file) => {
    if (file === '-' || file.startsWith('<')) return undefined;
    const abs = path.resolve(cwd, file);
    jail = jailOf(path.dirname(abs));
    const near = findKustomizations(abs, root, read);
    if (near.length === 0) return undefined;
    near.forEach(missingEntries);
    const notes: string[] = [];
    let facts = kustomizeFactsFor(abs, near, notes);
    const rel = path.relative(root, abs);
    if (facts && facts.role === 'resource' && !rel.startsWith('..') && !path.isAbsolute(rel)) {
      const known = new Set(near.map((k) => k.path));
      jail = rootJail;
      facts = kustomizeFactsFor(abs, [...near, ...allInRepo().filter((k) => !known.has(k.path))], notes);
    }
    notes.forEach(note);
    return facts;
  };
}
