// Finds and loads the kubeconfig the way kubectl does, without ever falling back to a made-up cluster:
// - an explicit path (may hold several files joined with the path delimiter), else $KUBECONFIG, else
//   $HOME/.kube/config (USERPROFILE on Windows);
// - files that do not exist are skipped; several files are merged, the first file that defines a name wins
//   and the first current-context set wins;
// - the context is the one asked for, else the current context.
// Failures come back as a one-line note (paths and names only, never credentials).
import { existsSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { readRegularFileBounded } from '../host/read-regular-file';
import type { Cluster, Context, KubeConfig, User } from '@kubernetes/client-node';

type Env = Record<string, string | undefined>;

/** A kubeconfig larger than this is not read (real ones are kilobytes; a hostile one may be /dev/zero). */
export const MAX_KUBECONFIG_BYTES = 4 * 1024 * 1024;

export interface LoadedKubeconfig {
  kubeconfig: KubeConfig;
  /** The files read, joined with the path delimiter. */
  files: string;
  context: string;
  cluster: Cluster;
  user: User;
}

export type KubeconfigResult = { ok: true; value: LoadedKubeconfig } | { ok: false; note: string; context?: string };

/** The candidate files in order: explicit path(s), else KUBECONFIG, else the home directory's .kube/config. */
export function kubeconfigCandidates(explicitPath: string | undefined, env: Env): string[] {
  const split = (value: string) => value.split(delimiter).filter((p) => p.trim() !== '');
  if (explicitPath && explicitPath.trim() !== '') return split(explicitPath);
  if (env.KUBECONFIG && env.KUBECONFIG.trim() !== '') return split(env.KUBECONFIG);
  const home = env.HOME || env.USERPROFILE;
  return home ? [join(home, '.kube', 'config')] : [];
}

function firstByName<T extends { name: string }>(lists: T[][]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const list of lists) {
    for (const item of list) {
      if (seen.has(item.name)) continue;
      seen.add(item.name);
      out.push(item);
    }
  }
  return out;
}

/**
 * Loads the kubeconfig and resolves the context. `adjustCluster` may replace the chosen cluster entry (the
 * reader uses it to apply an environment proxy) before the KubeConfig is built.
 */
export async function loadKubeconfig(
  explicitPath: string | undefined,
  contextName: string | undefined,
  env: Env,
  adjustCluster: (cluster: Cluster) => Cluster = (c) => c,
): Promise<KubeconfigResult> {
  // The client library is loaded on the first cluster read: a server or CLI that never reads a cluster does not
  // carry it in memory.
  const { KubeConfig } = await import('@kubernetes/client-node/dist/config.js');
  const candidates = kubeconfigCandidates(explicitPath, env);
  const files = candidates.filter((file) => existsSync(file));
  if (files.length === 0) {
    const where = candidates.length > 0 ? candidates.join(', ') : 'no KUBECONFIG and no home directory';
    return { ok: false, note: `No kubeconfig found (looked at ${where}); the live cluster is not read.` };
  }
  const parts: KubeConfig[] = [];
  for (const file of files) {
    const part = new KubeConfig();
    // Read here, bounded: only a regular file (a FIFO or a device never blocks nor streams forever), at most
    // MAX_KUBECONFIG_BYTES. The client library's loadFromFile would read whatever the path names.
    const read = readRegularFileBounded(file, MAX_KUBECONFIG_BYTES);
    if (!read.ok) {
      const why = read.reason === 'not-regular' ? `is ${read.detail}, not a regular file` : read.reason === 'too-large' ? `is too large (${read.detail})` : `cannot be read (${read.detail})`;
      return { ok: false, note: `The kubeconfig ${file} ${why}; the live cluster is not read.` };
    }
    try {
      part.loadFromString(read.text, { onInvalidEntry: 'filter' });
      (part as unknown as { makePathsAbsolute?: (dir: string) => void }).makePathsAbsolute?.(dirname(file));
    } catch {
      return { ok: false, note: `The kubeconfig ${file} could not be read as a kubeconfig (unreadable file or invalid YAML).` };
    }
    parts.push(part);
  }
  const clusters = firstByName(parts.map((p) => p.getClusters()));
  const contexts = firstByName(parts.map((p) => p.getContexts()));
  const users = firstByName(parts.map((p) => p.getUsers()));
  const current = parts.map((p) => p.getCurrentContext()).find((c) => typeof c === 'string' && c !== '');
  const name = contextName && contextName !== '' ? contextName : current;
  const joined = files.join(delimiter);
  if (!name) {
    return { ok: false, note: `The kubeconfig (${joined}) has no current-context and no context was chosen.` };
  }
  const context: Context | undefined = contexts.find((c) => c.name === name);
  if (!context) {
    return { ok: false, context: name, note: `The kubeconfig (${joined}) has no context named "${name}".` };
  }
  const clusterIndex = clusters.findIndex((c) => c.name === context.cluster);
  if (clusterIndex < 0) {
    return { ok: false, context: name, note: `Context "${name}" names cluster "${context.cluster}", which the kubeconfig does not define (or defines without a server).` };
  }
  const cluster = adjustCluster(clusters[clusterIndex]);
  clusters[clusterIndex] = cluster;
  let user = users.find((u) => u.name === context.user);
  if (!user) {
    // kubectl accepts a context without a user (anonymous access); client-node needs one to apply the CA.
    user = { name: context.user ?? '' };
    users.push(user);
  }
  // The TLS and key files the client library will read (synchronously): regular files of sane size only.
  for (const [what, f] of [
    ['certificate-authority', cluster.caFile],
    ['client-certificate', user.certFile],
    ['client-key', user.keyFile],
  ] as const) {
    if (!f) continue;
    const problem = regularFileProblem(f, MAX_KUBECONFIG_BYTES);
    if (problem) return { ok: false, context: name, note: `The ${what} file ${f} of context "${name}" ${problem}; the live cluster is not read.` };
  }
  const kubeconfig = new KubeConfig();
  kubeconfig.loadFromOptions({ clusters, contexts, users, currentContext: name });
  return { ok: true, value: { kubeconfig, files: joined, context: name, cluster, user } };
}

/** Why a file the client library would read is refused (stat only: never opens a FIFO), or undefined. */
function regularFileProblem(file: string, maxBytes: number): string | undefined {
  let st;
  try {
    st = statSync(file);
  } catch {
    return undefined; // missing: the client library reports it as a credential failure
  }
  if (!st.isFile()) return 'is not a regular file';
  if (st.size > maxBytes) return `is larger than ${maxBytes} bytes`;
  return undefined;
}
