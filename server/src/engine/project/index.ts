export { type EntryKind, type ProjectHost } from './host';
export { Project, type FileContext } from './project';
export { MAX_GLOB_FILES, type NamedFiles } from './named-files';
export { resolveSettings } from './resolve-settings';
export { type DerivedStore } from './derived-store';
export { type ProjectSettings, type RunCrdInput } from './settings';
export { type RepoSettings } from './repo-settings';
export {
  exclusionOf,
  isManifestName,
  isWantedFile,
  kindSelectorProblem,
  parseRepoConfig,
  REPO_CONFIG_NAME,
  type RepoConfig,
} from './repo-config';
export { settingsRelaxations } from './settings-relaxation';
