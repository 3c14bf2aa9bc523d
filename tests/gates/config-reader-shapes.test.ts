// The config readers (engine/gates/config-readers.ts) on the less common shapes of a document: values that are not
// booleans (raw text kept, no value), a setting without a value, keys that are not text, the ranges of a setting's
// name and value (plain, quoted, block scalar), kind node images with and without a version tag, static Pods whose
// command names the binary, and the document index and range of each config. Gate names are made up (the readers
// know no gate).
import { describe, expect, it } from 'vitest';
import { readGateConfigsFromText, type Range } from '../../server/src/engine';
import { rangeIn } from '../support/word-range';

const KUBELET = 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n';

describe('gate maps', () => {
  it('each entry: its value read as a Go boolean, its raw text, the ranges of its name and value', () => {
    const text = `${KUBELET}featureGates:\n  GateA: "0"\n  GateB: maybe\n  GateC:\n  GateD: [x]\n  1: true\n`;
    const [info] = readGateConfigsFromText(text, '/r/kubelet.yaml');
    expect(info!.settings.map((s) => [s.gate, s.value, s.raw])).toEqual([
      ['GateA', false, '0'],
      ['GateB', undefined, 'maybe'],
      ['GateC', undefined, ''],
      ['GateD', undefined, ''],
      ['1', true, 'true'],
    ]);
    const [a, b] = info!.settings;
    expect(a).toMatchObject({ range: rangeIn(text, 'GateA'), valueRange: rangeIn(text, '"0"'), document: 0, file: '/r/kubelet.yaml', origin: 'kubelet' });
    expect(b!.valueRange).toEqual(rangeIn(text, 'maybe'));
    expect(info!.range.start).toEqual({ line: 0, character: 0 });
  });

  it('a featureGates that is not a map sets nothing; the config is still read', () => {
    const [info] = readGateConfigsFromText(`${KUBELET}featureGates: [GateA]\n`);
    expect(info).toMatchObject({ configKind: 'kubelet', settings: [], covers: [], runtimeConfig: [], namedVersions: [] });
  });
});

describe('--feature-gates strings', () => {
  const HEAD = 'apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n  - name: feature-gates\n';
  it('plain and single-quoted values: each name and value at its place', () => {
    for (const value of ['GateA=true, GateB=false', "'GateA=true, GateB=false'"]) {
      const text = `${HEAD}    value: ${value}\n`;
      const [info] = readGateConfigsFromText(text);
      expect(info!.settings.map((s) => [s.gate, s.range, s.valueRange])).toEqual([
        ['GateA', rangeIn(text, 'GateA'), rangeIn(text, 'true')],
        ['GateB', rangeIn(text, 'GateB'), rangeIn(text, 'false')],
      ]);
    }
  });

  it('a block scalar: every setting at the whole value', () => {
    const text = `${HEAD}    value: |-\n      GateA=true\n`;
    const [s] = readGateConfigsFromText(text)[0]!.settings;
    expect(s!.gate).toBe('GateA');
    expect(s!.range.start).toEqual(rangeIn(text, '|-').start);
    expect(s!.valueRange).toBeUndefined();
  });

  it('items of other names, and values that are not text, are passed over', () => {
    const text = `${HEAD}    value: [GateA=true]\n  - name: v\n    value: GateB=true\n  - value: GateC=true\n`;
    expect(readGateConfigsFromText(text)[0]!.settings).toEqual([]);
    const map = 'apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n    feature-gates: [GateA=true]\n    other: GateB=true\n';
    expect(readGateConfigsFromText(map)[0]!.settings).toEqual([]);
  });
});

describe('kind clusters', () => {
  const KIND = 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\n';
  it('node images name versions by their tag (a digest after it allowed); untagged images and latest name none', () => {
    const text = `${KIND}nodes:\n- role: control-plane\n  image: kindest/node:v1.35.1@sha256:0123abcd\n- role: worker\n  image: kindest/node:1.36\n- role: worker\n  image: kindest/node\n- role: worker\n  image: kindest/node:latest\n- role: worker\n`;
    const [info] = readGateConfigsFromText(text, '/r/kind.yaml');
    expect(info!.namedVersions).toEqual([
      { version: '1.35.1', range: rangeIn(text, 'kindest/node:v1.35.1@sha256:0123abcd'), what: 'kind node image', node: 0 },
      { version: '1.36', range: rangeIn(text, 'kindest/node:1.36'), what: 'kind node image', node: 1 },
    ]);
  });

  it('runtimeConfig: each key at its place, a false value kept', () => {
    const text = `${KIND}runtimeConfig:\n  "api/alpha": "false"\n  api/beta: true\n`;
    expect(readGateConfigsFromText(text, '/r/kind.yaml')[0]!.runtimeConfig).toEqual([
      { key: 'api/alpha', value: false, origin: 'kind', file: '/r/kind.yaml', range: rangeIn(text, '"api/alpha"') },
      { key: 'api/beta', value: true, origin: 'kind', file: '/r/kind.yaml', range: rangeIn(text, 'api/beta') },
    ]);
  });

  it('a kubeadm kubernetesVersion names its version; one that is not a version names none', () => {
    const kv = (v: string) => readGateConfigsFromText(`apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\nkubernetesVersion: ${v}\n`)[0]!.namedVersions.map((n) => n.version);
    expect(kv('v1.36.2')).toEqual(['1.36.2']);
    expect(kv('"1.35"')).toEqual(['1.35']);
    expect(kv('stable-1')).toEqual([]);
  });
});

describe('static Pods', () => {
  const pod = (container: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n${container}`;
  it('the binary from the first command word; the flag with its value in the next argument or after =', () => {
    const text = pod('  - name: a\n    image: example/any:1\n    command: ["/usr/local/bin/kube-apiserver", "--feature-gates=GateA=true"]\n    args: ["--feature-gates"]\n');
    const [info] = readGateConfigsFromText(text, '/r/pod.yaml');
    expect(info!.configKind).toBe('static-pod');
    expect(info!.settings.map((s) => [s.gate, s.value, s.components, s.origin, s.range])).toEqual([['GateA', true, ['kube-apiserver'], 'static-pod', rangeIn(text, 'GateA')]]);
  });

  it('a Pod without control-plane containers, or without containers, is no config', () => {
    expect(readGateConfigsFromText(pod('  - name: a\n    image: nginx\n    args: ["--feature-gates=GateA=true"]\n'))).toEqual([]);
    expect(readGateConfigsFromText('apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec: {}\n# --feature-gates\n')).toEqual([]);
    expect(readGateConfigsFromText('apiVersion: apps/v1\nkind: Pod\nspec:\n  containers:\n  - image: registry.k8s.io/kube-apiserver:v1.37.0\n    args: ["--feature-gates=GateA=true"]\n')).toEqual([]);
  });
});

describe('documents', () => {
  it('each config with its document index; other documents and a text without a config group are skipped', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n---\n${KUBELET}featureGates: {GateA: true}\n`;
    expect(readGateConfigsFromText(text).map((c) => [c.configKind, c.document])).toEqual([['kubelet', 1]]);
    expect(readGateConfigsFromText('apiVersion: v1\nkind: ConfigMap\n')).toEqual([]);
    expect(readGateConfigsFromText(`# ${KUBELET}`)).toEqual([]);
    expect(readGateConfigsFromText('kubelet.config.k8s.io\n---\n- a list\n')).toEqual([]);
  });
});
