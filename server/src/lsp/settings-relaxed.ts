// A nested `.kubegate.yaml` open in the editor: its keys that relax the policy of the workspace folder's own
// settings file get the settings-relaxed findings `kubegate check` run from that folder reports (the same
// function, engine/project/settings-relaxation.ts; the severity the root file gives the code).
import * as path from 'node:path';
import { parseRepoConfig, REPO_CONFIG_NAME, settingsRelaxations, type FileReport, type Project } from '../engine';
import type { WorkspaceFiles } from './workspace';

/** The report of an open nested settings file, or undefined when `file` is no such file (it is checked as usual). */
export function relaxedSettingsReport(file: string, text: string, ws: WorkspaceFiles, project: Project): FileReport | undefined {
  if (path.basename(file) !== REPO_CONFIG_NAME) return undefined;
  const folder = ws.folders.folderOf(file);
  const root = folder === undefined ? undefined : project.repoSettings.at(folder);
  if (!root?.config || root.unread || root.file === file) return undefined;
  const { config, problems } = parseRepoConfig(text, file);
  // Its problems are setting problems (the status item), as for any settings file.
  if (problems.length > 0) return { documents: [], findings: [] };
  const level = root.config.severity['settings-relaxed'];
  if (level === 'off') return { documents: [], findings: [] };
  const rootName = path.relative(folder!, root.file).split(path.sep).join('/');
  const findings = settingsRelaxations(config, text, root.config, rootName).map((f) => (level ? { ...f, severity: level } : f));
  return { documents: [], findings };
}
