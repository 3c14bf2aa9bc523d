// The e2e stand-in for Red Hat's YAML extension (fixtures/yaml-api, running the real yaml-language-server) and
// what the suite reads through its commands: the contributors' schema answers, every diagnostic VS Code holds,
// the log of diagnostic changes, the merged hover and completion at a position. Each command writes a JSON file
// into the workspace folder; `ask` runs a command until that file satisfies a condition.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, vi } from 'vitest';
import type { RunningCodeServer } from './codeServer';
import type { Workbench } from './workbench';

const repo = resolve(__dirname, '..', '..', '..');

export interface Answer {
  scheme: string;
  label?: string;
  uri?: string;
  content?: string;
}
export interface SchemaResult {
  document: string | null;
  contributors: string[];
  answers: Answer[];
}
export interface Diag {
  file: string;
  line: number;
  source: string;
  severity: number;
  message: string;
}
/** One change of the diagnostics VS Code holds for a file (Kubegate's messages then), or a mark of the test. */
export type LogEntry = { mark: true } | { file: string; kubegate: string[] };

/** Bundles fixtures/yaml-api (vscode-languageclient from the repository's node_modules) and packs it with vsce. */
export function packStandIn(dir: string): string {
  const src = join(dir, 'yaml-api');
  cpSync(join(__dirname, '..', 'fixtures', 'yaml-api'), src, { recursive: true });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require(join(repo, 'node_modules', 'esbuild')) as typeof import('esbuild');
  esbuild.buildSync({
    entryPoints: [join(src, 'extension.js')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    nodePaths: [join(repo, 'node_modules')],
    outfile: join(src, 'dist', 'extension.js'),
    logLevel: 'error',
  });
  const out = join(dir, 'yaml-api.vsix');
  execFileSync(
    process.execPath,
    [join(repo, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out],
    { cwd: src, stdio: 'pipe' },
  );
  return out;
}

export const YAML_SERVER = join(repo, 'node_modules', 'yaml-language-server', 'out', 'server', 'src', 'server.js');

/** The stand-in's commands, for one running workbench. */
export class Neighbour {
  constructor(
    private readonly server: RunningCodeServer,
    private readonly wb: Workbench,
  ) {}

  /** Runs a stand-in command until the JSON it writes satisfies `until`, and returns that JSON. */
  async ask<T>(command: string, file: string, until: (r: T) => boolean): Promise<T> {
    const path = join(this.server.workspace, file);
    let result: T | undefined;
    await vi.waitFor(
      async () => {
        rmSync(path, { force: true });
        await this.wb.runCommand(command);
        await vi.waitFor(() => expect(existsSync(path)).toBe(true), { timeout: 10_000, interval: 100 });
        result = JSON.parse(readFileSync(path, 'utf8')) as T;
        expect(until(result)).toBe(true);
      },
      { timeout: 90_000, interval: 500 },
    );
    return result!;
  }

  /** Kubegate's answer to the YAML server's schema request for the active document, once it satisfies `until`. */
  schemaAnswer(until: (a: Answer | undefined) => boolean): Promise<Answer | undefined> {
    return this.ask<SchemaResult>('YAML API Stand-in: Request Schema of Active Document', 'yaml-api-result.json', (r) =>
      r.contributors.includes('kubegate') && until(r.answers.find((a) => a.scheme === 'kubegate')),
    ).then((r) => r.answers.find((a) => a.scheme === 'kubegate'));
  }

  /** Every diagnostic VS Code holds (both servers), once they satisfy `until`. */
  diagnostics(until: (d: Diag[]) => boolean): Promise<Diag[]> {
    return this.ask<{ diagnostics: Diag[] }>('YAML API Stand-in: Write Diagnostics', 'yaml-api-diagnostics.json', (r) => until(r.diagnostics)).then((r) => r.diagnostics);
  }

  /** Marks the log of diagnostic changes (what comes after the mark is what a step caused). */
  async markLog(): Promise<void> {
    await this.wb.runCommand('YAML API Stand-in: Mark Log of Diagnostic Changes');
  }

  /** The log of diagnostic changes since the last mark, once it satisfies `until`. */
  logSinceMark(until: (entries: LogEntry[]) => boolean): Promise<LogEntry[]> {
    const since = (log: LogEntry[]) => log.slice(log.map((e) => 'mark' in e).lastIndexOf(true) + 1);
    return this.ask<{ log: LogEntry[] }>('YAML API Stand-in: Save Log of Diagnostic Changes', 'yaml-api-diagnostics-log.json', (r) => until(since(r.log))).then((r) => since(r.log));
  }

  /** Opens a file of a subfolder through the stand-in (Quick Open may not have indexed it yet). */
  async openPath(file: string, name: string): Promise<void> {
    writeFileSync(join(this.server.workspace, 'yaml-api-open.json'), JSON.stringify({ file }));
    await this.wb.runCommand('YAML API Stand-in: Open File Named in yaml-api-open.json');
    await this.wb.page.locator(`.tabs-container .tab.active[aria-label^="${name}"]`).first().waitFor({ timeout: 15_000 });
    await this.wb.editor().locator('.view-lines').waitFor({ timeout: 15_000 });
  }

  /** The merged hover texts and completion labels at a position (every provider, as VS Code shows them). */
  probe(file: string, line: number, character: number): Promise<{ hovers: string[]; completion: string[] }> {
    writeFileSync(join(this.server.workspace, 'yaml-api-probe.json'), JSON.stringify({ file, line, character }));
    return this.ask('YAML API Stand-in: Write Hover and Completion at Probe', 'yaml-api-probe-result.json', () => true);
  }
}

/** The diagnostics of one file from one source (`kubegate`, `yaml-schema: …`). */
export const of = (ds: Diag[], file: string, source: RegExp): Diag[] => ds.filter((d) => d.file === file && source.test(d.source));
