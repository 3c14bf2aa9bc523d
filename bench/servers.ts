// The two language servers the benchmark compares, and how each one is started and configured.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_NODE_OPTIONS } from '../server/src/contract/server-launch';
import type { ServerCommand } from './lsp-client';

export type ServerId = 'ours' | 'peer';

export interface ServerSpec {
  id: ServerId;
  /** Name shown in the report. */
  label: string;
  command: ServerCommand;
  /** Sent with workspace/didChangeConfiguration and used to answer workspace/configuration. */
  settings: Record<string, unknown>;
  /** Wait until the server has pulled its configuration before opening the document (the peer needs its schema). */
  waitForConfigurationPull: boolean;
}

export interface BenchPaths {
  repoRoot: string;
  sharedDir: string;
}

export const PEER_PACKAGE = 'yaml-language-server';

/** Our server, as built by `npm run build`; undefined (with the reason) when dist/server.js is missing. */
export function ourServer(paths: BenchPaths): ServerSpec | { missing: string } {
  const script = path.join(paths.repoRoot, 'dist', 'server.js');
  if (!existsSync(script)) return { missing: 'dist/server.js does not exist (run `npm run build`)' };
  return {
    id: 'ours',
    label: 'Kubegate',
    // Started as the VS Code client starts it (its Node options), over stdio.
    command: { command: process.execPath, args: [...SERVER_NODE_OPTIONS, script, '--stdio'], cwd: paths.repoRoot },
    // Empty: the server's defaults (newest supported Kubernetes version, gates from the workspace).
    settings: {},
    waitForConfigurationPull: false,
  };
}

/** The installed peer's version (from its package.json). */
export function peerVersion(repoRoot: string): string {
  const pkg = JSON.parse(readFileSync(require.resolve(`${PEER_PACKAGE}/package.json`, { paths: [repoRoot] }), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * The peer with the shared settings: `${SCHEMA}` replaced by the file URI of the given local schema, so it
 * validates every *.yaml against it and makes no network request (schema store and CRD store are off).
 */
export function peerServer(paths: BenchPaths, schemaFile: string): ServerSpec {
  const settingsFile = path.join(paths.sharedDir, 'bench', 'yaml-language-server.settings.json');
  const schemaUri = pathToFileURL(schemaFile).href;
  const raw = readFileSync(settingsFile, 'utf8');
  const settings = JSON.parse(raw.split('${SCHEMA}').join(JSON.stringify(schemaUri).slice(1, -1))) as Record<string, unknown>;
  const bin = require.resolve(`${PEER_PACKAGE}/bin/yaml-language-server`, { paths: [paths.repoRoot] });
  return {
    id: 'peer',
    label: `${PEER_PACKAGE} ${peerVersion(paths.repoRoot)}`,
    command: { command: process.execPath, args: [bin, '--stdio'], cwd: paths.repoRoot },
    settings,
    waitForConfigurationPull: true,
  };
}
