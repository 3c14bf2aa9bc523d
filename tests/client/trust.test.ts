// In an untrusted workspace the server must never be told to use a cluster, whatever the settings say.
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../server/src/contract/settings';
import { initOptions, isVirtualWorkspace, restrictSection } from '../../client/src/trust';

const wantsCluster = { kubernetesVersion: 'cluster', cluster: { enabled: true, context: 'prod', kubeconfig: '/somewhere/config' }, featureGates: { SomeGate: true } };

describe('workspace trust restrictions (client/src/trust.ts)', () => {
  it('leaves every answer unchanged in a trusted workspace', () => {
    expect(restrictSection('kubegate', wantsCluster, true)).toBe(wantsCluster);
    expect(restrictSection('kubegate.cluster.enabled', true, true)).toBe(true);
  });

  it('turns the cluster off in the kubegate section, nested or with dotted keys, without touching the rest', () => {
    for (const raw of [wantsCluster, { ...wantsCluster, cluster: undefined, 'cluster.enabled': true, 'cluster.context': 'prod', 'cluster.kubeconfig': 'k' }]) {
      const restricted = restrictSection('kubegate', raw, false);
      const { settings } = resolveSettings(restricted);
      expect(settings.cluster).toEqual({ enabled: false, context: '', kubeconfig: '' });
      expect(settings.featureGates).toEqual({ SomeGate: true });
      expect(settings.kubernetesVersion).toBe('cluster');
    }
    expect(wantsCluster.cluster.enabled).toBe(true); // the input is not mutated
  });

  it('answers single cluster settings and the whole configuration with the cluster off', () => {
    expect(restrictSection('kubegate.cluster.enabled', true, false)).toBe(false);
    expect(restrictSection('kubegate.cluster.context', 'prod', false)).toBe('');
    expect(restrictSection('kubegate.cluster.kubeconfig', '/somewhere/config', false)).toBe('');
    expect(restrictSection('kubegate.cluster', { enabled: true, context: 'prod' }, false)).toEqual({ enabled: false, context: '', kubeconfig: '' });
    const whole = restrictSection(undefined, { kubegate: wantsCluster, editor: { tabSize: 2 } }, false) as Record<string, unknown>;
    expect(resolveSettings(whole.kubegate).settings.cluster.enabled).toBe(false);
    expect(whole.editor).toEqual({ tabSize: 2 });
  });

  it('handles a missing section (no settings at all)', () => {
    expect(resolveSettings(restrictSection('kubegate', undefined, false)).settings.cluster.enabled).toBe(false);
    expect(restrictSection('kubegate.featureGates', { A: true }, false)).toEqual({ A: true });
  });

  it('tells the server about trust and virtual workspaces in initializationOptions', () => {
    expect(initOptions(false, false)).toEqual({ workspaceTrusted: false, virtualWorkspace: false, client: 'vscode', serverSnippets: true });
    expect(initOptions(true, true).virtualWorkspace).toBe(true);
    expect(initOptions(true, false, 'kubegate.setFeatureGate').settingCommand).toBe('kubegate.setFeatureGate');
  });

  it('recognises virtual workspaces by their folder schemes', () => {
    expect(isVirtualWorkspace(['file'])).toBe(false);
    expect(isVirtualWorkspace(['vscode-vfs'])).toBe(true);
    expect(isVirtualWorkspace(['vscode-vfs', 'file'])).toBe(false);
    expect(isVirtualWorkspace(['vscode-remote'])).toBe(false);
    expect(isVirtualWorkspace([])).toBe(false);
  });
});
