export { type EntryKind, type ProjectHost } from './host';
export { Project, type FileContext, type ProjectOptions } from './project';
export { type DerivedStore } from './derived-store';
export { type ProjectSettings } from './settings';
export { folderHolding, isWithin } from './root';
export { MAX_KUSTOMIZE_SEARCH_DIRS } from './kustomize-scope';
export { type RepoSettings, MAX_REPO_CONFIG_BYTES } from './repo-settings';
export {
  exclusionOf,
  FAIL_ON_LEVELS,
  globProblem,
  isIgnored,
  isWantedFile,
  kindSelected,
  kindSelectorProblem,
  matchesConfigFiles,
  MAX_LIST_ENTRIES,
  parseRepoConfig,
  REPO_CONFIG_FORMAT,
  REPO_CONFIG_NAME,
  UNCHECKED_POLICIES,
  type FailOnLevel,
  type RepoConfig,
  type RepoConfigResult,
  type UncheckedPolicy,
} from './repo-config';
