// The server's view of `.kubegate.yaml`: the nearest one from a document's folder up to its workspace folder
// (an open buffer first, else the disk; regular files of at most 1 MiB only), parsed with the contract module
// the CLI uses too. Its problems become setting problems (status item).
import { statSync } from 'node:fs';
import * as path from 'node:path';
import { findRepoConfig, parseRepoConfig, type RepoConfig } from '../contract/repo-config';
import { uriToPath, type WorkspaceFiles } from './workspace';

const MAX_BYTES = 1024 * 1024;

export interface RepoConfigLookup {
  config?: RepoConfig;
  problems: string[];
  /** The folder globs are matched against (the workspace folder, else the config's folder). */
  root: string;
}

/** The `.kubegate.yaml` governing `uri` (undefined = the first workspace folder), or undefined when none. */
export function repoConfigFor(uri: string | undefined, ws: WorkspaceFiles): RepoConfigLookup | undefined {
  const file = uri ? uriToPath(uri) : undefined;
  const folder = file ? ws.folderOf(file) : ws.getFolders()[0];
  const start = file ? path.dirname(file) : folder;
  if (!start) return undefined;
  const exists = (p: string) => {
    try {
      statSync(p);
      return true;
    } catch {
      return false;
    }
  };
  const found = findRepoConfig(start, folder, exists);
  if (!found) return undefined;
  const root = folder ?? path.dirname(found);
  try {
    const st = statSync(found);
    // Not skipped silently: a folder (or FIFO) of that name, or a link out of the workspace, is a setting problem.
    if (!st.isFile()) return { problems: [`${found} is ${st.isDirectory() ? 'a folder' : 'not a regular file'}, not a settings file; it is ignored.`], root };
    if (!ws.insideWorkspace(found)) return { problems: [`${found} links outside the workspace folder; it is not read.`], root };
    if (st.size > MAX_BYTES) return { problems: [`${found} is larger than 1 MiB; it is ignored.`], root };
  } catch {
    return undefined;
  }
  const text = ws.read(found);
  if (text === undefined) return undefined;
  const { config, problems } = parseRepoConfig(text, found);
  return { config, problems, root };
}
