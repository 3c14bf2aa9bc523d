// End to end in a real VS Code (code-server 1.139 web workbench, headless Chromium): the packaged .vsix is
// installed into a fresh profile, a workspace with a DRA ResourceSlice using a gated field and a kind config
// without the gate is opened, and each feature is used the way a person would, through the DOM.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCodeServer, type RunningCodeServer } from './harness/codeServer';
import { SETTINGS } from '../../server/src/contract/settings';
import { subjectFacts, subjectSnippet, SUBJECT } from './harness/facts';
import { e2eTools } from './harness/tools';
import { Workbench } from './harness/workbench';

const tools = e2eTools();
const facts = subjectFacts();
const fixture = join(__dirname, 'fixtures', 'workspace');
const MANIFEST = 'resourceslice.yaml';
const KIND_CONFIG = 'kind-config.yaml';
const repo = resolve(__dirname, '..', '..');
/** The inlay hint badge of the gate: `α DRAOptionalNodeOperations · off` (after the key line's colon). */
const badge = (state: string) => new RegExp(`${facts.field}:\\s*[αβ] ${facts.gate} · ${state}`);

describe(`Kubegate in VS Code: ${SUBJECT.kind} ${facts.field} needs ${facts.gate} (KEP-${facts.kep})`, () => {
  let server: RunningCodeServer;
  let wb: Workbench;

  beforeAll(async () => {
    mkdirSync(tools.artifacts, { recursive: true });
    server = await startCodeServer(tools, { fixture, trusted: true });
    wb = await Workbench.open(tools, server.url, tools.artifacts);
  });

  afterAll(async () => {
    if (wb) {
      await wb.screenshot('zz-last').catch(() => undefined);
      await wb.close();
    }
    if (server) {
      await server.stop();
      copyFileSync(server.log, join(tools.artifacts, 'code-server.log'));
      server.remove();
    }
  });

  it('opens the manifest and the extension starts the server (status bar)', async () => {
    await wb.openFile(MANIFEST);
    const status = wb.page.locator('.statusbar-item').filter({ hasText: /K8s \d+\.\d+/ });
    await status.first().waitFor({ timeout: 60_000 });
    expect(await status.first().innerText()).toContain('gates:');
    await wb.screenshot('0-opened');
  });

  it('(a) hover on the field leads with one line: gate, stage, state and the KEP link, visible without scrolling', async () => {
    await wb.openFile(MANIFEST);
    const text = await wb.hoverUntil(facts.field, [facts.gate, `KEP-${facts.kep}`], 60_000);
    expect(text).toContain(`Feature gate ${facts.gate} · Alpha, off by default in 1.37 · off (default) · KEP-${facts.kep}`);
    // The short diagnostic comes first (VS Code's order), then our first line: the KEP link must be inside the
    // hover's visible area, not below it.
    const { hover, link } = await wb.hoverLinkBoxes(`KEP-${facts.kep}`);
    expect(link.y).toBeGreaterThanOrEqual(hover.y);
    expect(link.y + link.height).toBeLessThanOrEqual(hover.y + hover.height);
    await wb.screenshot('a-hover');
  });

  it('(a2) the inlay hint sits after the key line (not between key and colon) and says the gate is off', async () => {
    await wb.openFile(MANIFEST);
    await vi.waitFor(async () => expect(await wb.editorLine(`${facts.field}:`)).toMatch(badge('off')), { timeout: 30_000, interval: 250 });
    expect(await wb.editorLine(facts.field)).not.toMatch(new RegExp(`${facts.field} [αβ]`));
    await wb.screenshot('a2-inlay-hint');
  });

  it('(b) the Problems panel shows the gate warning from source kubegate', async () => {
    const panel = await wb.openProblems();
    await panel.getByText(facts.gate).first().waitFor({ timeout: 30_000 });
    const problems = await wb.problemsText();
    // One short sentence, consequence first (the detail is under it as related information).
    expect(problems).toContain(`${facts.field} is dropped: gate ${facts.gate} is off (Alpha in 1.37)`);
    expect(problems).toContain('kubegate');
    await wb.screenshot('b-problems');
  });

  it('(b2) "Explain Field at Cursor" shows the explanation of the gated field', async () => {
    await wb.openFile(MANIFEST);
    await wb.clickToken(facts.field);
    await wb.runCommand('Kubegate: Explain Field at Cursor');
    const body = await wb.frameWithText(facts.gate, 30_000, 'Feature gates needed by this workspace');
    expect(body).toContain(facts.field);
    await wb.screenshot('b2-explain');
    await wb.runCommand('View: Close Editor'); // the explanation panel (active) goes away
  });

  it('(b3) "Create kind Config Enabling Needed Gates" opens a kind config that turns the gate on', async () => {
    await wb.runCommand('Kubegate: Create kind Config Enabling Needed Gates');
    await vi.waitFor(async () => expect(await wb.editorText()).toMatch(new RegExp(`${facts.gate}: true`)), {
      timeout: 20_000,
      interval: 250,
    });
    expect(await wb.editorText()).toContain('kind: Cluster');
    await wb.screenshot('b3-kind-config');
    await wb.runCommand('View: Revert and Close Editor'); // drop the untitled config without a save prompt
    await wb.page.locator('.tabs-container .tab').filter({ hasText: 'Untitled' }).first().waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('(b4) the quick fix "Treat … as enabled (Kubegate setting only)" writes the workspace setting; the inlay hint follows', async () => {
    const settingsFile = join(server.workspace, '.vscode', 'settings.json');
    await wb.openFile(MANIFEST);
    await wb.clickToken(facts.field);
    await wb.page.keyboard.press('Control+.');
    const fix = wb.page.locator('.action-widget .monaco-list-row').filter({ hasText: `Treat ${facts.gate} as enabled (Kubegate setting only)` });
    await fix.first().waitFor({ timeout: 20_000 });
    await fix.first().click();
    await vi.waitFor(() => expect(JSON.parse(readFileSync(settingsFile, 'utf8'))['kubegate.featureGates']).toEqual({ [facts.gate]: true }), {
      timeout: 20_000,
      interval: 250,
    });
    await wb.openProblems();
    await vi.waitFor(async () => expect(await wb.problemsText()).not.toContain(facts.gate), { timeout: 30_000, interval: 250 });
    await vi.waitFor(async () => expect(await wb.editorLine(`${facts.field}:`)).toMatch(badge('on')), { timeout: 30_000, interval: 250 });
    // Undo it on disk: the warning comes back, ready for the kind-config fix.
    writeFileSync(settingsFile, '{}\n');
    await wb.page.locator('.markers-panel').getByText(facts.gate).first().waitFor({ timeout: 30_000 });
    await vi.waitFor(async () => expect(await wb.editorLine(`${facts.field}:`)).toMatch(badge('off')), { timeout: 30_000, interval: 250 });
  });

  it('(c) the quick fix enables the gate in the kind config; after saving the warning is gone', async () => {
    await wb.openFile(MANIFEST);
    // The edit lands in the (unopened) kind config's model asynchronously: save until it is on disk.
    await wb.applyFixAndSave(facts.field, KIND_CONFIG, join(server.workspace, KIND_CONFIG), facts.gate, () => wb.screenshot('c-quickfix-menu'));
    await wb.openProblems();
    await vi.waitFor(async () => expect(await wb.problemsText()).not.toContain(facts.gate), {
      timeout: 30_000,
      interval: 250,
    });
    const kind = readFileSync(join(server.workspace, KIND_CONFIG), 'utf8');
    expect(kind).toMatch(new RegExp(`${facts.gate}: true`));
    // The manifest's inlay hint follows the config without an edit of the manifest (workspace/inlayHint/refresh).
    await wb.openFile(MANIFEST);
    await vi.waitFor(async () => expect(await wb.editorLine(`${facts.field}:`)).toMatch(badge('on')), { timeout: 30_000, interval: 250 });
    await wb.screenshot('c-after-fix');
  });

  it('(d) completion inside the ResourceSlice spec offers the gated field', async () => {
    await wb.openFile('resourceslice-draft.yaml');
    await wb.clickToken('nodeName');
    await wb.page.keyboard.press('End');
    await wb.page.keyboard.press('Enter');
    await wb.page.keyboard.press('Control+Space');
    const item = wb.page.locator('.suggest-widget .monaco-list-row').filter({ hasText: facts.field });
    await item.first().waitFor({ timeout: 30_000 });
    // The gated field shows its stage and state beside the label (labelDetails); the kind config turns it on.
    await vi.waitFor(async () => expect((await item.first().innerText()).replace(/\u00a0/g, ' ')).toMatch(/Alpha · on/), { timeout: 10_000, interval: 250 });
    await wb.screenshot('d-completion');
    await wb.page.keyboard.press('Escape');
  });

  it('(e) a DRA snippet is inserted by its prefix', async () => {
    const snippet = subjectSnippet(facts.field);
    await wb.openFile('snippet-target.yaml');
    await wb.editor().locator('.view-lines').click();
    await wb.page.keyboard.type(snippet.prefix);
    await wb.page.keyboard.press('Control+Space');
    const item = wb.page.locator('.suggest-widget .monaco-list-row').filter({ hasText: snippet.prefix });
    await item.first().waitFor({ timeout: 30_000 });
    // One source of snippets: the prefix is offered once (not by the server and a snippets file both).
    expect((await wb.suggestLabels()).filter((l) => l === snippet.prefix)).toEqual([snippet.prefix]);
    await wb.screenshot('e-snippet-menu');
    await wb.page.keyboard.press('Enter');
    await vi.waitFor(async () => {
      const text = await wb.editorText();
      expect(text).toContain(`kind: ${SUBJECT.kind}`);
      expect(text).toContain(facts.field);
    }, { timeout: 15_000, interval: 200 });
    await wb.page.keyboard.press('Escape');
    await wb.screenshot('e-snippet');
  });

  it('(f) the gate view lists the gate with its KEP, its state per component and where it is set', async () => {
    await wb.runCommand('Kubegate: Show Feature Gates Needed by This Workspace');
    await wb.page.locator('iframe.webview.ready').first().waitFor({ state: 'visible', timeout: 30_000 });
    const body = await wb.frameWithText(facts.gate, 30_000);
    expect(body).toContain(`KEP-${facts.kep}`);
    expect(body).toContain('(Kubernetes 1.37)');
    expect(body).toContain(KIND_CONFIG);
    await wb.screenshot('f-gate-view');
  });

  it('(g) "Set Target Kubernetes Version" changes the version in the status bar', async () => {
    const versions = (SETTINGS.find((s) => s.name === 'kubegate.kubernetesVersion')?.enum ?? []).filter((v) => v !== 'cluster');
    const target = versions[versions.length - 2];
    expect(target).toBeDefined();
    await wb.runCommand('View: Focus First Editor Group');
    await wb.runCommand('Kubegate: Set Target Kubernetes Version');
    await wb.page.locator('.quick-input-widget .quick-input-title').filter({ hasText: 'target Kubernetes version' }).first().waitFor({ timeout: 15_000 });
    await wb.page.locator('.quick-input-widget input').fill(`Kubernetes ${target}`);
    await wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: `Kubernetes ${target}` }).first().waitFor({ timeout: 15_000 });
    await wb.page.keyboard.press('Enter');
    const status = wb.page.locator('.statusbar-item').filter({ hasText: `K8s ${target}` });
    await status.first().waitFor({ timeout: 30_000 });
    // The open gate view follows without running its command again.
    await wb.frameWithText(`(Kubernetes ${target})`, 30_000);
    await wb.screenshot('g-version');
  });

  it('(g2) after the version switch the inlay hint follows: the field does not exist in that version', async () => {
    await wb.runCommand('View: Focus First Editor Group');
    await wb.openFile(MANIFEST).catch(async (e: unknown) => {
      await wb.screenshot('g2-open-failed');
      throw e;
    });
    await vi.waitFor(
      async () => {
        const line = await wb.editorLine(`${facts.field}:`);
        expect(line).toContain(facts.field);
        expect(line).not.toContain(facts.gate);
      },
      { timeout: 30_000, interval: 250 },
    );
    await wb.screenshot('g2-inlay-after-version');
  });

  it('(h) settings.json completes a gate name inside kubegate.featureGates', async () => {
    const settingsFile = join(server.workspace, '.vscode', 'settings.json');
    const before = readFileSync(settingsFile, 'utf8');
    const kept = JSON.parse(before) as Record<string, unknown>;
    const lines = ['{', ...Object.entries(kept).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`), '  "kubegate.featureGates": {', '    ', '  }', '}', ''];
    writeFileSync(settingsFile, lines.join('\n'));
    await wb.openFile('settings.json');
    await vi.waitFor(async () => expect(await wb.editorText()).toContain('kubegate.featureGates'), { timeout: 15_000, interval: 250 });
    await wb.page.keyboard.press('Control+G');
    await wb.page.locator('.quick-input-widget input').fill(`:${lines.indexOf('    ') + 1}`);
    await wb.page.keyboard.press('Enter');
    await wb.page.keyboard.press('End');
    const typed = facts.gate.slice(0, 8);
    await wb.page.keyboard.type(`"${typed}`);
    await wb.page.keyboard.press('Control+Space');
    const item = wb.page.locator('.suggest-widget .monaco-list-row').filter({ hasText: facts.gate });
    await item.first().waitFor({ timeout: 30_000 });
    await wb.screenshot('h-settings-completion');
    await wb.page.keyboard.press('Escape');
    await wb.runCommand('View: Revert and Close Editor');
    writeFileSync(settingsFile, before);
  });

  it('(i) the packaged README (the extension page) ships every image it shows', async () => {
    const { readmeImageProblems, imageRefs, readZip } = (await import(join(repo, 'scripts', 'e2e', 'vsix-readme.mjs'))) as {
      readmeImageProblems: (f: string) => Promise<string[]>;
      imageRefs: (md: string) => string[];
      readZip: (f: string, w: (n: string) => boolean) => Promise<{ names: string[]; texts: Map<string, string> }>;
    };
    const { texts } = await readZip(tools.vsix, (n) => /^extension\/readme\.md$/i.test(n));
    const readme = [...texts.values()][0] ?? '';
    expect(readme).toContain('Red Hat');
    expect(readme).not.toContain('../shared');
    expect(imageRefs(readme).length).toBeGreaterThan(0);
    expect(await readmeImageProblems(tools.vsix)).toEqual([]);
  });
});
