// Quick-fix values: plain data that a front end (LSP code actions, CLI --fix, tests) turns into edits.
import type { Document } from 'yaml';
import type { FindingCode } from '../codes/finding';
import type { KubeVersion, Range } from '../base/types';
import type { ParsedFile } from '../model';
import type { TextSnapshot } from '../incremental/snapshot';
import type { ConfigDocInfo } from '../gates/config-readers';
import type { GateCatalog, VersionData } from '../knowledge/data-contract';

/** Replace `range` of an existing file with `newText` (an insertion when the range is empty). */
export interface TextEdit {
  file: string;
  range: Range;
  newText: string;
}

/** Create a new file with the given text (never overwrites: the front end checks). */
export interface CreateFile {
  file: string;
  create: true;
  text: string;
}

type FileEdit = TextEdit | CreateFile;

/** A change to an editor setting rather than a file; the client applies it: kubegate.featureGates[key] = value,
 *  or kubegate.kubernetesVersion = value (key `kubernetesVersion`, a string value). */
type SettingChange =
  | { setting: 'kubegate.featureGates'; key: string; value: boolean }
  | { setting: 'kubegate.kubernetesVersion'; key: 'kubernetesVersion'; value: KubeVersion };

export interface Fix {
  title: string;
  kind: 'quickfix';
  edits: FileEdit[];
  isPreferred?: boolean;
  /** Set for fixes that change a setting instead of (or besides) files. */
  setting?: SettingChange;
  /** The finding code the fix answers. */
  code: FindingCode;
  /** A disable comment (silences the finding rather than fixing it): never applied by `kubegate check --fix`. */
  suppression?: true;
}

/** A config file the gate model found for the manifest (kind, kubeadm, kubelet config), with its current text. */
export interface ConfigFileText {
  path: string;
  text: string;
}

export interface FixContext {
  /** Path or URI of the file the finding belongs to (used in the edits). */
  file: string;
  text: string;
  /** The file as parsed by the engine; parsed again here when absent. */
  parsed?: ParsedFile;
  /** The open document's snapshot of `text`: only the document of a finding is parsed, not the whole text. */
  snapshot?: TextSnapshot;
  /** Reads texts (the file, config files) once per call of the fixes; each fix reads on its own when absent. */
  reads?: TextReads;
  version: KubeVersion;
  /** Structural data of the target version (kinds, types, enums); fixes that need it are skipped without it. */
  versionData?: VersionData;
  /** Gate catalog, for the components of a gate and replacement names; optional. */
  gates?: GateCatalog;
  /** Repo configs that govern the file (from the gate environment's evidence). */
  configFiles?: ConfigFileText[];
  /** Where a new kind config would be created when the workspace has none (omit to not offer one). */
  newKindConfigPath?: string;
  /** Gates the whole file or workspace needs (for the kind config fix); defaults to the finding's gate. */
  neededGates?: string[];
  /** Offer "enable in settings" (kubegate.featureGates). Default true. */
  offerSetting?: boolean;
}

/** What fixes read of a text: its YAML documents, its gate configs (the same for every finding of a call). */
export interface TextReads {
  docs(text: string): YamlDoc[];
  gateConfigs(text: string): ConfigDocInfo[];
}

/** One parsed YAML document with its offsets in the file text. */
export interface YamlDoc {
  index: number;
  doc: Document.Parsed;
}
