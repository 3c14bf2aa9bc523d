// The files a `configFiles` / `crdFiles` list names (of `.kubegate.yaml`, or of the editor settings), found
// through the project's host, so that the CLI and the language server read the same files: plain paths as they
// are, globs matched under the list's folder by one walk for all of them. Every file must stay inside the
// project root once links are followed; one outside is not read and a note names it. The walk never follows a
// link out of the root, visits each real folder once (no cycles) and stops at MAX_GLOB_WALK_DIRS folders or
// MAX_GLOB_FILES files, with a note. A glob that matches no file is said in a note too: the list still stands
// (named-sources.ts: nothing is discovered in its place).
import * as path from 'node:path';
import { compileGlob, globMatches, type GlobCompileResult } from '../base/glob-match';
import type { ProjectHost } from './host';

/** Folders a glob walk visits at most, and files it returns at most. */
const MAX_GLOB_WALK_DIRS = 5000;
export const MAX_GLOB_FILES = 1000;

/** Folders deeper than this below the list's folder are not walked. */
const MAX_WALK_DEPTH = 40;

/** Links and entries outside the root named in notes at most. */
const MAX_OUTSIDE_NOTES = 20;

/** A list of files named by a setting. */
export interface NamedFiles {
  /** The folder the entries are relative to (a `.kubegate.yaml`'s own folder, the editor's workspace folder). */
  base: string;
  entries: readonly string[];
  /** An entry without `/` matches the file name in any folder (the editor settings); else every entry is matched
   *  against the whole path below `base` (`.kubegate.yaml`). */
  nameAnywhere?: boolean;
  /** Where the list is written, heading its notes (`.kubegate.yaml configFiles`, `kubegate.configFiles`). */
  label?: string;
}

export interface NamedFilesFound {
  files: string[];
  /** What was not read or where the walk stopped, one sentence each. */
  notes: string[];
}

const GLOB_CHARS = /[*?{}[\]]/;
const YAML_NAME = /\.ya?ml$/i;

/** `inside(file)`: whether the file stays inside the project root once links are followed. */
export function findNamedFiles(host: ProjectHost, named: NamedFiles, root: string, inside: (file: string) => boolean): NamedFilesFound {
  const out: string[] = [];
  const notes: string[] = [];
  const globs: Extract<GlobCompileResult, { ok: true }>['glob'][] = [];
  const globEntries: string[] = [];
  for (const entry of named.entries) {
    // The editor's `kind.yaml` is the name in any folder: a pattern like any other.
    if (GLOB_CHARS.test(entry) || (named.nameAnywhere && !entry.includes('/'))) {
      const c = compileGlob(entry);
      if (c.ok) {
        globs.push(c.glob);
        globEntries.push(entry);
      }
      continue;
    }
    const file = path.isAbsolute(entry) ? path.normalize(entry) : path.join(named.base, entry);
    if (!inside(file)) notes.push(`${entry} is outside the repository (${root}) once links are followed: not read`);
    else out.push(file);
  }
  if (globs.length === 0) return labelled(named, { files: [...new Set(out)], notes });
  const matched = new Set<number>();
  const matches = (file: string): boolean => {
    const rel = path.relative(named.base, file).split(path.sep).join('/');
    let any = false;
    globs.forEach((g, i) => {
      if (!globMatches(g, rel, { matchBase: !!named.nameAnywhere })) return;
      matched.add(i);
      any = true;
    });
    return any;
  };
  const walked = new Set<string>();
  const outside = new Set<string>();
  let dirs = 0;
  let stopped = '';
  const walk = (dir: string, depth: number): void => {
    if (stopped || depth > MAX_WALK_DEPTH) return;
    const real = host.realPath(dir) ?? dir;
    if (walked.has(real)) return;
    walked.add(real);
    if (++dirs > MAX_GLOB_WALK_DIRS) {
      stopped = `more than ${MAX_GLOB_WALK_DIRS} folders under ${named.base}`;
      return;
    }
    for (const name of [...host.listDir(dir)].sort()) {
      if (stopped) return;
      if (name === '.git' || name === 'node_modules') continue;
      const full = path.join(dir, name);
      const kind = host.kind(full);
      if (kind !== 'dir' && kind !== 'file') continue;
      if (!inside(full)) {
        if (outside.size < MAX_OUTSIDE_NOTES) outside.add(full);
        continue;
      }
      if (kind === 'dir') walk(full, depth + 1);
      else if (YAML_NAME.test(name) && matches(full)) {
        if (out.length >= MAX_GLOB_FILES) stopped = `more than ${MAX_GLOB_FILES} matching files`;
        else out.push(full);
      }
    }
  };
  walk(named.base, 0);
  for (const o of outside) notes.push(`${path.relative(named.base, o)} links outside the repository (${root}): not followed`);
  if (stopped) notes.push(`the glob search stopped after ${stopped}; the files found so far are used`);
  // A search that stopped may have missed the files of a glob: only a whole walk says one matches none.
  else globEntries.forEach((entry, i) => matched.has(i) || notes.push(`${entry} matches no file`));
  return labelled(named, { files: [...new Set(out)], notes });
}

function labelled(named: NamedFiles, found: NamedFilesFound): NamedFilesFound {
  return named.label === undefined ? found : { files: found.files, notes: found.notes.map((n) => `${named.label}: ${n}`) };
}
