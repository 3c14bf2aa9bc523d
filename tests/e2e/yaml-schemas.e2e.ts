// Kubegate as a schema contributor of Red Hat's YAML extension, in a real VS Code: a stand-in extension with the
// YAML extension's id (fixtures/yaml-api) exposes the contributor API in its documented shape; Kubegate registers
// with it; asked for the schema of a Kubernetes document, the stand-in gets Kubegate's JSON Schema (the
// document's kinds, the gated field annotated with its gate and KEP). Turning kubegate.yamlSchemas.enable off
// (the stand-in's command stands for a person using the Settings editor) makes Kubegate answer no schema.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCodeServer, type RunningCodeServer } from './harness/codeServer';
import { subjectFacts, SUBJECT } from './harness/facts';
import { e2eTools } from './harness/tools';
import { Workbench } from './harness/workbench';
import { gateAnnotations } from '../support/schema-annotations';

const tools = e2eTools();
const facts = subjectFacts();
const fixture = join(__dirname, 'fixtures', 'workspace');
const repo = resolve(__dirname, '..', '..');
const MANIFEST = 'resourceslice.yaml';
const RESULT = 'yaml-api-result.json';
const COMMAND = 'YAML API Stand-in: Request Schema of Active Document';

interface Answer {
  scheme: string;
  label?: string;
  uri?: string;
  content?: string;
}
interface Result {
  document: string | null;
  contributors: string[];
  answers: Answer[];
}

/** Packs fixtures/yaml-api into a .vsix with the repository's vsce. */
function packStandIn(dir: string): string {
  const src = join(dir, 'yaml-api');
  cpSync(join(__dirname, 'fixtures', 'yaml-api'), src, { recursive: true });
  const out = join(dir, 'yaml-api.vsix');
  execFileSync(
    process.execPath,
    [join(repo, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out],
    { cwd: src, stdio: 'pipe' },
  );
  return out;
}

describe(`Kubegate contributes JSON Schemas to Red Hat's YAML extension (${SUBJECT.kind} ${facts.field}, ${facts.gate})`, () => {
  let server: RunningCodeServer;
  let wb: Workbench;
  let packDir: string;

  beforeAll(async () => {
    mkdirSync(tools.artifacts, { recursive: true });
    packDir = mkdtempSync(join(tmpdir(), 'kg-yaml-api-'));
    const standIn = packStandIn(packDir);
    server = await startCodeServer(tools, { fixture, trusted: true, extraVsix: [standIn] });
    wb = await Workbench.open(tools, server.url, tools.artifacts);
  });

  afterAll(async () => {
    if (wb) {
      await wb.screenshot('yaml-schemas-last').catch(() => undefined);
      await wb.close();
    }
    if (server) {
      await server.stop();
      copyFileSync(server.log, join(tools.artifacts, 'code-server-yaml-schemas.log'));
      server.remove();
    }
    if (packDir) rmSync(packDir, { recursive: true, force: true });
  });

  /** Runs the stand-in's command until it has heard from Kubegate, and returns what it got. */
  async function ask(until: (r: Result) => boolean): Promise<Result> {
    const file = join(server.workspace, RESULT);
    let result: Result | undefined;
    await vi.waitFor(
      async () => {
        rmSync(file, { force: true });
        await wb.runCommand(COMMAND);
        await vi.waitFor(() => expect(existsSync(file)).toBe(true), { timeout: 10_000, interval: 100 });
        result = JSON.parse(readFileSync(file, 'utf8')) as Result;
        expect(until(result)).toBe(true);
      },
      { timeout: 60_000, interval: 500 },
    );
    return result!;
  }

  it("registers with the YAML extension's API and answers the schema of a Kubernetes document", async () => {
    await wb.openFile(MANIFEST);
    const result = await ask((r) => r.contributors.includes('kubegate') && !!r.answers.find((a) => a.scheme === 'kubegate')?.content);
    const answer = result.answers.find((a) => a.scheme === 'kubegate')!;
    expect(answer.label).toBe('Kubegate');
    expect(answer.uri).toMatch(/^kubegate:\/\/schema\//);
    const schema = JSON.parse(answer.content!) as Record<string, unknown>;
    expect(schema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(JSON.stringify(schema)).toContain(`"const":"${SUBJECT.apiVersion}"`);
    const [a] = gateAnnotations(schema, facts.gate);
    expect(a).toBeDefined();
    expect((a!['kep'] as { number: number }).number).toBe(facts.kep);
    expect(a!['enabled']).toBe(false);
    await wb.screenshot('yaml-schemas-contributed');
  });

  it('answers no schema once kubegate.yamlSchemas.enable is off', async () => {
    await wb.runCommand('YAML API Stand-in: Turn Kubegate Schemas Off');
    const settingsFile = join(server.work, 'data', 'User', 'settings.json');
    await vi.waitFor(() => expect(JSON.parse(readFileSync(settingsFile, 'utf8'))['kubegate.yamlSchemas.enable']).toBe(false), { timeout: 20_000, interval: 250 });
    await wb.openFile(MANIFEST);
    const result = await ask((r) => r.contributors.includes('kubegate') && r.answers.find((a) => a.scheme === 'kubegate')?.uri === undefined);
    expect(result.answers.find((a) => a.scheme === 'kubegate')?.content).toBeUndefined();
  });
});
