// Confinement of the files a repository's configuration names (`.kubegate.yaml` configFiles and
// customResources.crdFiles, the `.kubegate.yaml` itself, kustomizations): each must resolve inside the repository
// root after following links, else it is refused with a note naming it. A repository is untrusted input: a link
// or a `../` path must not make Kubegate read (and echo into reports) a file elsewhere on the machine.
import * as path from 'node:path';
import { isWithin } from '../contract/paths';

/** Whether `inner` is `outer` or inside it (both absolute, links already resolved): the engine's one test. */
export { isWithin };
import type { CliIO } from './io';

/** The path with links resolved (the deepest existing ancestor resolved, the rest appended), or the path itself. */
export function realOf(io: CliIO, p: string): string {
  const abs = path.resolve(p);
  if (!io.realPath) return abs;
  try {
    return io.realPath(abs);
  } catch {
    const parent = path.dirname(abs);
    return parent === abs ? abs : path.join(realOf(io, parent), path.basename(abs));
  }
}

/** The nearest folder at or above `start` that holds `.git`, else `fallback`. */
export function repositoryRoot(start: string, exists: (p: string) => boolean, fallback: string): string {
  let dir = path.resolve(start);
  for (;;) {
    if (exists(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(fallback);
    dir = parent;
  }
}

export interface Confinement {
  root: string;
  realRoot: string;
  /** Whether `p` (after following links) is inside the root. */
  inside(p: string): boolean;
}

export function confinementOf(io: CliIO, root: string): Confinement {
  const realRoot = realOf(io, root);
  return {
    root,
    realRoot,
    inside: (p) => isWithin(realRoot, realOf(io, p)),
  };
}
