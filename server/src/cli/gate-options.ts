// The gate-related options of `kubegate check` and `kubegate explain`: --feature-gates, --config, --cluster.
// They build the GateEnvironment (engine/gates): explicit settings, then the live cluster, then repo configs
// (the --config files plus config documents among the files checked).
import { readCluster } from '../cluster/read';
import type { ClusterReadOptions, ClusterSnapshot } from '../cluster/types';
import {
  buildGateEnvironment,
  explicitSettings,
  parseGoBool,
  readGateConfigsFromText,
  type ConfigDocInfo,
  validateFlagGates,
  gateCatalog,
  type GateEnvironment,
  type GateSetting,
  type RuntimeConfigEntry,
  type KubeVersion,
  isControllerGateName,
  append,
} from '../engine';
import { hasFlag, optionValue, optionValues, UsageError, type OptionSpec, type ParsedArgs } from './args';
import { DEFAULT_LIMITS } from './inputs';
import { withoutControllerGates } from './crd-options';
import type { CliIO } from './io';

export const GATE_OPTIONS: OptionSpec[] = [
  {
    name: 'feature-gates',
    value: true,
    repeatable: true,
    placeholder: 'A=true,B=false',
    help: 'gates set on every component (repeatable); beats the cluster and configs',
  },
  {
    name: 'config',
    value: true,
    repeatable: true,
    placeholder: 'FILE',
    help: 'a kind, kubeadm, kubelet or kube-proxy config, or a control-plane static Pod, saying which gates are on (repeatable)',
  },
  {
    name: 'runtime-config',
    value: true,
    repeatable: true,
    placeholder: 'G/V=true',
    help: "API versions the API server's --runtime-config enables, e.g. resource.k8s.io/v1beta2=true or api/alpha=true (repeatable)",
  },
  { name: 'cluster', help: 'also read gates and served APIs from the kubeconfig cluster (bounded time; notes are printed)' },
  { name: 'context', value: true, placeholder: 'NAME', help: 'kubeconfig context for --cluster (default: the current one)' },
];

export interface GateOptionDeps {
  /** The live-cluster reader (injected in tests). */
  readCluster?: (options: ClusterReadOptions) => Promise<ClusterSnapshot>;
}

/** Text of a file named by an option (`--config`), read once and bounded like the checked files. */
async function readNamedFile(file: string, io: CliIO): Promise<string | undefined> {
  const limit = DEFAULT_LIMITS.maxFileBytes;
  const st = io.stat?.(file);
  if (st && st.kind !== 'file' && st.kind !== 'dir' && io.readStream) {
    const o = await io.readStream(file, limit);
    return o.ok ? o.text : undefined;
  }
  if (io.readRegular) {
    const o = io.readRegular(file, limit);
    return o.ok ? o.text : undefined;
  }
  try {
    return io.readFile(file);
  } catch {
    return undefined;
  }
}

