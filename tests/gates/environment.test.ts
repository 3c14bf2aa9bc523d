// The gate-state model (engine/gates/environment.ts) answering for one gate and component: locked gates, AllAlpha and
// AllBeta, a false setting winning within a layer, stronger sources over weaker ones with the weaker evidence kept,
// conflict and version notes, and `--runtime-config` answers (exact entries over api/all, api/alpha, api/beta).
// Stages, defaults and locks come from the committed catalog (schemas/gates.json).
// Internal imports: `gates/environment` (fromRuntimeConfig: the --runtime-config precedence alone).
import { describe, expect, it } from 'vitest';
import {
  buildGateEnvironment,
  explicitSettings,
  gateCatalog,
  type ClusterSnapshot,
  readGateConfigsFromText,
  type RuntimeConfigEntry,
} from '../../server/src/engine';
import { fromRuntimeConfig } from '../../server/src/engine/gates/environment';

const catalog = gateCatalog();
const version = '1.37';
const ALPHA = 'EvictionRequestAPI'; // Alpha, off by default in 1.37
const BETA_OFF = 'CoordinatedLeaderElection'; // Beta, off by default in 1.37
const LOCKED_ON = 'RelaxedServiceNameValidation'; // GA, locked on in 1.37
const LOCKED_OFF = 'GitRepoVolumeDriver'; // locked off in 1.37

const explicit = (...gates: string[]) => buildGateEnvironment({ catalog, version, explicit: explicitSettings(gates, '--feature-gates') });
const kind = (gates: Record<string, boolean>, file = '/repo/cluster/kind.yaml') =>
  readGateConfigsFromText(`kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n${Object.entries(gates).map(([g, v]) => `  ${g}: ${v}\n`).join('')}`, file);
const kubelet = (gates: Record<string, boolean>, file = '/repo/node/kubelet.yaml') =>
  readGateConfigsFromText(`apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n${Object.entries(gates).map(([g, v]) => `  ${g}: ${v}\n`).join('')}`, file);
const messages = (r: { evidence: { message: string }[] }) => r.evidence.map((e) => e.message);

describe('gate state per component', () => {
  it('a locked gate has its locked state whatever a setting says', () => {
    for (const env of [explicit(), explicit(`${LOCKED_ON}=false`)]) {
      expect(env.stateOf(LOCKED_ON, 'kube-apiserver')).toEqual({
        state: 'on',
        evidence: [{ source: { type: 'default', version }, message: `${LOCKED_ON} is locked on in Kubernetes ${version}` }],
      });
    }
    expect(explicit(`${LOCKED_OFF}=true`).stateOf(LOCKED_OFF, 'kubelet')).toEqual({
      state: 'off',
      evidence: [{ source: { type: 'default', version }, message: `${LOCKED_OFF} is locked off in Kubernetes ${version}` }],
    });
  });

  it('no source: unknown', () => {
    expect(explicit().stateOf(ALPHA, 'kube-apiserver')).toEqual({ state: 'unknown', evidence: [] });
    expect(buildGateEnvironment({ catalog, version }).stateOf(ALPHA, '')).toEqual({ state: 'unknown', evidence: [] });
  });

  it('AllAlpha reaches Alpha gates, AllBeta Beta gates, neither the other stage; the gate itself wins over them', () => {
    expect(explicit('AllAlpha=true').stateOf(ALPHA, 'kube-apiserver')).toEqual({
      state: 'on',
      evidence: [{ source: { type: 'setting', name: '--feature-gates' }, message: `--feature-gates sets ${ALPHA} (through AllAlpha)=true for every component` }],
    });
    expect(explicit('AllBeta=true').stateOf(ALPHA, 'kube-apiserver').state).toBe('unknown');
    expect(explicit('AllBeta=true').stateOf(BETA_OFF, 'kube-apiserver').state).toBe('on');
    expect(explicit('AllAlpha=true').stateOf(BETA_OFF, 'kube-apiserver').state).toBe('unknown');
    expect(explicit('AllAlpha=true', 'AllAlpha=false').stateOf(ALPHA, 'kube-apiserver')).toEqual({
      state: 'off',
      evidence: [{ source: { type: 'setting', name: '--feature-gates' }, message: `--feature-gates sets ${ALPHA} (through AllAlpha)=false for every component` }],
    });
    expect(explicit('AllAlpha=false', `${ALPHA}=true`).stateOf(ALPHA, 'kube-apiserver').state).toBe('on');
    // A gate the catalog does not know has no stage: AllAlpha says nothing about it.
    expect(explicit('AllAlpha=true').stateOf('NotInTheCatalog', 'kube-apiserver').state).toBe('unknown');
  });

  it('within a layer a false setting wins and is the only evidence', () => {
    const env = buildGateEnvironment({ catalog, version, configs: [...kind({ [ALPHA]: true }), ...kind({ [ALPHA]: false }, '/repo/other/kind.yaml')] });
    expect(env.stateOf(ALPHA, 'kube-apiserver').state).toBe('off');
    expect(messages(env.stateOf(ALPHA, 'kube-apiserver'))).toEqual([`kind.yaml (kind Cluster featureGates) sets ${ALPHA}: false for every component`]);
  });

  it('a setting for one component leaves the others unknown; any component reads it', () => {
    const env = buildGateEnvironment({ catalog, version, configs: kubelet({ [ALPHA]: true }) });
    expect(env.stateOf(ALPHA, 'kubelet').state).toBe('on');
    expect(env.stateOf(ALPHA, 'kube-apiserver').state).toBe('unknown');
    expect(env.stateOf(ALPHA, '').state).toBe('on');
  });

  it('a stronger source wins; a weaker one that disagrees is kept as evidence, one that agrees is not repeated', () => {
    const configs = kind({ [ALPHA]: true });
    const off = buildGateEnvironment({ catalog, version, configs, explicit: explicitSettings([`${ALPHA}=false`], '--feature-gates') });
    expect(messages(off.stateOf(ALPHA, 'kube-apiserver'))).toEqual([
      `--feature-gates sets ${ALPHA}=false for every component`,
      `kind.yaml (kind Cluster featureGates) sets ${ALPHA}: true for every component (overridden by a stronger source)`,
    ]);
    const on = buildGateEnvironment({ catalog, version, configs, explicit: explicitSettings([`${ALPHA}=true`], '--feature-gates') });
    expect(on.stateOf(ALPHA, 'kube-apiserver')).toEqual({ state: 'on', evidence: [{ source: { type: 'setting', name: '--feature-gates' }, message: `--feature-gates sets ${ALPHA}=true for every component` }] });
    // The cluster sits between the explicit settings and the configs.
    const cluster: ClusterSnapshot = { reachable: true, context: 'c', server: 'https://127.0.0.1:6443', apiServerGates: [{ name: ALPHA, enabled: false, stage: 'ALPHA' }], notes: [], takenAt: 0 };
    const clustered = buildGateEnvironment({ catalog, version, configs, cluster });
    expect(clustered.stateOf(ALPHA, 'kube-apiserver').state).toBe('off');
    expect(messages(clustered.stateOf(ALPHA, 'kube-apiserver'))[1]).toContain('(overridden by a stronger source)');
    expect(clustered.stateOf(ALPHA, 'kubelet').state).toBe('on');
  });

  it('the same evidence sentence twice is shown once', () => {
    const env = explicit(`${ALPHA}=false`, `${ALPHA}=false`);
    expect(messages(env.stateOf(ALPHA, 'kube-apiserver'))).toEqual([`--feature-gates sets ${ALPHA}=false for every component`]);
  });
});

