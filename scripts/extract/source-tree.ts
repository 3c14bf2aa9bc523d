// Read access to an upstream checkout: a plain folder (a clone or sparse checkout), with the commit it is at
// when it is a git work tree. The extractors read only through this, so tests hand them a folder they write.
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
  return {
    repo,
    root,
    commit,
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
