// Per-file gate environments of a `kubegate check` run, with the engine's one config-scoping model
// (governingConfigs): `--config` / `.kubegate.yaml` configFiles when given, else the configs of the file's own
// folder or the nearest ancestor folder that has any, never above the repository root (nearest `.git`) or the
// working directory. A folder run therefore gives each file the answer a run on that file alone gives.
import * as path from 'node:path';
import {
  configFilesOf,
  governingConfigs,
  readGateConfigsFromText,
  type ConfigDocInfo,
  type ConfigFileAccess,
  type GateEnvironment,
  type KubeVersion,
} from '../engine';
import { repositoryRoot } from './format/sarif';
import { environmentOfSources, type RunGateSources } from './gate-options';
import { DEFAULT_LIMITS, type CheckInput } from './inputs';
import { confinementOf, type Confinement } from './confine';
import type { CliIO } from './io';

export interface ScopedEnvironment {
  environment: GateEnvironment | undefined;
  /** Config files that supplied gate state to this file (its own config documents are not listed), relative to
   *  the working directory. */
  configFiles: string[];
  /** The same, absolute (to be written like the file's own path: absolute for a file named by absolute path). */
  absoluteConfigFiles: string[];
}

/** File access for discovery: the run's inputs (already read once) first, then regular files on disk, bounded. */
function discoveryAccess(inputs: readonly CheckInput[], io: CliIO): ConfigFileAccess & { parsed: Map<string, ConfigDocInfo[]> } {
  const known = new Map(inputs.map((i) => [path.resolve(i.path), i.text]));
  // A config found beside a file (not named by the user) is read only inside the repository, links followed.
  const cwd = io.cwd?.() ?? process.cwd();
  const jails = new Map<string, Confinement>();
  const insideRepo = (abs: string): boolean => {
    const root = repositoryRoot(path.dirname(abs), (p) => (io.stat ? io.stat(p) !== undefined : io.kind(p) !== undefined), cwd);
    let jail = jails.get(root);
    if (!jail) jails.set(root, (jail = confinementOf(io, root)));
    return jail.inside(abs);
  };
  const listings = new Map<string, string[]>();
  const parsed = new Map<string, ConfigDocInfo[]>();
  const readFile = (file: string): string | undefined => {
    const abs = path.resolve(file);
    const text = known.get(abs);
    if (text !== undefined) return text;
    if (io.stat && io.stat(abs)?.kind !== 'file') return undefined;
    if (!insideRepo(abs)) return undefined;
    if (io.readRegular) {
      const o = io.readRegular(abs, DEFAULT_LIMITS.maxFileBytes);
      return o.ok ? o.text : undefined;
    }
    try {
      return io.readFile(abs);
    } catch {
      return undefined;
    }
  };
  return {
    parsed,
    listFiles(dir) {
      let names = listings.get(dir);
      if (!names) {
        try {
          names = io.listDir(dir).filter((n) => /\.ya?ml$/i.test(n));
        } catch {
          names = [];
        }
        listings.set(dir, names);
      }
      return names;
    },
    readFile,
    configsOf(file) {
      const abs = path.resolve(file);
      let found = parsed.get(abs);
      if (!found) {
        const text = readFile(abs);
        found = text === undefined ? [] : readGateConfigsFromText(text, file);
        parsed.set(abs, found);
      }
      return found;
    },
  };
}

/** The environment of each input of the run (folders with the same configs share one). */
export function scopedEnvironments(
  sources: RunGateSources,
  version: KubeVersion,
  inputs: readonly CheckInput[],
  io: CliIO,
  namedGiven: boolean,
): (input: CheckInput) => ScopedEnvironment {
  const cwd = io.cwd?.() ?? process.cwd();
  const exists = (p: string) => (io.stat ? io.stat(p) !== undefined : io.kind(p) !== undefined);
  const access = discoveryAccess(inputs, io);
  const byConfigs = new Map<string, ScopedEnvironment>();
  const noted = new Set<string>();
  return (input) => {
    const file = path.resolve(cwd, input.path);
    const root = repositoryRoot(path.dirname(file), exists, cwd);
    const configs = governingConfigs(file, root, access, namedGiven ? sources.named : undefined);
    const configFiles = configFilesOf(configs);
    const key = configFiles.join('\u0000');
    let scoped = byConfigs.get(key);
    if (!scoped) {
      const environment = environmentOfSources(sources, version, configs);
      for (const n of environment?.notes ?? []) {
        if (!noted.has(n)) io.err(`note: ${n}\n`);
        noted.add(n);
      }
      scoped = { environment, configFiles: configFiles.map((f) => path.relative(cwd, f) || f), absoluteConfigFiles: configFiles.map((f) => path.resolve(cwd, f)) };
      byConfigs.set(key, scoped);
    }
    return scoped;
  };
}
