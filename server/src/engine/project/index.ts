export { type EntryKind, type ProjectHost } from './host';
export { Project, type FileContext, type ProjectOptions } from './project';
export { type DerivedStore } from './derived-store';
export { type ProjectSettings } from './settings';
export { folderHolding, isWithin } from './root';
export { MAX_KUSTOMIZE_SEARCH_DIRS } from './kustomize-scope';
