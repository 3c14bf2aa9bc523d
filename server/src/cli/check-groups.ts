// The settings `kubegate check` checks each input with: the command line's options over the `.kubegate.yaml`
// that governs the input (the project model's answer: the nearest above the file, within its repository). Inputs
// governed by the same settings file share one group; the live cluster is read once for the whole run.
import * as path from 'node:path';
import { DEFAULT_VERSION, resolveSettings, type ConfigDocInfo, type CrdDefinition, type Project, type ProjectSettings, type RepoConfig, type ResolvedRepoSettings } from '../engine';
import { optionValue, optionValues, type ParsedArgs } from './args';
import { targetVersionOf } from './common-options';
import { readClusterCrds } from '../cluster/crds';
import { readCluster } from '../cluster/read';
import { crdSourcesForRun, runCrdInputsOf, type CrdRunDeps } from './crd-options';
import { gateSourcesFromArgs } from './gate-options';
import type { RunGroup } from './check-run';
import type { CheckInput } from './inputs';
import type { CliIO } from './io';
import { parseSeverityOptions } from './policy';
import type { RunRepoSettings } from './repo-settings';
import { shown } from './shown-text';

/** What the command line says for every input (it wins over each `.kubegate.yaml`). */
export interface RunFlags {
  skipKinds: string[];
  reportUnusedDisables: boolean;
}

/**
 * Per settings file governing some input (and '' for the inputs none governs: the command line alone), the group
 * its inputs are checked with; each input is marked with its group (`settings`). Explicit gate settings, the cluster, named configs
 * (when any, they govern every file of the group instead of the configs found around it) and the CRD sources;
 * the project model adds, per file, what it finds around the file.
 */
export async function runGroupsFor(args: ParsedArgs, flags: RunFlags, inputs: CheckInput[], repos: RunRepoSettings, io: CliIO): Promise<Record<string, RunGroup>> {
  const cwd = io.cwd?.() ?? process.cwd();
  const governing = new Map<string, RepoConfig | undefined>([['', undefined]]);
  for (const input of inputs) {
    const repo = repos.of(path.resolve(cwd, input.path));
    if (!repo) continue;
    input.settings = repo.file;
    governing.set(repo.file, repo);
  }
  repos.check();
  // The cluster is read once, whichever groups ask; a note said while building several groups is said once.
  let cluster: ReturnType<typeof readCluster> | undefined;
  let clusterCrds: ReturnType<typeof readClusterCrds> | undefined;
  const deps = {
    readCluster: (o: Parameters<typeof readCluster>[0]) => (cluster ??= readCluster(o)),
    readClusterCrds: (o: Parameters<typeof readClusterCrds>[0]) => (clusterCrds ??= readClusterCrds(o)),
  };
  const said = new Set<string>();
  const onceIO: CliIO = {
    ...io,
    err: (t) => {
      if (!said.has(t)) {
        said.add(t);
        io.err(t);
      }
    },
  };
  const groups: Record<string, RunGroup> = {};
  const runCrdInputs = runCrdInputsOf(inputs, io);
  const fromCommandLine = parseSeverityOptions(optionValues(args, 'severity'));
  const version = optionValue(args, 'kubernetes-version') !== undefined ? targetVersionOf(args) : undefined;
  const loadCrds = crdLoader(repos.project);
  for (const [key, repo] of governing) {
    // The project model's rule (engine/project/resolve-settings.ts): the command line wins where it says something.
    // Its --config and --crd files add to the lists the settings file names.
    const resolved = resolveSettings(repo, { ...(version ? { version } : {}), severity: fromCommandLine });
    // The lists the settings file names, through the project model as the language server reads them
    // (engine/project/named-sources.ts): a configFiles list that matches nothing still stands; each named file is
    // read and parsed once per run, whichever groups name it.
    const { notes, ...named } = repos.project.named.of(resolved);
    for (const n of notes) onceIO.err(`note: ${shown(n)}\n`);
    groups[key] = {
      severity: resolved.severity,
      offBySettings: Object.entries(repo?.severity ?? {}).flatMap(([code, level]) => (level === 'off' && !(code in fromCommandLine) ? [code] : [])),
      skipKinds: [...(repo?.skipKinds ?? []), ...flags.skipKinds],
      projectSettings: { ...(await projectSettingsOf(args, resolved, flags, onceIO, named, key, { ...deps, loadCrds })), ...(runCrdInputs.length > 0 ? { runCrdInputs } : {}) },
    };
  }
  return groups;
}

/** The --crd files through the run's project: each read and parsed once per run, whichever groups use it. */
function crdLoader(project: Project): CrdRunDeps['loadCrds'] {
  return (files) => {
    // A --crd file that is not a regular file, or cannot be read (permissions), is a usage error of the run.
    const unreadable = files.filter((f) => project.host.kind(f) !== 'file' || project.host.readFile(f) === undefined);
    return { unreadable, ...project.named.crdsOfFiles(files.filter((f) => !unreadable.includes(f))) };
  };
}

/** `named`: what the lists of the governing settings file name (project model: named-sources.ts). A configFiles
 *  list, even one matching no file, or --config, stands for the configs around each file. */
async function projectSettingsOf(
  args: ParsedArgs,
  resolved: ResolvedRepoSettings,
  flags: RunFlags,
  io: CliIO,
  named: { namedConfigs?: ConfigDocInfo[]; namedCrds: CrdDefinition[] },
  key: string,
  deps: { readCluster: typeof readCluster; readClusterCrds: typeof readClusterCrds; loadCrds: CrdRunDeps['loadCrds'] },
): Promise<ProjectSettings> {
  const version = resolved.version ?? DEFAULT_VERSION;
  const sources = await gateSourcesFromArgs(args, version, io, deps, { featureGates: resolved.featureGates });
  const namedGiven = named.namedConfigs !== undefined || optionValues(args, 'config').length > 0;
  const crds = await crdSourcesForRun(args, io, deps, { featureGates: resolved.featureGates, packs: resolved.packs });
  return {
    version,
    explicit: sources.explicit,
    explicitRuntimeConfig: sources.explicitRuntimeConfig,
    ...(namedGiven ? { namedConfigs: [...(named.namedConfigs ?? []), ...sources.named] } : {}),
    ...(sources.cluster ? { cluster: sources.cluster } : {}),
    ...crds,
    namedCrds: [...named.namedCrds, ...crds.namedCrds],
    reportUnusedDisables: flags.reportUnusedDisables,
    key: `run:${key}`,
  };
}
