// A file's `.kubegate.yaml` under what its front end says (command-line options, editor settings): the one rule
// both front ends apply. The front end wins where it says something (its version when set, a gate or severity
// code each, a file list or pack list when not empty); the settings file gives the rest. The lists of files a
// settings file names stay relative to its own folder (matched against the whole path below it); the editor's
// own lists are relative to its workspace folder, where a pattern without `/` matches the name in any folder.
import * as path from 'node:path';
import type { FindingCode } from '../codes/finding';
import type { SeverityOverride } from '../codes/severity-overrides';
import type { KubeVersion } from '../base/types';
import type { NamedFiles } from './named-files';
import type { RepoConfig } from './repo-config';

/** What a front end says, each item left out when it says nothing. */
export interface GivenSettings {
  version?: KubeVersion;
  featureGates?: Record<string, boolean>;
  severity?: Partial<Record<FindingCode, SeverityOverride>>;
  configFiles?: NamedFiles;
  crdFiles?: NamedFiles;
  packs?: readonly string[];
}

export interface ResolvedSettings {
  /** Undefined: neither says (the front end's default applies). */
  version?: KubeVersion;
  featureGates: Record<string, boolean>;
  severity: Partial<Record<FindingCode, SeverityOverride>>;
  /** Undefined: no list (the configs around each file are discovered). A list that matches no file still stands
   *  (named-sources.ts). */
  configFiles?: NamedFiles;
  crdFiles?: NamedFiles;
  packs: string[];
}

function given(list: NamedFiles | undefined): NamedFiles | undefined {
  return list && list.entries.length > 0 ? list : undefined;
}

/** `repo`: the settings file governing the file (undefined: none, or one not to use). */
export function resolveSettings(repo: RepoConfig | undefined, front: GivenSettings): ResolvedSettings {
  const version = front.version ?? repo?.kubernetesVersion;
  const fromRepo = (entries: readonly string[] | undefined, key: string): NamedFiles | undefined =>
    repo && entries && entries.length > 0 ? { base: repo.dir, entries, label: `${path.basename(repo.file)} ${key}` } : undefined;
  const configFiles = given(front.configFiles) ?? fromRepo(repo?.configFiles, 'configFiles');
  const crdFiles = given(front.crdFiles) ?? fromRepo(repo?.customResources?.crdFiles, 'customResources.crdFiles');
  return {
    ...(version !== undefined ? { version } : {}),
    featureGates: { ...(repo?.featureGates ?? {}), ...(front.featureGates ?? {}) },
    severity: { ...(repo?.severity ?? {}), ...(front.severity ?? {}) },
    ...(configFiles ? { configFiles } : {}),
    ...(crdFiles ? { crdFiles } : {}),
    packs: front.packs && front.packs.length > 0 ? [...front.packs] : [...(repo?.customResources?.packs ?? [])],
  };
}
