// `.kubegate.yaml`: the repository's Kubegate settings. The format (parsing, validation, glob tests) and which
// file governs a file belong to the engine's project model (engine/project/repo-config.ts, repo-settings.ts), so
// the CLI and the language server read the same file the same way; here is how the server's settings take it.
import * as path from 'node:path';
import type { RepoConfig } from '../engine/project/repo-config';
import { leavesBase } from '../engine/base/paths';
import type { KubegateSettings } from './settings';

export {
  exclusionOf,
  FAIL_ON_LEVELS,
  isIgnored,
  isWantedFile,
  kindSelected,
  kindSelectorProblem,
  parseRepoConfig,
  REPO_CONFIG_NAME,
  type FailOnLevel,
  type RepoConfig,
} from '../engine/project/repo-config';

/**
 * The language server's settings with a repository's `.kubegate.yaml` applied: the repo file gives the
 * defaults, the user's own settings win where they set something (a gate or severity code each, the version
 * when set explicitly, file lists when non-empty).
 */
export function withRepoConfig(settings: KubegateSettings, repo: RepoConfig, userSetVersion: boolean, root: string): KubegateSettings {
  // The server matches globs relative to the workspace folder; the file's globs are relative to its folder.
  const prefix = path.relative(root, repo.dir).split(path.sep).join('/');
  const rebase = (g: string) => (prefix && !leavesBase(prefix) ? `${prefix}/${g}` : g);
  return {
    ...settings,
    kubernetesVersion: userSetVersion || !repo.kubernetesVersion ? settings.kubernetesVersion : repo.kubernetesVersion,
    featureGates: { ...repo.featureGates, ...settings.featureGates },
    severity: { ...repo.severity, ...settings.severity },
    files: settings.files.length ? settings.files : repo.files.map(rebase),
    configFiles: settings.configFiles.length ? settings.configFiles : repo.configFiles.map(rebase),
    customResources: {
      packs: settings.customResources?.packs.length ? settings.customResources.packs : (repo.customResources?.packs ?? []),
      crdFiles: settings.customResources?.crdFiles.length ? settings.customResources.crdFiles : (repo.customResources?.crdFiles ?? []).map(rebase),
    },
  };
}
