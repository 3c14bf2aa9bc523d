// The settings contract: resolveSettings turns whatever a client sends into complete, valid settings.
import { describe, expect, it } from 'vitest';
import { defaultSettings, FINDING_CODES, resolveSettings, SETTINGS } from '../../server/src/contract/settings';
import { ALL_CODES, DEFAULT_VERSION, SUPPORTED_VERSIONS } from '../../server/src/engine';

describe('settings contract', () => {
  it('gives the defaults for nothing, null or garbage', () => {
    for (const raw of [undefined, null, {}]) {
      const r = resolveSettings(raw);
      expect(r.settings).toEqual(defaultSettings());
      expect(r.problems).toEqual([]);
    }
    const bad = resolveSettings('nope');
    expect(bad.settings).toEqual(defaultSettings());
    expect(bad.problems.length).toBe(1);
    expect(defaultSettings().kubernetesVersion).toBe(DEFAULT_VERSION);
  });

  it('reads nested and dotted keys alike', () => {
    const nested = resolveSettings({ cluster: { enabled: true, context: 'kind-a' }, trace: { server: 'verbose' } });
    const dotted = resolveSettings({ 'cluster.enabled': true, 'cluster.context': 'kind-a', 'trace.server': 'verbose' });
    expect(nested.settings).toEqual(dotted.settings);
    expect(nested.settings.cluster).toEqual({ enabled: true, context: 'kind-a', kubeconfig: '' });
    expect(nested.settings.trace.server).toBe('verbose');
  });

  it('accepts every supported version (also v-prefixed and with a patch) and "cluster"', () => {
    for (const v of SUPPORTED_VERSIONS) {
      expect(resolveSettings({ kubernetesVersion: v }).settings.kubernetesVersion).toBe(v);
      expect(resolveSettings({ kubernetesVersion: `v${v}.3` }).settings.kubernetesVersion).toBe(v);
    }
    const c = resolveSettings({ kubernetesVersion: 'cluster', cluster: { enabled: true } });
    expect(c.settings.kubernetesVersion).toBe('cluster');
    expect(c.problems).toEqual([]);
    const off = resolveSettings({ kubernetesVersion: 'cluster' });
    expect(off.problems.join(' ')).toMatch(/cluster\.enabled/);
    const old = resolveSettings({ kubernetesVersion: '1.20' });
    expect(old.settings.kubernetesVersion).toBe(DEFAULT_VERSION);
    expect(old.problems[0]).toMatch(/1\.20/);
  });

  it('keeps valid gates and severities, reports the rest', () => {
    const r = resolveSettings({
      featureGates: { A: true, B: 'false', C: 3 },
      severity: { 'feature-gate': 'error', 'yaml11-scalar': 'off', 'no-such-code': 'error', 'unknown-field': 'loud' },
      files: ['**/*.yaml', 7],
      configFiles: 'clusters/*.yaml',
    });
    expect(r.settings.featureGates).toEqual({ A: true, B: false });
    expect(r.settings.severity).toEqual({ 'feature-gate': 'error', 'yaml11-scalar': 'off' });
    expect(r.settings.files).toEqual(['**/*.yaml']);
    expect(r.settings.configFiles).toEqual(['clusters/*.yaml']);
    expect(r.problems.length).toBe(5);
    // A string where a list is expected is the wrong type, said (it is still read as its one pattern).
    expect(r.problems).toContain('kubegate.configFiles must be a list of glob patterns, not a string; read as ["clusters/*.yaml"].');
    const files = resolveSettings({ files: 'x' });
    expect(files.problems).toEqual(['kubegate.files must be a list of glob patterns, not a string; read as ["x"].']);
  });

  it('knows exactly the engine finding codes and lists every setting of the contract', () => {
    expect([...FINDING_CODES].sort()).toEqual([...ALL_CODES].sort());
    const names = SETTINGS.map((s) => s.name);
    for (const name of [
      'kubegate.enable',
      'kubegate.validate.enable',
      'kubegate.hover.enable',
      'kubegate.completion.enable',
      'kubegate.inlayHints.enable',
      'kubegate.kubernetesVersion',
      'kubegate.featureGates',
      'kubegate.severity',
      'kubegate.configFiles',
      'kubegate.cluster.enabled',
      'kubegate.cluster.context',
      'kubegate.cluster.kubeconfig',
      'kubegate.files',
      'kubegate.trace.server',
    ]) {
      expect(names).toContain(name);
    }
    expect(new Set(names).size).toBe(names.length);
    for (const s of SETTINGS) expect(s.description.length).toBeGreaterThan(20);
  });
});
