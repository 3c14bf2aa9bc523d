// `.kubegate.yaml` over LSP: the server reads the repository file (severities, gates, ignore globs) like the
// CLI does (the project model finds it: the nearest above the document, within its repository), and the CLI run
// from another folder gives the same answer. Validation problems reach the status; an edit of the settings file
// in the editor re-checks the open documents.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol';
import { processIO } from '../../server/src/cli/io';
import { STATUS_NOTIFICATION, type StatusParams } from '../../server/src/contract/protocol';
import { runCli } from '../../server/src/cli/main';
import { SLICE } from './fixtures';
import { lspSessions, lspSuite, pageGate } from './harness';

const GATE = 'DRAOptionalNodeOperations';
const { start, create } = lspSessions();
const SUITE = lspSuite('LSP .kubegate.yaml');

async function cliFindings(root: string, rel: string): Promise<{ code: string; severity: string }[]> {
  let stdout = '';
  const io = { ...processIO(), color: false, tty: false, cwd: () => root, out: (t: string) => void (stdout += t), err: () => undefined };
  await runCli(['check', '--format', 'json', path.join(root, rel)], io);
  const out = JSON.parse(stdout) as { files: { findings: { code: string; severity: string }[] }[] };
  return out.files[0]!.findings.map((f) => ({ code: f.code, severity: f.severity }));
}