describe('notes', () => {
  it('conflicting settings of one layer: one of each side, how many more, and that false wins', () => {
    expect(explicit(`${ALPHA}=true`, `${ALPHA}=false`).notes).toEqual([
      `Conflicting explicit settings for ${ALPHA}: --feature-gates sets ${ALPHA}=true for every component; --feature-gates sets ${ALPHA}=false for every component. A false setting wins.`,
    ]);
    expect(explicit(`${ALPHA}=true`, `${ALPHA}=false`, `${ALPHA}=false`, `${ALPHA}=true`).notes[0]).toMatch(/ \(and 2 more\)\. A false setting wins\.$/);
    expect(explicit(`${ALPHA}=true`, `${ALPHA}=true`).notes).toEqual([]);
    const configs = [...kind({ [ALPHA]: true }), ...kubelet({ [ALPHA]: false })];
    expect(buildGateEnvironment({ catalog, version, configs }).notes).toEqual([
      `Conflicting configs for ${ALPHA}: kind.yaml (kind Cluster featureGates) sets ${ALPHA}: true for every component; kubelet.yaml (KubeletConfiguration featureGates) sets ${ALPHA}: false for kubelet. A false setting wins.`,
    ]);
  });

  it('settings for different components do not conflict; a shared component does', () => {
    const proxy = readGateConfigsFromText(`apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nfeatureGates:\n  ${ALPHA}: false\n`, '/repo/proxy.yaml');
    expect(buildGateEnvironment({ catalog, version, configs: [...kubelet({ [ALPHA]: true }), ...proxy] }).notes).toEqual([]);
    expect(buildGateEnvironment({ catalog, version, configs: [...kubelet({ [ALPHA]: true }), ...kubelet({ [ALPHA]: false }, '/repo/b/kubelet.yaml')] }).notes).toHaveLength(1);
  });

  it('a config naming another minor, named with its folder, once per fact', () => {
    const node = (image: string) => `  - role: worker\n    image: ${image}\n`;
    const text = `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n${node('kindest/node:v1.35.0')}${node('kindest/node:v1.35.0')}${node('kindest/node:v1.37.1')}`;
    const configs = readGateConfigsFromText(text, '/repo/team-2/kind.yaml');
    expect(buildGateEnvironment({ catalog, version, configs }).notes).toEqual(['team-2/kind.yaml names Kubernetes 1.35.0 (kind node image), but the check targets 1.37.']);
    const unnamed = readGateConfigsFromText(text);
    expect(buildGateEnvironment({ catalog, version, configs: unnamed }).notes).toEqual(['A config names Kubernetes 1.35.0 (kind node image), but the check targets 1.37.']);
  });
});

