// One scratch workspace folder per input, outside the repository, holding a symbolic link to the generated
// file. Two reasons: the peer's `*.yaml` schema glob (picomatch `**/*.yaml`) skips paths with a dot folder
// such as bench/.work, so it would validate nothing there; and a folder of its own keeps a server from
// scanning the other (large) inputs while it looks for cluster configs next to the manifest.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BenchWorkspaces {
  root: string;
  /** The path a server is given for the input (a link to the generated file), in a folder of its own. */
  pathFor(inputFile: string): string;
  /** Removes the scratch folder (links only; the inputs stay). */
  dispose(): void;
}

export function createWorkspaces(inputFiles: readonly string[]): BenchWorkspaces {
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