describe.skipIf(SUITE.skip)(SUITE.title, { timeout: 120_000 }, () => {
  it('applies the severity of .kubegate.yaml, and the CLI agrees', async () => {
    expect(pageGate(GATE)).toBeDefined();
    const repoFile = 'version: 1\nseverity:\n  feature-gate: error\n';
    const { ws, client } = await start({ '.kubegate.yaml': repoFile, 'apps/slice.yaml': SLICE });
    const diags = await client.open(ws.uri('apps/slice.yaml'), SLICE);
    const gate = diags.find((d) => d.code === 'feature-gate');
    expect(gate?.severity, JSON.stringify(diags)).toBe(DiagnosticSeverity.Error);
    expect(await cliFindings(ws.root, 'apps/slice.yaml')).toContainEqual({ code: 'feature-gate', severity: 'error' });
  });

  it('the kubegate.severity setting wins over .kubegate.yaml per code, its other codes stay (like --severity)', async () => {
    const repoFile = 'version: 1\nseverity:\n  feature-gate: error\n  unknown-field: warning\n';
    const text = `${SLICE}extra: 1\n`;
    const { ws, client } = await start({ '.kubegate.yaml': repoFile, 'slice.yaml': text }, { settings: () => ({ severity: { 'feature-gate': 'information' } }) });
    const diags = await client.open(ws.uri('slice.yaml'), text);
    const severities = diags.map((d) => [d.code, d.severity]).sort();
    expect(severities, JSON.stringify(diags)).toEqual([
      ['feature-gate', DiagnosticSeverity.Information],
      ['unknown-field', DiagnosticSeverity.Warning],
    ]);
    let stdout = '';
    const io = { ...processIO(), color: false, tty: false, cwd: () => ws.root, out: (t: string) => void (stdout += t), err: () => undefined };
    await runCli(['check', '--format', 'json', '--severity', 'feature-gate=information', ws.path('slice.yaml')], io);
    const cli = (JSON.parse(stdout) as { files: { findings: { code: string; severity: string }[] }[] }).files[0]!.findings;
    expect(cli.map((f) => [f.code, f.severity]).sort()).toEqual([
      ['feature-gate', 'information'],
      ['unknown-field', 'warning'],
    ]);
  });

  it('a .kubegate.yaml in a subfolder governs its files; the CLI run from the repository root agrees', async () => {
    const { ws, client } = await start({ 'apps/.kubegate.yaml': 'version: 1\nseverity:\n  feature-gate: error\n', 'apps/slice.yaml': SLICE, 'slice.yaml': SLICE });
    const inApps = await client.open(ws.uri('apps/slice.yaml'), SLICE);
    expect(inApps.find((d) => d.code === 'feature-gate')?.severity, JSON.stringify(inApps)).toBe(DiagnosticSeverity.Error);
    const beside = await client.open(ws.uri('slice.yaml'), SLICE);
    expect(beside.find((d) => d.code === 'feature-gate')?.severity, JSON.stringify(beside)).toBe(DiagnosticSeverity.Warning);
    expect(await cliFindings(ws.root, 'apps/slice.yaml')).toContainEqual({ code: 'feature-gate', severity: 'error' });
    expect(await cliFindings(ws.root, 'slice.yaml')).toContainEqual({ code: 'feature-gate', severity: 'warning' });
  });

  it('an edit of .kubegate.yaml in the editor re-checks the open documents; closing it goes back to the disk', async () => {
    const onDisk = 'version: 1\nseverity:\n  feature-gate: error\n';
    const { ws, client } = await start({ 'apps/.kubegate.yaml': onDisk, 'apps/slice.yaml': SLICE });
    const slice = ws.uri('apps/slice.yaml');
    const gateSeverity = (d: { code?: unknown; severity?: number }[]) => d.find((x) => x.code === 'feature-gate')?.severity;
    expect(gateSeverity(await client.open(slice, SLICE))).toBe(DiagnosticSeverity.Error);
    const settings = ws.uri('apps/.kubegate.yaml');
    await client.open(settings, onDisk);
    // `error` → `information` in the buffer (not saved): the slice's diagnostics follow.
    await client.change(settings, [{ range: { start: { line: 2, character: 16 }, end: { line: 2, character: 21 } }, newText: 'information' }]);
    expect(client.text(settings)).toBe('version: 1\nseverity:\n  feature-gate: information\n');
    const edited = await client.diagnosticsUntil(slice, (d) => gateSeverity(d) !== DiagnosticSeverity.Error);
    expect(gateSeverity(edited), JSON.stringify(edited)).toBe(DiagnosticSeverity.Information);
    client.close(settings);
    const closed = await client.diagnosticsUntil(slice, (d) => gateSeverity(d) !== DiagnosticSeverity.Information);
    expect(gateSeverity(closed), JSON.stringify(closed)).toBe(DiagnosticSeverity.Error);
  });

  it('featureGates of .kubegate.yaml turn the gate on; ignore globs leave files unchecked', async () => {
    const repoFile = `version: 1\nfeatureGates:\n  ${GATE}: true\nignore:\n  - "vendor/**"\n`;
    const broken = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n';
    const { ws, client } = await start({ '.kubegate.yaml': repoFile, 'apps/slice.yaml': SLICE, 'vendor/cm.yaml': broken });
    const diags = await client.open(ws.uri('apps/slice.yaml'), SLICE);
    expect(diags.filter((d) => d.code === 'feature-gate')).toEqual([]);
    expect((await cliFindings(ws.root, 'apps/slice.yaml')).filter((f) => f.code === 'feature-gate')).toEqual([]);
    expect(await client.open(ws.uri('vendor/cm.yaml'), broken)).toEqual([]);
    // Without the ignore glob the same text has an unknown-field error.
    expect((await client.open(ws.uri('apps/cm.yaml'), broken)).map((d) => d.code)).toContain('unknown-field');
  });

  it('reports problems of .kubegate.yaml in the status notes, naming file and line', async () => {
    const { ws, client } = create({ '.kubegate.yaml': 'severity:\n  feature-gate: loud\n', 'slice.yaml': SLICE });
    const noted = new Promise<StatusParams>((resolve) => {
      client.connection.onNotification(STATUS_NOTIFICATION, (p: StatusParams) => {
        if (p.notes.some((n) => n.includes('.kubegate.yaml'))) resolve(p);
      });
    });
    await client.initialize();
    await client.open(ws.uri('slice.yaml'), SLICE);
    const status = await noted;
    expect(status.notes.find((n) => n.includes('.kubegate.yaml'))).toMatch(/\.kubegate\.yaml:2: severity\.feature-gate must be one of/);
  });

  it('in an untrusted workspace the ignore globs of .kubegate.yaml are not used (gates and severities are)', async () => {
    const broken = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n';
    const repoFile = 'ignore: ["vendor/**"]\nseverity:\n  unknown-field: warning\n';
    const { ws, client } = create({ '.kubegate.yaml': repoFile, 'vendor/cm.yaml': broken }, { initializationOptions: { workspaceTrusted: false } });
    await client.initialize();
    const diags = await client.open(ws.uri('vendor/cm.yaml'), broken);
    expect(diags.find((d) => d.code === 'unknown-field')?.severity, JSON.stringify(diags)).toBe(DiagnosticSeverity.Warning);
  });

  it('a nested .kubegate.yaml open in the editor shows the settings-relaxed findings the CLI run from the root reports', async () => {
    const nested = 'severity:\n  feature-gate: off\nignore:\n  - "vendor/**"\n';
    const { ws, client } = await start({ '.kubegate.yaml': 'version: 1\nfailOn: warning\n', 'apps/.kubegate.yaml': nested, 'apps/slice.yaml': SLICE });
    const diags = await client.open(ws.uri('apps/.kubegate.yaml'), nested);
    const shown = diags.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)} ${d.message}`);
    expect(shown).toEqual([
      '2:3 settings-relaxed turns feature-gate off under this folder (warning in .kubegate.yaml)',
      '4:5 settings-relaxed ignore "vendor/**" skips files under this folder that .kubegate.yaml checks',
    ]);
    let stdout = '';
    const io = { ...processIO(), color: false, tty: false, cwd: () => ws.root, out: (t: string) => void (stdout += t), err: () => undefined };
    await runCli(['check', '--format', 'json', ws.root], io);
    const cli = (JSON.parse(stdout) as { files: { path: string; findings: { code: string; message: string; range: { start: { line: number; character: number } } }[] }[] }).files.find((f) => f.path === path.join('apps', '.kubegate.yaml'))!;
    expect(cli.findings.map((f) => `${f.range.start.line + 1}:${f.range.start.character + 1} ${f.code} ${f.message}`)).toEqual(shown);
    // The root's own settings file gets none.
    expect(await client.open(ws.uri('.kubegate.yaml'), 'version: 1\nfailOn: warning\n')).toEqual([]);
  });
});
