// The status bar text and the gate view HTML, from protocol values. Gate data comes from schemas/.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GateReportResult, StatusParams } from '../../server/src/contract/protocol';
import type { GateCatalog } from '../../server/src/engine';
import { escapeHtml, renderGateReport, stateText } from '../../client/src/gateReportHtml';
import { baseName, formatStatus } from '../../client/src/statusText';

const repo = resolve(__dirname, '..', '..');
const catalog = JSON.parse(readFileSync(join(repo, 'schemas', 'gates.json'), 'utf8')) as GateCatalog;
const withKep = Object.values(catalog.gates).find((g) => g.kep && g.byVersion['1.37']?.stage === 'Alpha')!;

const baseStatus: StatusParams = {
  kubernetesVersion: '1.37',
  versionSource: 'setting',
  gateSources: [],
  cluster: { state: 'disabled', notes: [] },
  notes: [],
};

describe('status bar text (client/src/statusText.ts)', () => {
  it('shows the version and the config file that sets gates', () => {
    const view = formatStatus(
      { ...baseStatus, gateSources: [{ kind: 'config', name: 'file:///ws/clusters/kind.yaml', gates: { [withKep.name]: true } }] },
      true,
    );
    expect(view.text).toBe('K8s 1.37 · gates: clusters/kind.yaml');
    expect(view.tooltip).toContain('config `kind.yaml` in folder `/ws/clusters`');
    expect(view.warning).toBe(false);
  });

  it('says "defaults" without sources, and shortens many sources', () => {
    expect(formatStatus(baseStatus, true).text).toBe('K8s 1.37 · gates: defaults');
    const many = formatStatus(
      {
        ...baseStatus,
        gateSources: [
          { kind: 'setting', name: 'kubegate.featureGates', gates: {} },
          { kind: 'config', name: 'file:///a/kind.yaml', gates: {} },
          { kind: 'config', name: 'file:///a/kubelet.yaml', gates: {} },
        ],
      },
      true,
    );
    expect(many.text).toBe('K8s 1.37 · gates: settings +2');
  });

  it('flags an unreachable cluster and an untrusted workspace', () => {
    const down = formatStatus({ ...baseStatus, cluster: { state: 'unreachable', context: 'dev', notes: ['connection refused'] } }, true);
    expect(down.text.startsWith('$(warning)')).toBe(true);
    expect(down.warning).toBe(true);
    expect(down.tooltip).toContain('connection refused');
    const untrusted = formatStatus(baseStatus, false);
    expect(untrusted.text.startsWith('$(shield)')).toBe(true);
    expect(untrusted.tooltip).toContain('not trusted');
  });

  it('takes the last path segment of URIs, decoded', () => {
    expect(baseName('file:///w/my%20kind.yaml')).toBe('my kind.yaml');
    expect(baseName('kind.yaml')).toBe('kind.yaml');
  });
});

describe('gate view HTML (client/src/gateReportHtml.ts)', () => {
  const range = { start: { line: 12, character: 2 }, end: { line: 12, character: 20 } };
  const report: GateReportResult = {
    kubernetesVersion: '1.37',
    gates: [
      {
        gate: withKep.name,
        stage: withKep.byVersion['1.37'].stage,
        default: withKep.byVersion['1.37'].default,
        kep: withKep.kep,
        components: withKep.components,
        usedAt: [{ uri: 'file:///ws/slice.yaml', range, path: 'spec.example' }],
        setAt: [],
        state: 'off',
      },
    ],
  };

  it('lists the gate with stage, default, state, a KEP link and where it is used', () => {
    const html = renderGateReport(report, { nonce: 'abc123', cspSource: 'vscode-resource:' });
    expect(html).toContain(`data-gate="${withKep.name}"`);
    expect(html).toContain(`href="${withKep.kep!.url}"`);
    expect(html).toContain(`KEP-${withKep.kep!.number}`);
    expect(html).toContain('slice.yaml:13');
    expect(html).toContain('nowhere');
    expect(html).toContain("script-src 'nonce-abc123'");
    expect(html).toContain('<script nonce="abc123">');
  });

  it('escapes server text and links only http(s) URLs', () => {
    const evil: GateReportResult = {
      kubernetesVersion: '1.37',
      gates: [
        {
          ...report.gates[0],
          gate: '<img src=x onerror=alert(1)>',
          kep: { number: 1, title: '"quoted"', url: 'javascript:alert(1)' },
          setAt: [{ source: 'kind <b>', value: true }],
        },
      ],
    };
    const html = renderGateReport(evil, { nonce: 'n', cspSource: 'x' });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('kind &lt;b&gt;');
    expect(escapeHtml(`a&b"'`)).toBe('a&amp;b&quot;&#39;');
  });

  it('shows a locked gate as "on (locked)", explains "mixed" per component, and stacks columns in a narrow panel', () => {
    const ga = Object.values(catalog.gates).find((g) => g.byVersion['1.37']?.locked === true && g.byVersion['1.37']?.default === true)!;
    const locked: GateReportResult = {
      kubernetesVersion: '1.37',
      gates: [{ ...report.gates[0]!, gate: ga.name, stage: ga.byVersion['1.37'].stage, default: true, state: 'on', locked: true, componentStates: [] }],
    };
    const lockedHtml = renderGateReport(locked, { nonce: 'n', cspSource: 'x' });
    expect(lockedHtml).toContain('on (locked)');
    expect(lockedHtml).not.toContain('>unknown<');
    expect(stateText({ state: 'unknown', default: false })).toBe('off (default)');
    const mixed: GateReportResult = {
      kubernetesVersion: '1.37',
      gates: [
        {
          ...report.gates[0]!,
          state: 'mixed',
          componentStates: [
            { component: 'kubelet', state: 'on', sources: ['kubelet.yaml sets it'] },
            { component: 'kube-apiserver', state: 'off', sources: [] },
          ],
        },
      ],
    };
    const html = renderGateReport(mixed, { nonce: 'n', cspSource: 'x' });
    expect(html).toContain('kubelet: <b>on</b>');
    expect(html).toContain('kubelet.yaml sets it');
    expect(html).toContain('kube-apiserver: <b>off</b>');
    expect(html).toMatch(/Uses disagree/);
    expect(html).toMatch(/@media \(max-width: \d+px\)[^}]*\{[^}]*display: block/);
    expect(html).toContain('data-label="Used at"');
  });

  it('says so when no gate is needed', () => {
    expect(renderGateReport({ kubernetesVersion: '1.36', gates: [] }, { nonce: 'n', cspSource: 'x' })).toContain('No manifest');
  });
});
