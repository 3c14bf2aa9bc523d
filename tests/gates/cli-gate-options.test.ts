// `kubegate check --feature-gates/--config` and `kubegate explain`, run in-process with an in-memory IO.
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/src/cli/main';
import { memoryIO } from '../support/cli-io';
import { gate as committedGate, gatedField, type GatedField } from '../support/committed';

describe('CLI gate options', () => {
  let row: GatedField;
  let gate: string;
  let slice: string;
  beforeAll(() => {
    row = gatedField('1.37', 'ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1');
    gate = row.gate;
    slice = `apiVersion: ${row.apiVersion}\nkind: ResourceSlice\nmetadata:\n  name: s\nspec:\n  driver: d\n  pool: {name: p, generation: 1, resourceSliceCount: 1}\n  allNodes: true\n  skipNodeOperations: ["*"]\n`;
  });
  const kind = (v: string) => `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  ${gate}: ${v}\n`;

  async function check(args: string[], files: Record<string, string>) {
    const io = memoryIO(files);
    const code = await runCli(['check', '--format', 'json', ...args], io);
    const out = JSON.parse(io.stdout) as { files: { path: string; findings: { code: string; severity: string; data?: Record<string, unknown> }[] }[] };
    return { code, out, io };
  }

  it('without options the gated field warns; --feature-gates G=true silences it', async () => {
    const plain = await check(['/w/slice.yaml'], { '/w/slice.yaml': slice });
    expect(plain.out.files[0]!.findings.filter((f) => f.code === 'feature-gate').map((f) => f.severity)).toEqual(['warning']);
    const on = await check(['--feature-gates', `${gate}=true`, '/w/slice.yaml'], { '/w/slice.yaml': slice });
    expect(on.out.files[0]!.findings.filter((f) => f.code === 'feature-gate')).toEqual([]);
  });

  it('--config kind.yaml enabling the gate silences it; a repeated --feature-gates G=false wins', async () => {
    const files = { '/w/slice.yaml': slice, '/w/kind.yaml': kind('true') };
    const viaConfig = await check(['--config', '/w/kind.yaml', '/w/slice.yaml'], files);
    expect(viaConfig.out.files[0]!.findings.filter((f) => f.code === 'feature-gate')).toEqual([]);
    const off = await check(['--config', '/w/kind.yaml', '--feature-gates', 'AllBeta=false', '--feature-gates', `${gate}=false`, '/w/slice.yaml'], files);
    expect(off.out.files[0]!.findings.filter((f) => f.code === 'feature-gate').map((f) => f.severity)).toEqual(['warning']);
  });

  it('a config document among the checked files applies to the other files', async () => {
    const files = { '/w/slice.yaml': slice, '/w/kind.yaml': kind('true') };
    const r = await check(['/w/slice.yaml', '/w/kind.yaml'], files);
    expect(r.out.files.flatMap((f) => f.findings).filter((f) => f.code === 'feature-gate')).toEqual([]);
  });

  it('bad --feature-gates values and unreadable --config files are usage errors', async () => {
    const io = memoryIO({ '/w/slice.yaml': slice });
    expect(await runCli(['check', '--feature-gates', `${gate}=maybe`, '/w/slice.yaml'], io)).toBe(2);
    expect(await runCli(['check', '--config', '/w/missing.yaml', '/w/slice.yaml'], memoryIO({ '/w/slice.yaml': slice }))).toBe(2);
  });

  it('--format text shows the evidence lines', async () => {
    const kubeadm = `apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n  - name: feature-gates\n    value: ${gate}=true\n`;
    const io = memoryIO({ '/w/slice.yaml': slice, '/w/kubeadm.yaml': kubeadm });
    await runCli(['check', '--config', '/w/kubeadm.yaml', '/w/slice.yaml'], io);
    expect(io.stdout).toContain('kubeadm.yaml (kubeadm extraArgs feature-gates)');
    expect(io.stdout).toContain('kube-scheduler');
  });

  it('kubegate explain GATE and explain APIVERSION KIND path print the hover view', async () => {
    const io = memoryIO({});
    expect(await runCli(['explain', gate], io)).toBe(0);
    const kep = committedGate(gate).kep;
    expect(io.stdout).toContain(`https://kep.k8s.io/${kep}`);
    const io2 = memoryIO({});
    expect(await runCli(['explain', row.apiVersion, 'ResourceSlice', row.path], io2)).toBe(0);
    expect(io2.stdout).toContain(gate);
    expect(await runCli(['explain', row.apiVersion, 'ResourceSlice', 'spec.noSuchField'], memoryIO({}))).toBe(1);
  });
});

describe('--cluster (injected reader)', () => {
  it('prints the reader notes and uses the API server gates it reports', async () => {
    const { parseArgs } = await import('../../server/src/cli/args');
    const { GATE_OPTIONS, gateEnvironmentFromArgs } = await import('../../server/src/cli/gate-options');
    const row = gatedField('1.37', 'ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1');
    const io = memoryIO({});
    const args = parseArgs(['--cluster', '--context', 'ctx-a'], GATE_OPTIONS);
    const asked: unknown[] = [];
    const env = await gateEnvironmentFromArgs(args, '1.37', [], io, {
      readCluster: async (o) => {
        asked.push(o);
        return {
          reachable: true,
          context: 'ctx-a',
          server: 'https://127.0.0.1:1',
          gitVersion: 'v1.36.3',
          targetVersion: '1.36',
          apiServerGates: [{ name: row.gate, enabled: true, stage: 'ALPHA' }],
          notes: ['kubelet metrics not readable: 403'],
          takenAt: 0,
        };
      },
    });
    expect(asked).toEqual([{ context: 'ctx-a' }]);
    expect(io.stderr).toContain('note: kubelet metrics not readable: 403');
    expect(io.stderr).toContain('--kubernetes-version 1.36');
    expect(env!.stateOf(row.gate, 'kube-apiserver').state).toBe('on');
    expect(env!.stateOf(row.gate, 'kubelet').state).toBe('unknown');
  });
});
