// Read access to an upstream checkout: a plain folder (a clone or sparse checkout), with the commit it is at
// when it is a git work tree. The extractors read only through this, so tests hand them a folder they write.
// A folder that is not a git work tree (files copied one by one from different commits, an "excerpt checkout")
// names the commit of each file in a `SOURCE-COMMITS` file at its root: one `<commit> <path>` line per file.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface SourceTree {
  /** Repository label for provenance, e.g. `kubernetes/kubernetes`. */
  repo: string;
  root: string;
  /** The checkout's commit (`git rev-parse HEAD`), or null when it is not a git work tree. */
  commit: string | null;
  exists(rel: string): boolean;
  read(rel: string): string;
  /** Files below `rel` (paths relative to it, `/`-separated, sorted) whose relative path passes `keep`. */
  list(rel: string, keep: (p: string) => boolean): string[];
  /** Without a checkout commit: the commit of each file at or below `rel` that `SOURCE-COMMITS` names. */
  commitsUnder?(rel: string): Record<string, string>;
}

export const SOURCE_COMMITS = 'SOURCE-COMMITS';

/** `<commit> <path>` lines (blank lines and `#` comments skipped) → path → commit. */
export function parseSourceCommits(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    const m = /^([0-9a-f]{40})\s+(\S+)$/.exec(t);
    if (!m) throw new Error(`${SOURCE_COMMITS}: expected "<40-hex commit> <path>", got ${JSON.stringify(t.slice(0, 80))}`);
    out[m[2]] = m[1];
  }
  return out;
}

/** The commit `rel` (a file) was read at: the checkout's, else the one SOURCE-COMMITS names, else null. */
export function commitOfFile(tree: SourceTree, rel: string): string | null {
  return tree.commit ?? tree.commitsUnder?.(rel)[rel] ?? null;
}

export function gitCommitOf(dir: string): string | null {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

export function folderTree(repo: string, root: string, commit: string | null = gitCommitOf(root)): SourceTree {
  const abs = (rel: string): string => path.join(root, ...rel.split('/').filter(Boolean));
  const manifest = commit === null && fs.existsSync(abs(SOURCE_COMMITS)) ? parseSourceCommits(fs.readFileSync(abs(SOURCE_COMMITS), 'utf8')) : undefined;
  return {
    repo,
    root,
    commit,
    ...(manifest
      ? {
          commitsUnder: (rel: string): Record<string, string> =>
            Object.fromEntries(Object.entries(manifest).filter(([p]) => rel === '.' || rel === '' || p === rel || p.startsWith(`${rel}/`)).sort(([a], [b]) => (a < b ? -1 : 1))),
        }
      : {}),
    exists: (rel) => fs.existsSync(abs(rel)),
    read: (rel) => fs.readFileSync(abs(rel), 'utf8'),
    list(rel, keep) {
      const base = abs(rel);
      const out: string[] = [];
      const walk = (dir: string, prefix: string): void => {
        let entries: fs.Dirent[];
        try {
          entries = fs.readdirSync(dir, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          const p = prefix ? `${prefix}/${e.name}` : e.name;
          if (e.isDirectory()) {
            if (e.name !== '.git' && e.name !== 'vendor' && e.name !== 'testdata') walk(path.join(dir, e.name), p);
          } else if (keep(p)) out.push(p);
        }
      };
      walk(base, '');
      return out.sort();
    },
  };
}
