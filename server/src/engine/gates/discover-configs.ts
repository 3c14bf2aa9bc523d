// Which repo configs govern a manifest: the configs in its own folder, else those of the nearest ancestor
// folder that has any, never above the workspace root. Several configs found in one folder are combined.
// File access is injected so the language server can serve open buffers before the disk.
import * as path from 'path';
import { normal } from '../base/paths';
import { readGateConfigsFromText, type ConfigDocInfo } from './config-readers';
import { append } from '../base/append';
import { folderYamlFiles, loadNamedFiles, nearestFolderWith, type FolderLimitNote } from '../base/nearest-folder';

export interface ConfigFileAccess {
  /** File names (not paths) directly inside `dir`; [] when the folder cannot be read. */
  listFiles(dir: string): string[];
  /** File text, or undefined when it cannot be read. */
  readFile(file: string): string | undefined;
  /** The gate configs of a file, when the caller keeps them (saves reading and parsing a file again). */
  configsOf?(file: string): ConfigDocInfo[];
  /** A folder with more than MAX_FOLDER_FILES YAML files: only the first ones were read (base/nearest-folder.ts). */
  onFolderLimit?(note: FolderLimitNote): void;
}

/** Gate configs of the YAML files of one folder (the manifest itself excluded: it governs its own documents). */
function configsInFolder(dir: string, access: ConfigFileAccess, exclude?: string): ConfigDocInfo[] {
  const out: ConfigDocInfo[] = [];
  for (const name of folderYamlFiles(dir, access.listFiles(dir), access.onFolderLimit?.bind(access))) {
    const file = path.join(dir, name);
    if (exclude && normal(file) === normal(exclude)) continue;
    if (access.configsOf) {
      append(out, access.configsOf(file));
      continue;
    }
    const text = access.readFile(file);
    if (text !== undefined) append(out, readGateConfigsFromText(text, file));
  }
  return out;
}

/** The distinct config files among configs, for "gates from …" lines. */
export function configFilesOf(configs: readonly ConfigDocInfo[]): string[] {
  return [...new Set(configs.map((c) => c.file).filter((f): f is string => !!f))];
}

export function discoverConfigs(manifest: string, workspaceRoot: string | undefined, access: ConfigFileAccess): ConfigDocInfo[] {
  return nearestFolderWith(manifest, workspaceRoot, (dir) => configsInFolder(dir, access, manifest));
}

/** Configs named explicitly (CLI `--config FILE`, repeatable). Unreadable files are reported by name. */
export function loadConfigFiles(files: string[], access: Pick<ConfigFileAccess, 'readFile'>): { configs: ConfigDocInfo[]; unreadable: string[] } {
  const { found, unreadable } = loadNamedFiles(files, (f) => access.readFile(f), readGateConfigsFromText);
  return { configs: found, unreadable };
}