describe('runtime-config', () => {
  const entry = (key: string, value: boolean, more: Partial<RuntimeConfigEntry> = {}): RuntimeConfigEntry => ({ key, value, origin: 'setting', ...more });
  it('an entry naming the group/version beats api/all, api/alpha and api/beta', () => {
    expect(fromRuntimeConfig([entry('api/all', true), entry('resource.k8s.io/v1beta2', false)], 'resource.k8s.io/v1beta2')?.enabled).toBe(false);
    expect(fromRuntimeConfig([entry('api/all', false), entry('resource.k8s.io/v1beta2', true)], 'resource.k8s.io/v1beta2')?.enabled).toBe(true);
    expect(fromRuntimeConfig([entry('api/all', true), entry('api/beta', false)], 'resource.k8s.io/v1beta2')?.enabled).toBe(false);
    expect(fromRuntimeConfig([entry('api/beta', true)], 'resource.k8s.io/v1beta2')?.enabled).toBe(true);
    expect(fromRuntimeConfig([entry('api/beta', true)], 'resource.k8s.io/v1alpha3')).toBeUndefined();
    expect(fromRuntimeConfig([entry('api/alpha', true)], 'resource.k8s.io/v1alpha3')?.enabled).toBe(true);
    expect(fromRuntimeConfig([entry('api/alpha', true)], 'resource.k8s.io/v1beta2')).toBeUndefined();
    expect(fromRuntimeConfig([entry('api/alpha', true)], 'v1')).toBeUndefined();
    expect(fromRuntimeConfig([entry('resource.k8s.io/v1beta1', true)], 'resource.k8s.io/v1beta2')).toBeUndefined();
    expect(fromRuntimeConfig([], 'resource.k8s.io/v1beta2')).toBeUndefined();
  });

  it('its evidence names where each entry comes from', () => {
    const range = { start: { line: 3, character: 2 }, end: { line: 3, character: 30 } };
    const v = 'resource.k8s.io/v1beta2';
    expect(fromRuntimeConfig([entry(v, true)], v)?.evidence).toEqual([{ source: { type: 'setting', name: '--runtime-config' }, message: `--runtime-config sets ${v}=true` }]);
    expect(fromRuntimeConfig([entry(v, true, { file: 'settings.json' })], v)?.evidence).toEqual([{ source: { type: 'setting', name: 'settings.json' }, message: `settings.json sets ${v}=true` }]);
    expect(fromRuntimeConfig([entry(v, true, { origin: 'cluster' })], v)?.evidence[0]?.source).toEqual({ type: 'cluster', context: '', endpoint: '' });
    expect(fromRuntimeConfig([entry(v, false, { origin: 'kind', file: '/r/kind.yaml', range })], v)?.evidence).toEqual([
      { source: { type: 'file', file: '/r/kind.yaml', range, what: 'kind runtimeConfig' }, message: `/r/kind.yaml sets ${v}=false` },
    ]);
    expect(fromRuntimeConfig([entry(v, true, { origin: 'kubeadm', file: '/r/kubeadm.yaml', range })], v)?.evidence[0]?.source).toEqual({ type: 'file', file: '/r/kubeadm.yaml', range, what: 'kubeadm apiServer runtime-config' });
    expect(fromRuntimeConfig([entry(v, true, { origin: 'kind', file: '/r/kind.yaml' })], v)?.evidence[0]?.source).toEqual({ type: 'setting', name: '/r/kind.yaml' });
  });

  it('explicit entries first, then the cluster, then the repository configs', () => {
    const v = 'resource.k8s.io/v1beta2';
    const configs = readGateConfigsFromText(`kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nruntimeConfig:\n  "${v}": "true"\n`, '/repo/kind.yaml');
    expect(buildGateEnvironment({ catalog, version, configs }).apiEnabled(v)?.enabled).toBe(true);
    const cluster: ClusterSnapshot = { reachable: true, servedGroupVersions: [], notes: [], takenAt: 0 };
    expect(buildGateEnvironment({ catalog, version, configs, cluster }).apiEnabled(v)?.enabled).toBe(false);
    expect(buildGateEnvironment({ catalog, version, configs, cluster, explicitRuntimeConfig: [entry(v, true)] }).apiEnabled(v)?.evidence[0]?.message).toBe(`--runtime-config sets ${v}=true`);
    expect(buildGateEnvironment({ catalog, version }).apiEnabled(v)).toBeUndefined();
  });
});