/** `--feature-gates` values as settings, validated against the catalog of `version` like kube-apiserver does. */
export function featureGateSettings(values: string[], version: KubeVersion, sourceName = '--feature-gates'): GateSetting[] {
  let explicit: GateSetting[];
  try {
    explicit = explicitSettings(values, sourceName);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const problems = validateFlagGates(explicit, gateCatalog(), version, sourceName);
  if (problems.length > 0) throw new UsageError(problems.map((p) => p.message).join('\n'));
  return explicit;
}

/** Extra gate input that does not come from options (the repository's `.kubegate.yaml`). */
export interface ExtraGateInput {
  /** Gate settings from `.kubegate.yaml` (weaker than --feature-gates, same strength otherwise). */
  featureGates?: Record<string, boolean>;
  /** Config files named by `.kubegate.yaml` configFiles. */
  configFiles?: string[];
}

/** What the gate options (and `.kubegate.yaml`) say for a whole run, before any per-file config discovery. */
export interface RunGateSources {
  explicit: GateSetting[];
  explicitRuntimeConfig: RuntimeConfigEntry[];
  /** Configs named by `--config` / `.kubegate.yaml` configFiles: when any are given, they govern every file. */
  named: ConfigDocInfo[];
  cluster?: ClusterSnapshot;
}

/** Reads the gate options once per run: validated --feature-gates, --runtime-config, --config files, --cluster. */
export async function gateSourcesFromArgs(
  args: ParsedArgs,
  version: KubeVersion,
  io: CliIO,
  deps: GateOptionDeps = {},
  extra: ExtraGateInput = {},
): Promise<RunGateSources> {
  const fromRepo = Object.entries(extra.featureGates ?? {}).filter(([g]) => !isControllerGateName(g)).map(([g, v]) => `${g}=${v}`);
  const explicit = [
    ...(fromRepo.length ? featureGateSettings([fromRepo.join(',')], version, '.kubegate.yaml featureGates') : []),
    ...featureGateSettings(withoutControllerGates(optionValues(args, 'feature-gates')), version),
  ];
  const explicitRuntimeConfig = parseRuntimeConfig(optionValues(args, 'runtime-config'));
  const named: ConfigDocInfo[] = [];
  const unreadable: string[] = [];
  for (const file of [...(extra.configFiles ?? []), ...optionValues(args, 'config')]) {
    const text = await readNamedFile(file, io);
    if (text === undefined) {
      unreadable.push(file);
      continue;
    }
    const found = readGateConfigsFromText(text, file);
    if (found.length === 0) {
      io.err(`warning: ${file} holds no kind, kubeadm, kubelet or kube-proxy config or control-plane static Pod; it sets no gate\n`);
    }
    append(named, found);
  }
  if (unreadable.length > 0) throw new UsageError(`cannot read --config ${unreadable.join(', ')}`);
  let cluster: ClusterSnapshot | undefined;
  if (hasFlag(args, 'cluster')) {
    const context = optionValue(args, 'context');
    cluster = await (deps.readCluster ?? readCluster)({ ...(context ? { context } : {}) });
    if (cluster.reachable && cluster.targetVersion && cluster.targetVersion !== version) {
      io.err(`note: the cluster runs ${cluster.gitVersion ?? cluster.targetVersion}; checking against ${version} (use --kubernetes-version ${cluster.targetVersion})\n`);
    }
  }
  return { explicit, explicitRuntimeConfig, named, ...(cluster ? { cluster } : {}) };
}

/** The environment of the run's sources plus `configs`; undefined when nothing sets a gate. */
export function environmentOfSources(sources: RunGateSources, version: KubeVersion, configs: ConfigDocInfo[]): GateEnvironment | undefined {
  const { explicit, explicitRuntimeConfig, cluster } = sources;
  if (explicit.length === 0 && explicitRuntimeConfig.length === 0 && configs.length === 0 && !cluster) return undefined;
  return buildGateEnvironment({ catalog: gateCatalog(), version, explicit, explicitRuntimeConfig, configs, cluster });
}

/** One environment for commands that have no per-file scoping (explain, schema, gates): the option sources
 *  plus the config documents of `checked`. Undefined when no gate option is given. */
export async function gateEnvironmentFromArgs(
  args: ParsedArgs,
  version: KubeVersion,
  checked: readonly { path: string; text: string }[],
  io: CliIO,
  deps: GateOptionDeps = {},
  extra: ExtraGateInput = {},
): Promise<GateEnvironment | undefined> {
  const sources = await gateSourcesFromArgs(args, version, io, deps, extra);
  const configs: ConfigDocInfo[] = [...sources.named, ...checked.flatMap((c) => readGateConfigsFromText(c.text, c.path))];
  const env = environmentOfSources(sources, version, configs);
  for (const n of env?.notes ?? []) io.err(`note: ${n}\n`);
  return env;
}

/** `--runtime-config` values as the API server reads them: `key=value` pairs separated by commas; a bare key
 *  means true (`api/alpha`). */
export function parseRuntimeConfig(values: readonly string[]): RuntimeConfigEntry[] {
  const out: RuntimeConfigEntry[] = [];
  for (const pair of values.flatMap((v) => v.split(','))) {
    const item = pair.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    const key = (eq < 0 ? item : item.slice(0, eq)).trim();
    const raw = eq < 0 ? 'true' : item.slice(eq + 1).trim();
    const value = parseGoBool(raw);
    if (!key || value === undefined) throw new UsageError(`--runtime-config: "${item}" is not <group>/<version>=true|false`);
    out.push({ key, value, origin: 'setting' });
  }
  return out;
}
