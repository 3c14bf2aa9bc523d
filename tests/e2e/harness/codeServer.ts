// Starts code-server (VS Code 1.139 server + web workbench) in a fresh profile with the extension installed,
// and stops it with its whole process group (extension host and language server included).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { E2eTools } from './tools';

export interface CodeServerOptions {
  /** Folder copied to a temporary workspace. */
  fixture: string;
  /** false: workspace trust is on and the folder starts untrusted. */
  trusted: boolean;
  /** Extra user settings. */
  settings?: Record<string, unknown>;
  /** Extra environment of code-server (and so of the extension host and the language server). */
  env?: Record<string, string>;
  /** Other .vsix files to install next to the extension (e.g. a test extension). */
  extraVsix?: string[];
}

export interface RunningCodeServer {
  url: string;
  workspace: string;
  work: string;
  log: string;
  stop(): Promise<void>;
  /** Deletes the temporary profile, workspace and logs (after stop; copy the log first if needed). */
  remove(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves when `text` appears in the child's output, rejects on exit or after `timeoutMs`. */
function waitForOutput(child: ChildProcess, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      seen = (seen + chunk.toString()).slice(-4000);
      if (seen.includes(text)) done();
    };
    const onExit = (code: number | null): void => finish(new Error(`code-server exited (${code}) before "${text}":\n${seen}`));
    const timer = setTimeout(() => finish(new Error(`no "${text}" from code-server within ${timeoutMs} ms:\n${seen}`)), timeoutMs);
    const finish = (err?: Error): void => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    const done = (): void => finish();
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

export async function startCodeServer(tools: E2eTools, opts: CodeServerOptions): Promise<RunningCodeServer> {
  // Short base path: code-server puts unix sockets in TMPDIR and those paths must stay under 108 bytes.
  const work = mkdtempSync(join(tmpdir(), 'kg-e2e-'));
  const dirs = { data: join(work, 'data'), ext: join(work, 'ext'), ws: join(work, 'ws'), tmp: join(work, 'tmp'), xdg: join(work, 'xdg') };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  mkdirSync(join(dirs.data, 'User'), { recursive: true });
  cpSync(opts.fixture, dirs.ws, { recursive: true });

  const settings = {
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'extensions.ignoreRecommendations': true,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'chat.disableAIFeatures': true,
    'git.enabled': false,
    'editor.hover.delay': 200,
    'editor.quickSuggestions': { other: false, comments: false, strings: false },
    'files.autoSave': 'off',
    'security.workspace.trust.enabled': !opts.trusted,
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.banner': 'always',
    ...opts.settings,
  };
  writeFileSync(join(dirs.data, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  const port = await freePort();
  writeFileSync(join(work, 'config.yaml'), `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);

  const env = {
    ...process.env,
    TMPDIR: dirs.tmp,
    XDG_CONFIG_HOME: join(dirs.xdg, 'config'),
    XDG_DATA_HOME: join(dirs.xdg, 'data'),
    XDG_CACHE_HOME: join(dirs.xdg, 'cache'),
    ...opts.env,
  };
  const common = ['--config', join(work, 'config.yaml'), '--user-data-dir', dirs.data, '--extensions-dir', dirs.ext];
  execFileSync(tools.node24, [tools.codeServer, ...common, '--install-extension', tools.vsix, '--force'], { env, stdio: 'pipe' });
  for (const vsix of opts.extraVsix ?? []) execFileSync(tools.node24, [tools.codeServer, ...common, '--install-extension', vsix, '--force'], { env, stdio: 'pipe' });

  const args = [
    tools.codeServer,
    ...common,
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(opts.trusted ? ['--disable-workspace-trust'] : []),
    dirs.ws,
  ];
  // detached: own process group, so stop() can end everything code-server forks.
  const child = spawn(tools.node24, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = join(work, 'code-server.log');
  const logStream = createWriteStream(log);
  child.stdout.pipe(logStream);
  child.stderr.pipe(logStream);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const group = -(child.pid ?? 0);
    try {
      process.kill(group, 'SIGTERM');
    } catch {
      return;
    }
    const killer = setTimeout(() => {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    await exited;
    clearTimeout(killer);
    try {
      process.kill(group, 'SIGKILL'); // children still in the group (language server, watchers)
    } catch {
      // none left
    }
  };
  try {
    await waitForOutput(child, 'HTTP server listening on', 60_000);
  } catch (err) {
    await stop();
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(dirs.ws)}`;
  const remove = (): void => rmSync(work, { recursive: true, force: true });
  return { url, workspace: dirs.ws, work, log, stop, remove };
}
