// The two front ends side by side: a folder run of `kubegate check` (JSON) and the language server opening each
// file in a workspace, each reduced to comparable keys (range, code, severity) per file.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '../../server/src/cli/main';
import { capturedIO } from '../cli/cli-process';
import { LspClient } from '../lsp/harness';

const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];

export interface CliFinding {
  code: string;
  severity: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

/** `line:char-line:char code severity` of each finding, sorted (hints are left out: not problems). */
export function keys(findings: readonly CliFinding[]): string[] {
  return findings
    .filter((f) => f.severity !== 'hint')
    .map((f) => `${f.range.start.line}:${f.range.start.character}-${f.range.end.line}:${f.range.end.character} ${f.code} ${f.severity}`)
    .sort();
}

/** The CLI's findings per file (absolute path) of one folder run. */
export async function cliRun(root: string, paths: string[]): Promise<Map<string, CliFinding[]>> {
  const io = capturedIO({ cwd: () => root });
  await runCli(['check', '--format', 'json', ...paths.map((p) => path.resolve(root, p))], io);
  const out = JSON.parse(io.stdout) as { files: { path: string; findings: CliFinding[] }[] };
  return new Map(out.files.map((f) => [path.resolve(root, f.path), f.findings]));
}

/** The server's diagnostics of each file, opened one at a time in a workspace at `root` (with `initializationOptions`:
 *  e.g. every document checked in the server's check thread). */
export async function serverRun(root: string, files: string[], initializationOptions?: unknown): Promise<Map<string, CliFinding[]>> {
  const client = new LspClient({ rootUri: pathToFileURL(root).toString(), initializationOptions });
  const out = new Map<string, CliFinding[]>();
  try {
    await client.initialize();
    for (const file of files) {
      const uri = pathToFileURL(file).toString();
      const diagnostics = await client.open(uri, readFileSync(file, 'utf8'));
      out.set(file, diagnostics.map((d) => ({ code: String(d.code), severity: SEVERITY[d.severity ?? 1]!, range: d.range })));
      client.close(uri);
    }
  } finally {
    await client.dispose();
  }
  return out;
}

export function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ya?ml$/i.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

