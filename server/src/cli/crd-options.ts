// The custom-resource options of `kubegate check`: --crd FILE (CRD files, repeatable), --crd-pack SELECTION
// (bundled pack release/channel, e.g. "gateway-api@1.5 experimental"), controller gates inside --feature-gates
// (`snapshot-controller:CSIVolumeGroupSnapshot=true`). The run's CRD sources: the cluster's CRDs (--cluster),
// the --crd files, the pack selections; the project model adds each input's own CRDs and those around it.
import * as path from 'node:path';
import { readClusterCrds } from '../cluster/crds';
import { MAX_GLOB_FILES, parseSelection, isControllerGateName, splitControllerGates, type CrdDefinition, loadCrdFiles, mayHoldCrd, type RunCrdInput, parseGoBool } from '../engine';
import type { CheckInput } from './inputs';
import { hasFlag, optionValue, optionValues, UsageError, type OptionSpec, type ParsedArgs } from './args';
import { cwdOf, type CliIO } from './io';

export const CRD_OPTIONS: OptionSpec[] = [
  { name: 'crd', value: true, repeatable: true, placeholder: 'FILE', help: 'a file, or a folder of YAML files, of CustomResourceDefinitions to check custom resources against (repeatable)' },
  {
    name: 'crd-pack',
    value: true,
    repeatable: true,
    placeholder: 'SEL',
    help: 'bundled CRD release or Gateway API channel, e.g. "gateway-api@1.5 experimental" (default: newest, standard) (repeatable)',
  },
];

/** `controller:Gate=bool` pairs of --feature-gates values. */
export function controllerGatesOf(values: string[]): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const v of values) {
    for (const part of v.split(',')) {
      const eq = part.indexOf('=');
      const name = (eq < 0 ? part : part.slice(0, eq)).trim();
      if (!isControllerGateName(name)) continue;
      const value = parseGoBool(part.slice(eq + 1).trim());
      if (eq < 0 || value === undefined) throw new UsageError(`--feature-gates: "${part.trim()}" is not controller:Gate=true|false`);
      out[name] = value;
    }
  }
  return out;
}

/** --feature-gates values without the controller gates (those are not Kubernetes gates). */
export function withoutControllerGates(values: string[]): string[] {
  return values
    .map((v) =>
      v
        .split(',')
        .filter((part) => !isControllerGateName(part.split('=')[0]!.trim()))
        .join(','),
    )
    .filter((v) => v.trim() !== '');
}

/** A `--crd` path: a file as it is; a folder gives its YAML files (sorted, walked; .git and node_modules skipped). */
export function crdFilesIn(p: string, io: CliIO): string[] {
  const kind = io.stat ? io.stat(p)?.kind : io.kind(p);
  if (kind !== 'dir') return [p];
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (dir: string, depth: number) => {
    let real = dir;
    try {
      real = io.realPath ? io.realPath(dir) : dir;
    } catch {
      // keep the path as given
    }
    if (depth > 20 || seen.has(real)) return;
    seen.add(real);
    let names: string[];
    try {
      names = [...io.listDir(dir)].sort();
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name);
      const k = io.stat ? io.stat(full)?.kind : io.kind(full);
      if (k === 'dir') {
        if (name !== '.git' && name !== 'node_modules') walk(full, depth + 1);
      } else if (k === 'file' && /\.ya?ml$/i.test(name)) out.push(full);
    }
  };
  walk(p, 0);
  if (out.length === 0) throw new UsageError(`--crd ${p}: no YAML files in this folder`);
  return out;
}

export interface CrdRunDeps {
  readClusterCrds?: typeof readClusterCrds;
  /** Reads and parses --crd files (the run's project: each once per run); by default, each call reads them again. */
  loadCrds?: (files: string[]) => { crds: CrdDefinition[]; unreadable: string[]; problems: string[] };
}

/** The CRD sources of a run (the project adds those found around each file). Notes (unreadable --crd, cluster
 *  failures) go to stderr once. */
export interface RunCrdSources {
  namedCrds: CrdDefinition[];
  clusterCrds: CrdDefinition[];
  packs: string[];
  controllerGates: Record<string, boolean>;
}

export async function crdSourcesForRun(
  args: ParsedArgs,
  io: CliIO,
  deps: CrdRunDeps = {},
  /** From `.kubegate.yaml` (weaker than the options): featureGates (its `controller:Gate` entries) and the pack
   *  selections (the CRD files its customResources.crdFiles name are the project model's: check-groups.ts). */
  repo: { featureGates?: Record<string, boolean>; packs?: string[] } = {},
): Promise<RunCrdSources> {
  for (const s of optionValues(args, 'crd-pack')) if (!parseSelection(s)) throw new UsageError(`--crd-pack: "${s}" is not understood (write e.g. gateway-api@1.5 experimental)`);
  const readFile = (f: string): string | undefined => {
    try {
      return io.readFile(f);
    } catch {
      return undefined;
    }
  };
  const files = optionValues(args, 'crd').flatMap((p) => crdFilesIn(p, io));
  const named = deps.loadCrds ? deps.loadCrds(files) : loadCrdFiles(files, { readFile });
  if (named.unreadable.length > 0) throw new UsageError(`cannot read --crd ${named.unreadable.join(', ')}`);
  // A named CRD file that does not parse, or whose CRDs cannot be used, is said so (not skipped silently).
  for (const p of named.problems) io.err(`note: ${p}\n`);
  let clusterCrds: CrdDefinition[] = [];
  if (hasFlag(args, 'cluster')) {
    const context = optionValue(args, 'context');
    const result = await (deps.readClusterCrds ?? readClusterCrds)({ ...(context ? { context } : {}) });
    if (result.note) io.err(`note: cluster CRDs not read: ${result.note}\n`);
    clusterCrds = result.crds;
  }
  const controllerGates = { ...splitControllerGates(repo.featureGates ?? {}).controller, ...controllerGatesOf(optionValues(args, 'feature-gates')) };
  const packs = optionValues(args, 'crd-pack').length > 0 ? optionValues(args, 'crd-pack') : (repo.packs ?? []);
  return { namedCrds: named.crds, clusterCrds, packs, controllerGates };
}

/**
 * The run's own inputs that may hold CRDs (their text names CustomResourceDefinition): their CRDs serve every file
 * of the run, after the CRDs around each file (CRDs in manifests/setup/ check the custom resources of
 * manifests/app/). The project derives them when a custom resource first needs them, from the facts a bundle's own
 * check read when it came first (project/crd-catalogs.ts). As for customResources.crdFiles, at most MAX_GLOB_FILES
 * such files serve the run (a note says so beyond). Their problems are the findings of their own check.
 */
export function runCrdInputsOf(inputs: readonly CheckInput[], io: CliIO): RunCrdInput[] {
  const out: RunCrdInput[] = [];
  let more = 0;
  for (const input of inputs) {
    let text = input.text;
    if (text === undefined) {
      try {
        text = io.readFile(input.path);
      } catch {
        continue; // its own check says it cannot be read
      }
    }
    if (!mayHoldCrd(text)) continue;
    if (out.length >= MAX_GLOB_FILES) more++;
    // A stream's text goes with it: it cannot be read again, nor by a worker thread.
    else out.push({ file: path.resolve(cwdOf(io), input.path), ...(input.text !== undefined ? { text: input.text } : {}) });
  }
  if (more > 0) io.err(`note: ${more} more files of the run hold CRDs; the CRDs of the first ${MAX_GLOB_FILES} serve the run (name others with --crd)\n`);
  return out;
}
