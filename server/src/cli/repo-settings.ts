// The repository's `.kubegate.yaml` as the CLI reads it: found from the working directory up to the repository
// root (the nearest folder with .git), validated (problems are usage errors), and its configFiles resolved.
import * as path from 'node:path';
import { findRepoConfig, isWantedFile, parseRepoConfig, type RepoConfig } from '../contract/repo-config';
import { UsageError } from './args';
import { repositoryRoot } from './format/sarif';
import { isYamlName } from './inputs';
import type { CliIO } from './io';

export function existsIn(io: CliIO): (p: string) => boolean {
  return (p) => (io.stat ? io.stat(p) !== undefined : io.kind(p) !== undefined);
}

/** The repository root of the working directory (nearest folder with .git, else the working directory). */
export function repoRootOf(io: CliIO): string {
  const cwd = io.cwd?.() ?? process.cwd();
  return repositoryRoot(cwd, existsIn(io), cwd);
}

/** The files the `configFiles` of `.kubegate.yaml` name: plain paths as they are, globs matched in its folder. */
export function repoConfigFiles(repo: RepoConfig, io: CliIO): string[] {
  const out: string[] = [];
  for (const entry of repo.configFiles) {
    if (!/[*?{}[\]]/.test(entry)) {
      out.push(path.join(repo.dir, entry));
      continue;
    }
    const walk = (dir: string, depth: number) => {
      if (depth > 20) return;
      let names: string[];
      try {
        names = [...io.listDir(dir)].sort();
      } catch {
        return;
      }
      for (const name of names) {
        if (name === '.git' || name === 'node_modules') continue;
        const full = path.join(dir, name);
        const kind = io.stat ? io.stat(full)?.kind : io.kind(full);
        if (kind === 'dir') walk(full, depth + 1);
        else if (kind === 'file' && isYamlName(name) && matchesGlob(repo, full, entry)) out.push(full);
      }
    };
    walk(repo.dir, 0);
  }
  return [...new Set(out)];
}

function matchesGlob(repo: RepoConfig, file: string, glob: string): boolean {
  return isWantedFile({ ...repo, files: [glob], ignore: [] }, file);
}

/** The repository's `.kubegate.yaml` (nearest from the working directory up to the repository root). */
export async function loadRepoConfig(io: CliIO): Promise<RepoConfig | undefined> {
  const cwd = io.cwd?.() ?? process.cwd();
  const file = findRepoConfig(cwd, repoRootOf(io), (p) => (io.stat ? io.stat(p)?.kind === 'file' : io.kind(p) === 'file'));
  if (!file) return undefined;
  let text: string;
  try {
    text = io.readRegular ? (() => {
      const o = io.readRegular(file, 1024 * 1024);
      if (!o.ok) throw new Error(o.reason === 'error' ? o.message : o.reason === 'too-large' ? 'larger than 1 MiB' : 'not a regular file');
      return o.text;
    })() : io.readFile(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const { config, problems } = parseRepoConfig(text, file);
  if (problems.length > 0) throw new UsageError(`invalid ${path.basename(file)}:\n  ${problems.join('\n  ')}`);
  return config;
}

