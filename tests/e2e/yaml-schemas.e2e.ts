// Kubegate beside the real yaml-language-server 1.25.0 in a real VS Code: a stand-in extension with the id of Red
// Hat's YAML extension (fixtures/yaml-api, bundled here with esbuild) runs the npm package from node_modules and
// relays its schema requests to contributors as the YAML extension does. The workspace (fixtures/neighbour) has a
// ResourceSlice with a gated field, a kustomization with a `namePrefx` typo whose schema the user associates in
// `yaml.schemas` (a local file standing in for SchemaStore: no network), a base and a patch of that
// kustomization, a PodCheckpoint (an API no 1.37 server serves), a Helm template, and two clusters under
// clusters/ (a kind config with an error of its own, a kubeadm config, a manifest with its own version).
// `kubegate.yamlSchemas.enable` is on, so the contributor is exercised: what each server reports, the
// contributor's answers and the merged hover and completion are read through the stand-in's commands (VS Code's
// own diagnostics, hover and completion APIs, and a log of every diagnostic change); the status item, the hover
// widget and the gate view through the DOM.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCodeServer, type RunningCodeServer } from './harness/codeServer';
import { subjectFacts, SUBJECT } from './harness/facts';
import { Neighbour, of, packStandIn, YAML_SERVER, type LogEntry } from './harness/neighbour';
import { e2eTools } from './harness/tools';
import { Workbench } from './harness/workbench';
import { gateAnnotations } from '../support/schema-annotations';
import { committedBrief, gate, gatedFields } from '../support/committed';
import { manifestFor } from '../gates/manifest-builder';

const tools = e2eTools();
const facts = subjectFacts();
const fixture = join(__dirname, 'fixtures', 'neighbour');
const SLICE = 'resourceslice.yaml';
const KUSTOMIZATION = 'app/kustomization.yaml';
const BASE = 'app/base.yaml';
const PATCH = 'app/patch.yaml';
const CHECKPOINT = 'checkpoint.yaml';
const KUSTOMIZATION_SCHEMA_TITLE = 'kustomization (e2e stand-in for SchemaStore)';
const KIND_CONFIG = 'clusters/kind/kind-config.yaml';
const KIND_SLICE = 'clusters/kind/slice.yaml';
const KUBEADM_LEGACY = 'clusters/kubeadm/legacy.yaml';

/** A field of a GA kind whose gate (off by default in 1.37) needs another gate that is off by default too: two
 *  problems on one key (the gate, and the gate it depends on). From the committed schemas/, shortest path first. */
function dependentField(): { apiVersion: string; kind: string; path: string; gate: string; required: string; kep: number } {
  const V = SUBJECT.version;
  const deps = committedBrief().alsoRequires;
  const off = (g: string) => gate(g).by_version[V]?.exists === true && gate(g).by_version[V]?.default === false;
  const rows = gatedFields(V)
    .filter((r) => r.value === undefined && !r.path.includes('(kind)') && /\/v\d+$/.test(r.apiVersion) && off(r.gate) && !!gate(r.gate).kep && (deps[r.gate] ?? []).some(off))
    .sort((a, b) => a.path.split('.').length - b.path.split('.').length);
  const r = rows[0];
  if (!r) throw new Error(`no field of ${V} whose gate needs another gate off by default`);
  return { apiVersion: r.apiVersion, kind: r.kind, path: r.path, gate: r.gate, required: deps[r.gate]!.find(off)!, kep: gate(r.gate).kep! };
}

