// The repository's `.kubegate.yaml` as the CLI reads it: found from the working directory up to the repository
// root (the nearest folder with .git), validated (problems are usage errors), and its configFiles resolved.
import * as path from 'node:path';
import { findRepoConfig, isWantedFile, parseRepoConfig, type RepoConfig } from '../contract/repo-config';
import { UsageError } from './args';
import { repositoryRoot } from './format/sarif';
import { isYamlName } from './inputs';
import { confinementOf, realOf } from './confine';
import type { CliIO } from './io';

export function existsIn(io: CliIO): (p: string) => boolean {
  return (p) => (io.stat ? io.stat(p) !== undefined : io.kind(p) !== undefined);
}

/** The repository root of the working directory (nearest folder with .git, else the working directory). */
export function repoRootOf(io: CliIO): string {
  const cwd = io.cwd?.() ?? process.cwd();
  return repositoryRoot(cwd, existsIn(io), cwd);
}

/** Folders a glob walk of `configFiles` / `crdFiles` visits at most, and files it returns at most. */
export const MAX_GLOB_WALK_DIRS = 5000;
export const MAX_GLOB_FILES = 1000;

/**
 * The files the `configFiles` (or `customResources.crdFiles`) of `.kubegate.yaml` name: plain paths as they are,
 * globs matched in its folder by one walk for all of them. Every file must resolve inside the repository root
 * after following links; one outside (`../outside/kind.yaml`, a link to /etc) is not read and gets a note naming
 * it. The walk never follows a link out of the root, visits each real folder once (no cycles) and stops at
 * MAX_GLOB_WALK_DIRS folders / MAX_GLOB_FILES files, with a note.
 */
export function repoConfigFiles(repo: RepoConfig, io: CliIO, key = 'configFiles', root = repoRootOf(io)): string[] {
  const jail = confinementOf(io, root);
  const note = (m: string) => io.err(`note: ${path.basename(repo.file)} ${key}: ${m}\n`);
  const out: string[] = [];
  const globs: string[] = [];
  for (const entry of repo.configFiles) {
    if (/[*?{}[\]]/.test(entry)) {
      globs.push(entry);
      continue;
    }
    const file = path.resolve(repo.dir, entry);
    if (!jail.inside(file)) note(`${entry} is outside the repository (${root}) once links are followed: not read`);
    else out.push(file);
  }
  if (globs.length > 0) {
    const wanted = { ...repo, files: globs, ignore: [] };
    const walked = new Set<string>();
    const outside = new Set<string>();
    let dirs = 0;
    let stopped = '';
    const walk = (dir: string, depth: number) => {
      if (stopped || depth > 40) return;
      const real = realOf(io, dir);
      if (walked.has(real)) return;
      walked.add(real);
      if (++dirs > MAX_GLOB_WALK_DIRS) {
        stopped = `more than ${MAX_GLOB_WALK_DIRS} folders under ${repo.dir}`;
        return;
      }
      let names: string[];
      try {
        names = [...io.listDir(dir)].sort();
      } catch {
        return;
      }
      for (const name of names) {
        if (stopped) return;
        if (name === '.git' || name === 'node_modules') continue;
        const full = path.join(dir, name);
        const kind = io.stat ? io.stat(full)?.kind : io.kind(full);
        if (kind !== 'dir' && kind !== 'file') continue;
        if (!jail.inside(full)) {
          if (outside.size < 20) outside.add(full);
          continue;
        }
        if (kind === 'dir') walk(full, depth + 1);
        else if (isYamlName(name) && isWantedFile(wanted, full)) {
          if (out.length >= MAX_GLOB_FILES) stopped = `more than ${MAX_GLOB_FILES} matching files`;
          else out.push(full);
        }
      }
    };
    walk(repo.dir, 0);
    for (const o of outside) note(`${path.relative(repo.dir, o)} links outside the repository (${root}): not followed`);
    if (stopped) note(`the glob search stopped after ${stopped}; the files found so far are used`);
  }
  return [...new Set(out)];
}

/** The repository's `.kubegate.yaml` (nearest from the working directory up to the repository root). One that is
 *  not a regular file (a folder, a FIFO) or that links outside the repository is not read: a note names it. */
export async function loadRepoConfig(io: CliIO): Promise<RepoConfig | undefined> {
  const cwd = io.cwd?.() ?? process.cwd();
  const root = repoRootOf(io);
  const kindOf = (p: string) => (io.stat ? io.stat(p)?.kind : io.kind(p));
  const file = findRepoConfig(cwd, root, (p) => kindOf(p) !== undefined);
  if (!file) return undefined;
  const kind = kindOf(file);
  if (kind !== 'file') {
    io.err(`note: ${file} is ${kind === 'dir' ? 'a folder' : 'not a regular file'}, not a settings file: not read\n`);
    return undefined;
  }
  if (!confinementOf(io, root).inside(file)) {
    io.err(`note: ${file} links outside the repository (${root}): not read\n`);
    return undefined;
  }
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
