export { type EntryKind, type ProjectHost } from './host';
export { Project, type FileContext } from './project';
export { type DerivedStore } from './derived-store';
export { type ProjectSettings } from './settings';
