// What kustomize makes of a file, from the kustomizations of the file's folder and its ancestors up to the root;
// when one of them names the file as a resource, also from every other kustomization of the root (an overlay
// that includes the base and adds labels or a namespace). The root's kustomizations are found once per root by
// a bounded walk that never leaves the root once links are followed and never walks a link cycle.
import * as path from 'node:path';
import { KustomizationsFound, type KustomizeAccess } from './kustomizations-found';
import { kustomizeFactsFor, type KustomizeFacts } from '../kustomize/facts';
import { KUSTOMIZATION_NAMES, ParsedKustomizations, readKustomization, type KustomizationText } from '../kustomize/kustomization';
import { mentionedPaths } from '../kustomize/mentions';
import { isWithin, normal } from '../base/paths';

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'out', 'vendor']);
/** Folders the search for a root's kustomizations visits at most. */
const MAX_KUSTOMIZE_SEARCH_DIRS = 5000;
/** Missing patches named per kustomization at most. */
const MAX_MISSING_NOTES = 5;


export class KustomizeScope {
  /** Kustomization paths of each root, found by one walk. */
  private readonly everywhere = new Map<string, string[]>();
  private readonly checked = new Set<string>();
  /** The kustomization files read, and those above each folder. */
  private readonly found: KustomizationsFound;
  /** Kustomizations parsed, kept while their text is the same. */
  private readonly parsed = new ParsedKustomizations();

  constructor(private readonly access: KustomizeAccess) {
    this.found = new KustomizationsFound(access);
  }

  /** What each kustomization names, kept while its text is the same. */
  private readonly mentions = new Map<string, { text: string; paths: Set<string> }>();

  private mentionsOf(k: KustomizationText): Set<string> {
    const hit = this.mentions.get(k.path);
    if (hit && hit.text === k.text) return hit.paths;
    const paths = mentionedPaths(k);
    if (this.mentions.size > 4096) this.mentions.clear();
    this.mentions.set(k.path, { text: k.text, paths });
    return paths;
  }

  /**
   * The kustomization owning the folder of `file` (in that folder or the one above: `config/crd/patches/x.yaml`
   * beside `config/crd/kustomization.yaml`) when no kustomization of the root names the file: a file left over in a
   * kustomize tree (a scaffolded patch no longer listed). Undefined when none is that near (a kustomization at the
   * top of a repository does not own every file below it), or one names it.
   */
  unusedOwner(file: string, root: string): string | undefined {
    const read = (f: string) => this.found.read(f, root);
    const near = this.found.near(file, root, 2);
    if (near.length === 0 || !isWithin(root, file)) return undefined;
    const target = normal(file);
    if (near.some((k) => this.mentionsOf(k).has(target))) return undefined;
    for (const p of this.allIn(root)) {
      const text = read(p);
      if (text !== undefined && this.mentionsOf({ path: p, text }).has(target)) return undefined;
    }
    return near[0]!.path;
  }

  /** A kustomization file changed, appeared or went away: the roots' lists are found again. */
  forget(file?: string): void {
    this.parsed.forget(file);
    if (file === undefined || (KUSTOMIZATION_NAMES as readonly string[]).includes(path.basename(file))) {
      this.everywhere.clear();
      this.found.forget();
      this.mentions.clear();
      if (file) this.checked.delete(file);
      else this.checked.clear();
    }
  }

  factsOf(file: string, root: string): KustomizeFacts | undefined {
    const read = (f: string) => this.found.read(f, root);
    const near = this.found.near(file, root);
    if (near.length === 0) return undefined;
    near.forEach((k) => this.missingEntries(k));
    const notes: string[] = [];
    let facts = kustomizeFactsFor(file, near, notes, this.parsed);
    if (facts && facts.role === 'resource' && isWithin(root, file)) {
      const known = new Set(near.map((k) => k.path));
      const others: KustomizationText[] = [];
      for (const p of this.allIn(root)) {
        if (known.has(p)) continue;
        const text = read(p);
        if (text !== undefined) others.push({ path: p, text });
      }
      facts = kustomizeFactsFor(file, [...near, ...others], notes, this.parsed);
    }
    notes.forEach((n) => this.access.note(n));
    return facts;
  }

  /** What a kustomization names that is not there (kustomize build fails on it), said once. */
  private missingEntries(k: KustomizationText): void {
    if (this.checked.has(k.path)) return;
    this.checked.add(k.path);
    const parsed = readKustomization(k, this.parsed);
    if (!parsed) {
      this.access.note(`${k.path} does not parse as a kustomization: not used`);
      return;
    }
    let reported = 0;
    for (const p of parsed.patches) {
      if (reported >= MAX_MISSING_NOTES) break;
      if (this.access.host.kind(p.path) === undefined) {
        this.access.note(`${k.path} names the patch ${path.relative(path.dirname(k.path), p.path)}, which does not exist: kustomize build fails`);
        reported++;
      }
    }
  }

  private allIn(root: string): string[] {
    const hit = this.everywhere.get(root);
    if (hit) return hit;
    const { host } = this.access;
    const found: string[] = [];
    const realRoot = host.realPath(root) ?? root;
    const queue = [root];
    const walked = new Set<string>();
    let seen = 0;
    for (; queue.length > 0 && seen < MAX_KUSTOMIZE_SEARCH_DIRS; seen++) {
      const dir = queue.shift()!;
      const real = host.realPath(dir) ?? dir;
      if (walked.has(real) || !isWithin(realRoot, real)) continue;
      walked.add(real);
      const names = host.listDir(dir);
      const own = KUSTOMIZATION_NAMES.find((n) => names.includes(n));
      if (own) found.push(path.join(dir, own));
      for (const n of names) {
        if (SKIP_DIRS.has(n) || n.startsWith('.')) continue;
        const p = path.join(dir, n);
        if (host.kind(p) === 'dir') queue.push(p);
      }
    }
    if (queue.length > 0) this.access.note(`the search for kustomizations stopped after ${MAX_KUSTOMIZE_SEARCH_DIRS} folders of ${root}; overlays further away are not read`);
    this.everywhere.set(root, found);
    return found;
  }
}
