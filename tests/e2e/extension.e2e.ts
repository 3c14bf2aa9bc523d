// End to end in a real VS Code (code-server 1.139 web workbench, headless Chromium): the packaged .vsix is
// installed into a fresh profile, a workspace with a DRA ResourceSlice using a gated field and a kind config
// without the gate is opened, and each feature is used the way a person would, through the DOM.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

  it('(a) hover on the field names the gate and the KEP', async () => {
    await wb.openFile(MANIFEST);
    const text = await wb.hoverUntil(facts.field, [facts.gate, `KEP-${facts.kep}`], 60_000);
    expect(text).toContain(facts.gate);
    await wb.screenshot('a-hover');
  });

  it('(b) the Problems panel shows the gate warning from source kubegate', async () => {
    const panel = await wb.openProblems();
    await panel.getByText(facts.gate).first().waitFor({ timeout: 30_000 });
    const problems = await wb.problemsText();
    expect(problems).toContain(facts.gate);
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

  it('(b4) the quick fix "in the kubegate.featureGates setting" writes the workspace setting', async () => {
    const settingsFile = join(server.workspace, '.vscode', 'settings.json');
    await wb.openFile(MANIFEST);
    await wb.clickToken(facts.field);
    await wb.page.keyboard.press('Control+.');
    const fix = wb.page.locator('.action-widget .monaco-list-row').filter({ hasText: 'kubegate.featureGates' });
    await fix.first().waitFor({ timeout: 20_000 });
    await fix.first().click();
    await vi.waitFor(() => expect(JSON.parse(readFileSync(settingsFile, 'utf8'))['kubegate.featureGates']).toEqual({ [facts.gate]: true }), {
      timeout: 20_000,
      interval: 250,
    });
    await wb.openProblems();
    await vi.waitFor(async () => expect(await wb.problemsText()).not.toContain(facts.gate), { timeout: 30_000, interval: 250 });
    // Undo it on disk: the warning comes back, ready for the kind-config fix.
    writeFileSync(settingsFile, '{}\n');
    await wb.page.locator('.markers-panel').getByText(facts.gate).first().waitFor({ timeout: 30_000 });
  });

  it('(c) the quick fix enables the gate in the kind config; after saving the warning is gone', async () => {
    await wb.openFile(MANIFEST);
    await wb.clickToken(facts.field);
    await wb.page.keyboard.press('Control+.');
    const fix = wb.page.locator('.action-widget .monaco-list-row').filter({ hasText: KIND_CONFIG });
    await fix.first().waitFor({ timeout: 20_000 });
    await wb.screenshot('c-quickfix-menu');
    await fix.first().click();
    await wb.page.locator('.action-widget .monaco-list-row').first().waitFor({ state: 'hidden', timeout: 10_000 });
    // The edit lands in the (unopened) kind config's model asynchronously: save until it is on disk.
    await vi.waitFor(
      async () => {
        if (!readFileSync(join(server.workspace, KIND_CONFIG), 'utf8').includes(facts.gate)) {
          await wb.runCommand('File: Save All');
          throw new Error(`${KIND_CONFIG} does not name ${facts.gate} yet`);
        }
      },
      { timeout: 30_000, interval: 500 },
    );
    await wb.openProblems();
    await vi.waitFor(async () => expect(await wb.problemsText()).not.toContain(facts.gate), {
      timeout: 30_000,
      interval: 250,
    });
    const kind = readFileSync(join(server.workspace, KIND_CONFIG), 'utf8');
    expect(kind).toMatch(new RegExp(`${facts.gate}: true`));
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

  it('(f) the gate view lists the gate with its KEP', async () => {
    await wb.runCommand('Kubegate: Show Feature Gates Needed by This Workspace');
    await wb.page.locator('iframe.webview.ready').first().waitFor({ state: 'visible', timeout: 30_000 });
    const body = await wb.frameWithText(facts.gate, 30_000);
    expect(body).toContain(`KEP-${facts.kep}`);
    await wb.screenshot('f-gate-view');
  });

  it('(g) "Set Target Kubernetes Version" changes the version in the status bar', async () => {
    const versions = (SETTINGS.find((s) => s.name === 'kubegate.kubernetesVersion')?.enum ?? []).filter((v) => v !== 'cluster');
    const target = versions[versions.length - 2];
    expect(target).toBeDefined();
    await wb.runCommand('Kubegate: Set Target Kubernetes Version');
    await wb.page.locator('.quick-input-widget .quick-input-title').filter({ hasText: 'target Kubernetes version' }).first().waitFor({ timeout: 15_000 });
    await wb.page.locator('.quick-input-widget input').fill(`Kubernetes ${target}`);
    await wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: `Kubernetes ${target}` }).first().waitFor({ timeout: 15_000 });
    await wb.page.keyboard.press('Enter');
    const status = wb.page.locator('.statusbar-item').filter({ hasText: `K8s ${target}` });
    await status.first().waitFor({ timeout: 30_000 });
    await wb.screenshot('g-version');
  });
});
