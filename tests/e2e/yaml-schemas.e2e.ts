// Kubegate beside the real yaml-language-server 1.25.0 in a real VS Code: a stand-in extension with the id of Red
// Hat's YAML extension (fixtures/yaml-api, bundled here with esbuild) runs the npm package from node_modules and
// relays its schema requests to contributors as the YAML extension does. The workspace (fixtures/neighbour) has a
// ResourceSlice with a gated field, a kustomization with a `namePrefx` typo whose schema the user associates in
// `yaml.schemas` (a local file standing in for SchemaStore: no network), a base and a patch of that
// kustomization, a PodCheckpoint (an API no 1.37 server serves) and a Helm template. `kubegate.yamlSchemas.enable` is on, so the
// contributor is exercised: what each server reports, the contributor's answers and the merged hover and
// completion are read through the stand-in's commands (VS Code's own diagnostics, hover and completion APIs).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const fixture = join(__dirname, 'fixtures', 'neighbour');
const repo = resolve(__dirname, '..', '..');
const SLICE = 'resourceslice.yaml';
const KUSTOMIZATION = 'app/kustomization.yaml';
const BASE = 'app/base.yaml';
const PATCH = 'app/patch.yaml';
const CHECKPOINT = 'checkpoint.yaml';
const KUSTOMIZATION_SCHEMA_TITLE = 'kustomization (e2e stand-in for SchemaStore)';

interface Answer {
  scheme: string;
  label?: string;
  uri?: string;
  content?: string;
}
interface SchemaResult {
  document: string | null;
  contributors: string[];
  answers: Answer[];
}
interface Diag {
  file: string;
  line: number;
  source: string;
  severity: number;
  message: string;
}

