// Exec credential plugins, run so that they can neither hang a caller nor outlive it. The client library
// spawns the plugin itself (ExecAuth.execFn); we swap in a spawner that
// - starts the plugin in a process group of its own with no terminal (detached: a new session; stdin ignored),
//   so it can never prompt;
// - kills the whole group (plugin and children) when the read's signal aborts (time budget or cancel) or its
//   output passes MAX_PLUGIN_OUTPUT_BYTES;
// - remembers every live plugin so that killExecPlugins() (server shutdown, CLI exit) ends them all.
import type * as ChildProcesses from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import type { KubeConfig } from '@kubernetes/client-node';

/** A credential is a few kilobytes; more output than this is not a credential. */
export const MAX_PLUGIN_OUTPUT_BYTES = 1024 * 1024;

// Loaded when a plugin is first run: a server that never reaches a cluster does not carry the module.
const spawn: typeof ChildProcesses.spawn = ((...args: Parameters<typeof ChildProcesses.spawn>) =>
  (require('node:child_process') as typeof ChildProcesses).spawn(...args)) as typeof ChildProcesses.spawn;

const live = new Set<ChildProcess>();
let exitHook = false;

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    // The negative pid names the process group (POSIX); on Windows the plain kill is the best there is.
    if (process.platform === 'win32') child.kill('SIGKILL');
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Kills every exec credential plugin still running (and its process group). Returns how many were running. */
export function killExecPlugins(): number {
  const n = live.size;
  for (const child of [...live]) killGroup(child);
  live.clear();
  return n;
}

let started = 0;

/** Exec credential plugins started since the process began (tests: one run starts a failing plugin once). */
export function startedExecPlugins(): number {
  return started;
}

/** Exec credential plugins running now (tests). */
export function runningExecPlugins(): number {
  return live.size;
}

type ExecFn = (command: string, args: string[] | undefined, options: SpawnOptions) => ChildProcess;

function guardedSpawner(signal: AbortSignal): ExecFn {
  return (command, args, options) => {
    const child = spawn(command, args ?? [], { ...options, detached: process.platform !== 'win32', stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    started++;
    live.add(child);
    if (!exitHook) {
      // Whatever ends this process (server shutdown and exit, the CLI finishing) ends the plugins too.
      exitHook = true;
      process.once('exit', () => killExecPlugins());
    }
    const stop = () => killGroup(child);
    if (signal.aborted) queueMicrotask(stop);
    else signal.addEventListener('abort', stop, { once: true });
    let bytes = 0;
    const count = (chunk: Buffer | string) => {
      bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (bytes > MAX_PLUGIN_OUTPUT_BYTES) stop();
    };
    child.stdout?.on('data', count);
    child.stderr?.on('data', count);
    child.once('exit', () => {
      live.delete(child);
      signal.removeEventListener('abort', stop);
    });
    child.once('error', () => live.delete(child));
    return child;
  };
}

/** Makes the exec credential plugin of `kubeconfig` (if any) run guarded, bounded by `signal`. */
export function guardExecPlugins(kubeconfig: KubeConfig, signal: AbortSignal): boolean {
  const authenticators = (kubeconfig as unknown as { authenticators?: unknown[] }).authenticators;
  if (!Array.isArray(authenticators)) return false;
  let guarded = false;
  for (const a of authenticators) {
    if (a && typeof a === 'object' && 'execFn' in a) {
      (a as { execFn: ExecFn }).execFn = guardedSpawner(signal);
      guarded = true;
    }
  }
  return guarded;
}
