// A kind cluster config that turns on a set of gates (the quick fix's new file and
// kubegate/kindConfigForWorkspace). Names come from the version data; nothing is typed here.
import type { VersionData } from '../knowledge/data-contract';
import { kindClusterEntry } from './config-edits';
import { FEATURE_GATES_KEY } from '../gates/gate-places';

interface KindConfigOptions {
  /** Alpha/beta API versions to serve (`group/version`), written to `runtimeConfig` as "true". */
  apiVersions?: string[];
  eol?: string;
  /** Spaces per level (default 2). */
  indent?: number;
}

const RUNTIME_CONFIG_KEY = 'runtimeConfig';

/** The text of a kind Cluster document enabling every given gate (sorted, deduplicated). */
export function kindConfigFor(gates: string[], data: VersionData, options: KindConfigOptions = {}): string {
  const entry = kindClusterEntry(data);
  if (!entry) throw new Error('the version data has no kind cluster config kind');
  const eol = options.eol ?? '\n';
  const pad = ' '.repeat(options.indent ?? 2);
  const lines = [`kind: ${entry.kind}`, `apiVersion: ${entry.apiVersion}`];
  const unique = [...new Set(gates)].sort();
  if (unique.length > 0) {
    lines.push(`${FEATURE_GATES_KEY}:`);
    for (const g of unique) lines.push(`${pad}${g}: true`);
  }
  const apis = [...new Set(options.apiVersions ?? [])].sort();
  const hasRuntimeConfig = data.types[entry.root]?.fields.some((f) => f.name === RUNTIME_CONFIG_KEY) ?? false;
  if (apis.length > 0 && hasRuntimeConfig) {
    lines.push(`${RUNTIME_CONFIG_KEY}:`);
    for (const a of apis) lines.push(`${pad}${JSON.stringify(a)}: "true"`);
  }
  return lines.join(eol) + eol;
}
