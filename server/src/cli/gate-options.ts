// The gate-related options of `kubegate check` and `kubegate explain`: --feature-gates, --config, --cluster.
// They build the GateEnvironment (engine/gates): explicit settings, then the live cluster, then repo configs
// (the --config files plus config documents among the files checked).
import { readCluster } from '../engine/cluster/read';
import type { ClusterReadOptions, ClusterSnapshot } from '../engine/cluster/types';
import { buildGateEnvironment, explicitSettings, loadConfigFiles, parseGoBool, type ConfigDocInfo } from '../engine/gates';
import { gateCatalog } from '../engine/knowledge';
import type { GateEnvironment, RuntimeConfigEntry } from '../engine/model';
import type { KubeVersion } from '../engine/types';
import { hasFlag, optionValue, optionValues, UsageError, type OptionSpec, type ParsedArgs } from './args';
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
    help: 'kind, kubeadm, kubelet or kube-proxy config, or control-plane static Pod, saying where gates are on (repeatable)',
  },
  {
    name: 'runtime-config',
    value: true,
    repeatable: true,
    placeholder: 'group/version=true,api/alpha=true',
    help: "API versions the API server's --runtime-config enables (repeatable); silences api-disabled-by-default for them",
  },
  { name: 'cluster', help: 'also read gates and served APIs from the kubeconfig cluster (bounded time; notes are printed)' },
  { name: 'context', value: true, placeholder: 'NAME', help: 'kubeconfig context for --cluster (default: the current one)' },
];

export interface GateOptionDeps {
  /** The live-cluster reader (injected in tests). */
  readCluster?: (options: ClusterReadOptions) => Promise<ClusterSnapshot>;
}

/** Undefined when no gate option is given (the engine then uses each file's own configs only). */
export async function gateEnvironmentFromArgs(
  args: ParsedArgs,
  version: KubeVersion,
  checkedFiles: readonly string[],
  io: CliIO,
  deps: GateOptionDeps = {},
): Promise<GateEnvironment | undefined> {
  let explicit;
  try {
    explicit = explicitSettings(optionValues(args, 'feature-gates'));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const read = (f: string) => {
    try {
      return io.readFile(f);
    } catch {
      return undefined;
    }
  };
  const explicitRuntimeConfig = parseRuntimeConfig(optionValues(args, 'runtime-config'));
  const named = loadConfigFiles(optionValues(args, 'config'), { readFile: read });
  if (named.unreadable.length > 0) throw new UsageError(`cannot read --config ${named.unreadable.join(', ')}`);
  const configs: ConfigDocInfo[] = [...named.configs, ...loadConfigFiles([...checkedFiles], { readFile: read }).configs];
  let cluster: ClusterSnapshot | undefined;
  if (hasFlag(args, 'cluster')) {
    const context = optionValue(args, 'context');
    cluster = await (deps.readCluster ?? readCluster)({ ...(context ? { context } : {}) });
    if (cluster.reachable && cluster.targetVersion && cluster.targetVersion !== version) {
      io.err(`note: the cluster runs ${cluster.gitVersion ?? cluster.targetVersion}; checking against ${version} (use --kubernetes-version ${cluster.targetVersion})\n`);
    }
  }
  if (explicit.length === 0 && explicitRuntimeConfig.length === 0 && configs.length === 0 && !cluster) return undefined;
  const env = buildGateEnvironment({ catalog: gateCatalog(), version, explicit, explicitRuntimeConfig, configs, cluster });
  for (const n of env.notes) io.err(`note: ${n}\n`);
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