describe(`Kubegate beside the real yaml-language-server (${SUBJECT.kind} ${facts.field}, kustomize, an unserved API)`, () => {
  let server: RunningCodeServer;
  let wb: Workbench;
  let nb: Neighbour;
  let packDir: string;

  beforeAll(async () => {
    mkdirSync(tools.artifacts, { recursive: true });
    packDir = mkdtempSync(join(tmpdir(), 'kg-yaml-api-'));
    const standIn = packStandIn(packDir);
    server = await startCodeServer(tools, {
      fixture,
      trusted: true,
      extraVsix: [standIn],
      env: { KUBEGATE_E2E_YAML_SERVER: YAML_SERVER },
      settings: {
        'kubegate.yamlSchemas.enable': true,
        'yaml.schemas': { './kustomization.schema.json': ['kustomization.yaml'] },
        'yaml.schemaStore.enable': false,
        'yaml.kubernetesCRDStore.enable': false,
      },
    });
    wb = await Workbench.open(tools, server.url, tools.artifacts);
    nb = new Neighbour(server, wb);
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

  const schemaAnswer = (until: Parameters<Neighbour['schemaAnswer']>[0]) => nb.schemaAnswer(until);
  /** The contributor has the server's answer for the active document (no provisional `pending` URI). */
  const settled = (a: Awaited<ReturnType<Neighbour['schemaAnswer']>>): boolean => a !== undefined && !a.uri?.includes('/pending/');
  const diagnostics = (until: Parameters<Neighbour['diagnostics']>[0]) => nb.diagnostics(until);
  const openPath = (file: string, name: string) => nb.openPath(file, name);
  const probe = (file: string, line: number, character: number) => nb.probe(file, line, character);
  /** The status bar item showing `text` (what it says for the active editor). */
  const statusItem = (text: string) => wb.page.locator('.statusbar-item').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });

  it(`${SUBJECT.kind}: Kubegate warns that ${facts.field} is dropped; the contributed schema has a readable URI and title, no label, and adds no error`, async () => {
    await wb.openFile(SLICE);
    const answer = (await schemaAnswer((a) => !!a?.content && a.uri?.includes('/1.37/') === true))!;
    expect(answer.label).toBeUndefined();
    // A revision appears after any save or configuration change the workbench reports (one was reported right
    // at start in a CI run, before this test touched anything): the URI stays readable either way.
    expect(answer.uri).toMatch(/^kubegate:\/\/schemas\/1\.37\/resourceslice-resource-v1\.json\?(?:rev=\d+&)?resource=file%3A/);
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
    // The status item says it too, for this editor only: a skipped file never looks like a clean one.
    await statusItem('template: not checked');
    // The note in the hover of the first line, and the status item, in one picture.
    await wb.hoverUntil('apiVersion', ['Not checked: this document is a Go/Helm template'], 30_000);
    await wb.screenshot('yaml-neighbour-helm');
    await wb.page.mouse.move(5, 5);
    await wb.openFile(SLICE);
    await statusItem(`K8s ${SUBJECT.version} · gates: defaults`);
    expect(await wb.page.locator('.statusbar-item').filter({ hasText: 'template: not checked' }).count()).toBe(0);
  });

  it('the status item follows the active editor: the config of its cluster, and its own target version', async () => {
    // The pointer leaves the tabs first: a tab's tooltip would show the scratch folder's path in the picture.
    const calm = async () => {
      await wb.page.mouse.move(5, 5);
      await wb.page.locator('.workbench-hover').waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
    };
    await openPath(KIND_SLICE, 'slice.yaml');
    await statusItem(`K8s ${SUBJECT.version} · gates: clusters/kind/kind-config.yaml`);
    await calm();
    await wb.screenshot('yaml-neighbour-status-kind');
    await openPath(KUBEADM_LEGACY, 'legacy.yaml');
    await statusItem('K8s 1.36 · gates: clusters/kubeadm/kubeadm-config.yaml');
    await calm();
    await wb.screenshot('yaml-neighbour-status-kubeadm');
    await wb.openFile(SLICE);
    await statusItem(`K8s ${SUBJECT.version} · gates: defaults`);
  });

  it('two problems on one key (a gate and the gate it needs): both listed, and the KEP link inside the visible hover', async () => {
    const dep = dependentField();
    const file = 'clusters/kind/dependent.yaml';
    const { text, at } = manifestFor(dep.apiVersion, dep.kind, dep.path);
    writeFileSync(join(server.workspace, file), text);
    await openPath(file, 'dependent.yaml');
    const ds = await diagnostics((d) => of(d, file, /^kubegate$/).filter((x) => x.line === at.line).length >= 2);
    const atKey = of(ds, file, /^kubegate$/).filter((x) => x.line === at.line);
    expect(atKey.map((d) => d.message).join('\n')).toContain(dep.gate);
    expect(atKey.map((d) => d.message).join('\n')).toContain(dep.required);
    const key = dep.path.split('.').pop()!;
    const hover = await wb.hoverUntil(key, [`KEP-${dep.kep}`, dep.required], 60_000);
    expect(hover).toContain(`Feature gate ${dep.gate} · `);
    // VS Code lists the problems first, then the hovers: the KEP link must still be inside the visible hover.
    const { hover: box, link } = await wb.hoverLinkBoxes(`KEP-${dep.kep}`);
    expect(link.y).toBeGreaterThanOrEqual(box.y);
    expect(link.y + link.height).toBeLessThanOrEqual(box.y + box.height);
    await wb.screenshot('yaml-neighbour-two-problems');
    await wb.page.mouse.move(5, 5);
  });

  it("a config's own error stays in VS Code after a quick fix in another file and Save All", async () => {
    const own = (d: { kubegate: string[] }) => d.kubegate.some((m) => m.includes('NoSuchGateAtAll'));
    await openPath(KIND_CONFIG, 'kind-config.yaml');
    await diagnostics((d) => of(d, KIND_CONFIG, /^kubegate$/).some((x) => x.message.includes('NoSuchGateAtAll')));
    await openPath(KIND_SLICE, 'slice.yaml');
    await diagnostics((d) => of(d, KIND_SLICE, /^kubegate$/).some((x) => x.message.includes(facts.gate)));
    await nb.markLog();
    // Save All until the fix is on disk (the edit lands in the config's model asynchronously).
    await wb.applyFixAndSave(facts.field, 'kind-config.yaml', join(server.workspace, KIND_CONFIG), facts.gate);
    const ds = await diagnostics((d) => !of(d, KIND_SLICE, /^kubegate$/).some((x) => x.message.includes(facts.gate)));
    expect(of(ds, KIND_CONFIG, /^kubegate$/).map((d) => d.message).join('\n')).toContain('NoSuchGateAtAll');
    // Every change VS Code saw for the config since the fix (the edit, then the re-checks after the saves and the
    // watcher's events) kept the error: it never left the Problems panel.
    const log = await nb.logSinceMark((l) => l.filter((e): e is Extract<LogEntry, { file: string }> => 'file' in e && e.file === KIND_CONFIG).length >= 2);
    const config = log.filter((e): e is Extract<LogEntry, { file: string }> => 'file' in e && e.file === KIND_CONFIG);
    expect(config.filter((e) => !own(e))).toEqual([]);
    const panel = await wb.openProblems();
    await panel.getByText('NoSuchGateAtAll').first().waitFor({ timeout: 15_000 });
    // The saved config (the fix's line in it) with its own error in the hover.
    await openPath(KIND_CONFIG, 'kind-config.yaml');
    await wb.hoverUntil('NoSuchGateAtAll', ['NoSuchGateAtAll stops components'], 30_000);
    await wb.screenshot('yaml-neighbour-save-all');
    await wb.page.mouse.move(5, 5);
  });

  it('the gate view has one section per cluster, gates that need action first and the gate a used gate needs', async () => {
    const dep = dependentField();
    await wb.runCommand('Kubegate: Show Feature Gates Needed by This Workspace');
    const body = await wb.frameWithText('kubeadm-config.yaml', 30_000);
    const lines = body.split('\n').map((l) => l.trim());
    const headings = ['kind-config.yaml', 'kubeadm-config.yaml', 'no cluster config'];
    for (const h of headings) expect(lines, body).toContain(h);
    const section = (h: string) => {
      const from = lines.indexOf(h);
      const to = lines.findIndex((l, i) => i > from && headings.includes(l));
      return lines.slice(from, to < 0 ? undefined : to).join('\n');
    };
    const kind = section('kind-config.yaml');
    // The kind cluster: the gate the fix turned on comes after the two that need action (the gate of the dependent
    // field, and the gate it needs, listed as needed by it).
    expect(kind.indexOf(dep.gate)).toBeGreaterThanOrEqual(0);
    expect(kind.indexOf(dep.required)).toBeGreaterThanOrEqual(0);
    expect(kind).toContain(`needed by ${dep.gate}`);
    expect(kind.indexOf(facts.gate)).toBeGreaterThan(kind.indexOf(dep.required));
    expect(kind.indexOf(facts.gate)).toBeGreaterThan(kind.indexOf(dep.gate));
    // The kubeadm cluster and the files no config governs: the same gate still needs action there.
    expect(section('kubeadm-config.yaml')).toContain(facts.gate);
    expect(section('no cluster config')).toContain(facts.gate);
    await wb.screenshot('yaml-neighbour-gate-view');
    await wb.runCommand('View: Close Editor');
  });

  it('answers no schema once kubegate.yamlSchemas.enable is off', async () => {
    await wb.runCommand('YAML API Stand-in: Turn Kubegate Schemas Off');
    const settingsFile = join(server.work, 'data', 'User', 'settings.json');
    await vi.waitFor(() => expect(JSON.parse(readFileSync(settingsFile, 'utf8'))['kubegate.yamlSchemas.enable']).toBe(false), { timeout: 20_000, interval: 250 });
    await wb.openFile(SLICE);
    expect((await schemaAnswer((x) => x?.uri === undefined))?.content).toBeUndefined();
  });
});
