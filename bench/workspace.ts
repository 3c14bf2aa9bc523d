// One scratch workspace folder per input, outside the repository, holding a symbolic link to the generated
// file. Two reasons: the peer's `*.yaml` schema glob (picomatch `**/*.yaml`) skips paths with a dot folder
// such as bench/.work, so it would validate nothing there; and a folder of its own keeps a server from
// scanning the other (large) inputs while it looks for cluster configs next to the manifest.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BenchWorkspaces {
  root: string;
  /** The path a server is given for the input (a link to the generated file), in a folder of its own. */
  pathFor(inputFile: string): string;
  /** Removes the scratch folder (links and the repository copies; the inputs stay). */
  dispose(): void;
}

/** A repository-shaped workspace: the 10k-line input beside the 50k-line one, and real manifests in subfolders. */
export interface RepoScenario {
  /** The key the scenario's input is looked up with (`pathFor`). */
  key: string;
  tenK: string;
  fiftyK: string;
  /** Real manifests to lay out in subfolders (corpus-relative path → file). */
  manifests: { rel: string; file: string }[];
}

export function createWorkspaces(inputFiles: readonly string[], repo?: RepoScenario): BenchWorkspaces {
  const root = mkdtempSync(path.join(os.tmpdir(), 'kubegate-bench-'));
  if (root.split(path.sep).some((part) => part.startsWith('.'))) {
    throw new Error(`the temporary folder ${root} has a dot folder in its path; set TMPDIR to a plain folder`);
  }
  const links = new Map<string, string>();
  for (const file of inputFiles) {
    const name = path.basename(file);
    const dir = path.join(root, name.replace(/\.ya?ml$/, ''));
    mkdirSync(dir);
    const link = path.join(dir, name);
    symlinkSync(path.resolve(file), link);
    links.set(path.resolve(file), link);
  }
  if (repo) {
    // Copies, not links: servers read the other files of a repository from disk, and a language server may
    // rightly skip symbolic links there (Kubegate does), which would hide the cost of the siblings.
    const dir = path.join(root, 'repo');
    mkdirSync(path.join(dir, 'apps', 'platform'), { recursive: true });
    const link = path.join(dir, 'apps', 'platform', path.basename(repo.tenK));
    copyFileSync(path.resolve(repo.tenK), link);
    copyFileSync(path.resolve(repo.fiftyK), path.join(dir, 'apps', 'platform', path.basename(repo.fiftyK)));
    for (const m of repo.manifests) {
      const target = path.join(dir, 'services', m.rel);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(path.resolve(m.file), target);
    }
    links.set(path.resolve(repo.key), link);
  }
  return {
    root,
    pathFor(inputFile: string): string {
      const link = links.get(path.resolve(inputFile));
      if (!link) throw new Error(`no workspace for ${inputFile}`);
      return link;
    },
    dispose(): void {
      rmSync(root, { recursive: true, force: true });
    },
  };
}
