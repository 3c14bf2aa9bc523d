// `.kubegate.yaml`: the repository's Kubegate settings. The format (parsing, validation, glob tests) and which
// file governs a file belong to the engine's project model (engine/project/repo-config.ts, repo-settings.ts), so
// the CLI and the language server read the same file the same way; here is how the server's settings take it.
import * as path from 'node:path';
import type { RepoConfig } from '../engine/project/repo-config';
import type { NamedFiles } from '../engine/project/named-files';
import { resolveSettings } from '../engine/project/resolve-settings';
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
 * The language server's settings with a repository's `.kubegate.yaml` applied, by the project model's rule
 * (engine/project/resolve-settings.ts, the one the CLI applies): the repo file gives the defaults, the user's own
 * settings win where they set something (a gate or severity code each, the version when set explicitly, file
 * lists when non-empty). `root`: the workspace folder, which the user's globs are relative to.
 */
export function withRepoConfig(settings: KubegateSettings, repo: RepoConfig, userSetVersion: boolean, root: string): KubegateSettings {
  const userList = (entries: string[] | undefined): NamedFiles => ({ base: root, entries: entries ?? [], nameAnywhere: true });
  const resolved = resolveSettings(repo, {
    featureGates: settings.featureGates,
    severity: settings.severity,
    configFiles: userList(settings.configFiles),
    crdFiles: userList(settings.customResources?.crdFiles),
    packs: settings.customResources?.packs ?? [],
  });
  // The server matches `files` relative to the workspace folder; the file's globs are relative to its folder.
  const prefix = path.relative(root, repo.dir).split(path.sep).join('/');
  const rebase = (g: string) => (prefix && !leavesBase(prefix) ? `${prefix}/${g}` : g);
  return {
    ...settings,
    kubernetesVersion: userSetVersion ? settings.kubernetesVersion : (resolved.version ?? settings.kubernetesVersion),
    featureGates: resolved.featureGates,
    severity: resolved.severity,
    files: settings.files.length ? settings.files : repo.files.map(rebase),
    customResources: { packs: resolved.packs, crdFiles: settings.customResources?.crdFiles ?? [] },
    named: { ...(resolved.configFiles ? { configFiles: resolved.configFiles } : {}), ...(resolved.crdFiles ? { crdFiles: resolved.crdFiles } : {}) },
  };
}
