// kubegate.customResources settings and `.kubegate.yaml` customResources: parsed, validated, merged.
import { describe, expect, it } from 'vitest';
import { parseRepoConfig, withRepoConfig } from '../../server/src/contract/repo-config';
import { resolveSettings } from '../../server/src/contract/settings';
import { parseSelection } from '../../server/src/engine';

describe('custom-resource settings', () => {
  it('parses pack selections', () => {
    expect(parseSelection('gateway-api@1.5 experimental')).toEqual({ project: 'gateway-api', release: '1.5', channel: 'experimental' });
    expect(parseSelection('external-snapshotter@v8.4.0')).toEqual({ project: 'external-snapshotter', release: '8.4.0' });
    expect(parseSelection('experimental')).toEqual({ channel: 'experimental' });
    expect(parseSelection('gateway-api')).toEqual({ project: 'gateway-api' });
    expect(parseSelection('gateway-api@@')).toBeUndefined();
    expect(parseSelection('')).toBeUndefined();
  });

  it('kubegate.customResources: defaults, values, and a problem for a selection it cannot read', () => {
    expect(resolveSettings({}).settings.customResources).toEqual({ packs: [], crdFiles: [] });
    const r = resolveSettings({ customResources: { packs: ['gateway-api experimental', 'what?'], crdFiles: ['crds/**/*.yaml'] } });
    expect(r.settings.customResources).toEqual({ packs: ['gateway-api experimental'], crdFiles: ['crds/**/*.yaml'] });
    expect(r.problems).toEqual(['kubegate.customResources.packs: "what?" is not understood (write e.g. "gateway-api@1.5 experimental"); it is ignored.']);
  });

  it('.kubegate.yaml customResources, under the user settings', () => {
    const { config, problems } = parseRepoConfig('version: 1\ncustomResources:\n  packs: [experimental]\n  crdFiles: [crds/*.yaml]\n  other: 1\n', '/r/.kubegate.yaml');
    expect(config.customResources).toEqual({ packs: ['experimental'], crdFiles: ['crds/*.yaml'] });
    expect(problems).toEqual(['/r/.kubegate.yaml:5: customResources: unknown key "other"; known keys: packs, crdFiles']);
    const merged = withRepoConfig(resolveSettings({}).settings, config, false, '/');
    // The settings file's list stays relative to its own folder (the CLI reads it the same way); the user's own
    // lists (empty here) are kept as they are.
    expect(merged.customResources).toEqual({ packs: ['experimental'], crdFiles: [] });
    expect(merged.named).toEqual({ crdFiles: { base: '/r', entries: ['crds/*.yaml'], label: '.kubegate.yaml customResources.crdFiles' } });
    const user = withRepoConfig(resolveSettings({ customResources: { packs: ['standard'], crdFiles: ['*.crd.yaml'] } }).settings, config, false, '/');
    expect(user.customResources?.packs).toEqual(['standard']);
    expect(user.named).toEqual({ crdFiles: { base: '/', entries: ['*.crd.yaml'], nameAnywhere: true } });
  });
});

describe('.kubegate.yaml lists written as one string', () => {
  it('are read as that one pattern, checked as a list entry is (a bad glob is a problem)', () => {
    expect(parseRepoConfig('files: "k8s/**"\n', '/r/.kubegate.yaml')).toMatchObject({ config: { files: ['k8s/**'] }, problems: [] });
    const bad = parseRepoConfig('files: "k8s/[x"\n', '/r/.kubegate.yaml');
    expect(bad.config.files).toEqual([]);
    expect(bad.problems).toEqual([expect.stringMatching(/^\/r\/\.kubegate\.yaml:1: files: .*unclosed \[/)]);
  });
});
