// The server's view of `.kubegate.yaml`: the project model says which one governs a document (the nearest from
// its folder up to its project root, an open buffer first; the same answer the CLI gets) and what it says. Its
// problems become setting problems (status item); its globs are matched relative to the workspace folder.
import * as path from 'node:path';
import type { Project, RepoConfig } from '../engine';
import { uriToPath, type WorkspaceFiles } from './workspace';

export interface RepoConfigLookup {
  config?: RepoConfig;
  problems: string[];
  /** The folder globs are matched against (the workspace folder, else the config's folder). */
  root: string;
}

/** The `.kubegate.yaml` governing `uri` (undefined = the first workspace folder), or undefined when none. */
export function repoConfigFor(uri: string | undefined, ws: WorkspaceFiles, project: Project): RepoConfigLookup | undefined {
  const file = uri ? uriToPath(uri) : undefined;
  const first = ws.folders.list()[0];
  const found = file ? project.repoSettings.of(file) : first ? project.repoSettings.at(first) : undefined;
  if (!found) return undefined;
  const root = (file ? ws.folders.folderOf(file) : first) ?? path.dirname(found.file);
  return { ...(found.config && !found.unread ? { config: found.config } : {}), problems: found.problems, root };
}