/** Bundles fixtures/yaml-api (vscode-languageclient from the repository's node_modules) and packs it with vsce. */
function packStandIn(dir: string): string {
  const src = join(dir, 'yaml-api');
  cpSync(join(__dirname, 'fixtures', 'yaml-api'), src, { recursive: true });
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

describe(`Kubegate beside the real yaml-language-server (${SUBJECT.kind} ${facts.field}, kustomize, an unserved API)`, () => {
  let server: RunningCodeServer;
  let wb: Workbench;
  let packDir: string;

  beforeAll(async () => {
    mkdirSync(tools.artifacts, { recursive: true });
    packDir = mkdtempSync(join(tmpdir(), 'kg-yaml-api-'));
    const standIn = packStandIn(packDir);
    const yamlServer = join(repo, 'node_modules', 'yaml-language-server', 'out', 'server', 'src', 'server.js');
    server = await startCodeServer(tools, {
      fixture,
      trusted: true,
      extraVsix: [standIn],
      env: { KUBEGATE_E2E_YAML_SERVER: yamlServer },
      settings: {
        'kubegate.yamlSchemas.enable': true,
        'yaml.schemas': { './kustomization.schema.json': ['kustomization.yaml'] },
        'yaml.schemaStore.enable': false,
        'yaml.kubernetesCRDStore.enable': false,
      },
    });
    wb = await Workbench.open(tools, server.url, tools.artifacts);
  });

  afterAll(async () => {
    if (wb) {
      await wb.screenshot('yaml-neighbour-last').catch(() => undefined);
      await wb.close();
    }
    if (server) {
      await server.stop();
      copyFileSync(server.log, join(tools.artifacts, 'code-server-yaml-neighbour.log'));
      server.remove();
    }
    if (packDir) rmSync(packDir, { recursive: true, force: true });
  });

  /** Runs a stand-in command until the JSON it writes satisfies `until`, and returns that JSON. */
  async function ask<T>(command: string, file: string, until: (r: T) => boolean): Promise<T> {
    const path = join(server.workspace, file);
    let result: T | undefined;
    await vi.waitFor(
      async () => {
        rmSync(path, { force: true });
        await wb.runCommand(command);
        await vi.waitFor(() => expect(existsSync(path)).toBe(true), { timeout: 10_000, interval: 100 });
        result = JSON.parse(readFileSync(path, 'utf8')) as T;
        expect(until(result)).toBe(true);
      },
      { timeout: 90_000, interval: 500 },
    );
    return result!;
  }

  const schemaAnswer = (until: (a: Answer | undefined) => boolean): Promise<Answer | undefined> =>
    ask<SchemaResult>('YAML API Stand-in: Request Schema of Active Document', 'yaml-api-result.json', (r) =>
      r.contributors.includes('kubegate') && until(r.answers.find((a) => a.scheme === 'kubegate')),
    ).then((r) => r.answers.find((a) => a.scheme === 'kubegate'));

  /** The contributor has the server's answer for the active document (no provisional `pending` URI). */
  const settled = (a: Answer | undefined): boolean => a !== undefined && !a.uri?.includes('/pending/');

  const diagnostics = (until: (d: Diag[]) => boolean): Promise<Diag[]> =>
    ask<{ diagnostics: Diag[] }>('YAML API Stand-in: Write Diagnostics', 'yaml-api-diagnostics.json', (r) => until(r.diagnostics)).then((r) => r.diagnostics);

  const of = (ds: Diag[], file: string, source: RegExp): Diag[] => ds.filter((d) => d.file === file && source.test(d.source));

  /** Opens a file of a subfolder through the stand-in (Quick Open may not have indexed it yet). */
  async function openPath(file: string, name: string): Promise<void> {
    writeFileSync(join(server.workspace, 'yaml-api-open.json'), JSON.stringify({ file }));
    await wb.runCommand('YAML API Stand-in: Open File Named in yaml-api-open.json');
    await wb.page.locator(`.tabs-container .tab.active[aria-label^="${name}"]`).first().waitFor({ timeout: 15_000 });
    await wb.editor().locator('.view-lines').waitFor({ timeout: 15_000 });
  }

  async function probe(file: string, line: number, character: number): Promise<{ hovers: string[]; completion: string[] }> {
    writeFileSync(join(server.workspace, 'yaml-api-probe.json'), JSON.stringify({ file, line, character }));
    return ask('YAML API Stand-in: Write Hover and Completion at Probe', 'yaml-api-probe-result.json', () => true);
  }

  it(`${SUBJECT.kind}: Kubegate warns that ${facts.field} is dropped; the contributed schema has a readable URI and title, no label, and adds no error`, async () => {
    await wb.openFile(SLICE);
    const answer = (await schemaAnswer((a) => !!a?.content && a.uri?.includes('/1.37/') === true))!;
    expect(answer.label).toBeUndefined();
    expect(answer.uri).toMatch(/^kubegate:\/\/schemas\/1\.37\/resourceslice-resource-v1\.json\?resource=file%3A/);
    const schema = JSON.parse(answer.content!) as Record<string, unknown>;
    expect(schema['title']).toBe(`Kubegate 1.37 ${SUBJECT.kind} (${SUBJECT.apiVersion})`);
    const [a] = gateAnnotations(schema, facts.gate);
    expect((a?.['kep'] as { number: number }).number).toBe(facts.kep);
    const ds = await diagnostics((d) => of(d, SLICE, /^kubegate$/).length > 0);
    expect(of(ds, SLICE, /^kubegate$/).map((d) => [d.line, d.message])).toEqual([
      [12, `${facts.field} is dropped: gate ${facts.gate} is off (Alpha in 1.37)`],
    ]);
    // No contradiction: the contributed schema keeps the gated field (annotated), so the YAML server says nothing.
    expect(of(ds, SLICE, /^yaml-schema/)).toEqual([]);
    await wb.openProblems();
    await wb.screenshot('yaml-neighbour-resourceslice');
  });

  it('hover and completion: the gate is stated once, and no key is offered twice', async () => {
    const lines = readFileSync(join(fixture, SLICE), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.trimStart().startsWith(`${facts.field}:`));
    const r = await probe(SLICE, line, lines[line]!.indexOf(facts.field) + 2);
    expect(r.hovers.filter((h) => h.includes(facts.gate))).toHaveLength(1);
    const poolName = lines.findIndex((l, i) => i > lines.findIndex((x) => x.trim() === 'pool:') && l.trim().startsWith('name:'));
    const c = await probe(SLICE, poolName, 4);
    const twice = c.completion.filter((l, i) => c.completion.indexOf(l) !== i);
    expect(twice).toEqual([]);
  });

  it('kustomization.yaml keeps the schema the user associates: the YAML server reports the namePrefx typo', async () => {
    await openPath(KUSTOMIZATION, 'kustomization.yaml');
    const ds = await diagnostics((d) => of(d, KUSTOMIZATION, /^yaml-schema/).length > 0);
    expect(of(ds, KUSTOMIZATION, /^yaml-schema/).map((d) => [d.line, d.source, d.message])).toEqual([
      [8, `yaml-schema: ${KUSTOMIZATION_SCHEMA_TITLE}`, 'Property namePrefx is not allowed.'],
    ]);
    expect(of(ds, KUSTOMIZATION, /^kubegate$/)).toEqual([]);
    expect((await schemaAnswer(() => true))?.uri).toBeUndefined();
    await wb.openProblems();
    await wb.screenshot('yaml-neighbour-kustomization');
  });

  it('a kustomize base and patch: no contributed schema, so no "Missing property" error from either server', async () => {
    for (const [name, file] of [['base.yaml', BASE], ['patch.yaml', PATCH]] as const) {
      await openPath(file, name);
      expect((await schemaAnswer(settled))?.uri).toBeUndefined();
      await probe(file, 1, 0);
      const ds = await diagnostics(() => true);
      expect(of(ds, file, /^yaml-schema/)).toEqual([]);
      expect(of(ds, file, /^kubegate$/).filter((d) => d.severity === 0)).toEqual([]);
    }
    await wb.screenshot('yaml-neighbour-patch');
  });

  it('an API no 1.37 server serves (PodCheckpoint): Kubegate says so; no contributed schema', async () => {
    await wb.openFile(CHECKPOINT);
    const ds = await diagnostics((d) => of(d, CHECKPOINT, /^kubegate$/).length > 0);
    const ours = of(ds, CHECKPOINT, /^kubegate$/);
    expect(ours.map((d) => [d.line, d.severity])).toEqual([[1, 0]]);
    expect(ours[0]!.message).toContain('checkpoint.k8s.io/v1alpha1 PodCheckpoint is not served in 1.37');
    expect((await schemaAnswer(settled))?.uri).toBeUndefined();
    expect(of(ds, CHECKPOINT, /^yaml-schema/)).toEqual([]);
    await wb.openProblems();
    await wb.screenshot('yaml-neighbour-checkpoint');
  });

  it('a Helm template says once that it is not checked; no contributed schema', async () => {
    const file = 'chart/templates/deployment.yaml';
    await openPath(file, 'deployment.yaml');
    const ds = await diagnostics((d) => of(d, file, /^kubegate$/).length > 0);
    expect(of(ds, file, /^kubegate$/).map((d) => [d.line, d.severity, d.message])).toEqual([
      [0, 2, 'Not checked: this document is a Go/Helm template ({{ … }})'],
    ]);
    expect((await schemaAnswer(settled))?.uri).toBeUndefined();
    await wb.openProblems();
    await wb.screenshot('yaml-neighbour-helm');
  });

  it('answers no schema once kubegate.yamlSchemas.enable is off', async () => {
    await wb.runCommand('YAML API Stand-in: Turn Kubegate Schemas Off');
    const settingsFile = join(server.work, 'data', 'User', 'settings.json');
    await vi.waitFor(() => expect(JSON.parse(readFileSync(settingsFile, 'utf8'))['kubegate.yamlSchemas.enable']).toBe(false), { timeout: 20_000, interval: 250 });
    await wb.openFile(SLICE);
    expect((await schemaAnswer((x) => x?.uri === undefined))?.content).toBeUndefined();
  });
});
