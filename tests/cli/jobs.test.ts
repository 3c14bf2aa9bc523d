// `kubegate check --jobs N` checks files in worker threads: the reports (every format) and what is said on stderr
// are the same bytes whatever N, and --stats says how many threads ran.
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, spawnCli, tempDirs } from './cli-process';
import { widgetCrd } from '../support/crd-text';
import { hasShared, sharedPath, sharedTitle } from '../support/shared';

const temp = tempDirs();
const EXAMPLES = path.join(ROOT, 'examples');
const SNAPSHOT_CRDS = sharedPath('upstream', 'crds', 'external-snapshotter', 'v8.6.0', 'client', 'config', 'crd');

/** Folders of real manifests (with mistakes), a kind config governing one folder, CRDs and custom resources
 *  beside them (one with an error), and enough files for several batches per thread. */
function repository(): string {
  const root = temp();
  mkdirSync(path.join(root, '.git'));
  for (let f = 0; f < 6; f++) {
    const dir = path.join(root, `team-${f}`);
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 12; i++) {
      for (const name of ['deployment.yaml', 'deployment-with-mistakes.yaml', 'dra-resourceslice-skip-node-operations.yaml']) {
        copyFileSync(path.join(EXAMPLES, name), path.join(dir, `${i}-${name}`));
      }
    }
  }
  copyFileSync(path.join(EXAMPLES, 'kind', 'kind-cluster-with-dra-gate.yaml'), path.join(root, 'team-2', 'kind.yaml'));
  const crds = path.join(root, 'snapshots');
  mkdirSync(crds);
  for (const name of readdirSync(SNAPSHOT_CRDS).filter((n) => /^snapshot.*\.yaml$/.test(n))) copyFileSync(path.join(SNAPSHOT_CRDS, name), path.join(crds, name));
  writeFileSync(
    path.join(crds, 'snapshot.yaml'),
    'apiVersion: snapshot.storage.k8s.io/v1\nkind: VolumeSnapshot\nmetadata:\n  name: nightly\nspec:\n  source:\n    persistentVolumeClaimName: data\n  volumeSnapshotClassName: 7\n',
  );
  return root;
}

describe('kubegate check --jobs', () => {
  it.skipIf(!hasShared)(sharedTitle('gives the same reports and stderr in the main thread, in 4 workers and by default (snapshot CRDs of ../shared)'), async () => {
    const root = repository();
    // The reports go outside the checked folder (a .json report inside it would be walked by the next run).
    const reports = temp();
    const args = ['check', '.', '--no-cache', '--format', 'text', '--format', `json=${path.join(reports, 'out.json')}`, '--format', `sarif=${path.join(reports, 'out.sarif')}`, '--format', `junit=${path.join(reports, 'out.xml')}`];
    const one = await spawnCli([...args, '--jobs', '1', '--stats'], { cwd: root });
    const reports1 = ['out.json', 'out.sarif', 'out.xml'].map((f) => readFileSync(path.join(reports, f), 'utf8'));
    const four = await spawnCli([...args, '--jobs', '4', '--stats'], { cwd: root });
    const reports4 = ['out.json', 'out.sarif', 'out.xml'].map((f) => readFileSync(path.join(reports, f), 'utf8'));
    const byDefault = await spawnCli([...args, '--stats'], { cwd: root });
    const reportsDefault = ['out.json', 'out.sarif', 'out.xml'].map((f) => readFileSync(path.join(reports, f), 'utf8'));

    expect(one.code).toBe(1);
    expect(four.code).toBe(one.code);
    expect(four.stdout).toBe(one.stdout);
    expect(reports4).toEqual(reports1);
    expect(byDefault.stdout).toBe(one.stdout);
    expect(reportsDefault).toEqual(reports1);
    const withoutStats = (s: string) => s.split('\n').filter((l) => !l.startsWith('stats: ')).join('\n');
    expect(withoutStats(four.stderr)).toBe(withoutStats(one.stderr));
    expect(withoutStats(byDefault.stderr)).toBe(withoutStats(one.stderr));
    // The run really found things in every kind of file: errors, a gate governed by the kind config, the CR.
    const json = JSON.parse(reports1[0]!) as { files: { path: string; findings: { code: string }[] }[] };
    expect(json.files.length).toBe(6 * 36 + 1 + 4);
    expect(json.files.find((f) => f.path === path.join('snapshots', 'snapshot.yaml'))?.findings.length).toBeGreaterThan(0);
    expect(one.stderr).toMatch(/^stats: 221 files in the main thread;/m);
    expect(four.stderr).toMatch(/^stats: 221 files in 4 worker threads;/m);
    // By default: workers on a machine with more than two cores, the main thread otherwise (jobs-options.ts).
    expect(byDefault.stderr).toMatch(/^stats: 221 files in (the main thread|\d+ worker threads);/m);
  });

  it('stops the threads it started for --jobs before the walk when the run needs fewer or none', async () => {
    // One file: one of the two threads checks it, the other is stopped; the report is the main thread's.
    const alone = await spawnCli(['check', 'examples/deployment-with-mistakes.yaml', '--no-cache', '--jobs', '2', '--stats']);
    const inMain = await spawnCli(['check', 'examples/deployment-with-mistakes.yaml', '--no-cache', '--jobs', '1']);
    expect(alone.code).toBe(1);
    expect(alone.stdout).toBe(inMain.stdout);
    expect(alone.stderr).toMatch(/^stats: 1 file in 1 worker thread;/m);
    // A usage error found while walking (an invalid settings file below the working directory): the run ends
    // with it, the threads started for it do not keep the process alive.
    const root = temp();
    mkdirSync(path.join(root, '.git'));
    mkdirSync(path.join(root, 'team'));
    copyFileSync(path.join(EXAMPLES, 'deployment.yaml'), path.join(root, 'team', 'deployment.yaml'));
    writeFileSync(path.join(root, 'team', '.kubegate.yaml'), 'version: "not a version"\n');
    const refused = await spawnCli(['check', '.', '--no-cache', '--jobs', '2'], { cwd: root });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/invalid \.kubegate\.yaml/);
  });

  it('reads deeply nested documents and CEL rules the same way in the main thread and in a worker (whose stack is larger)', async () => {
    const root = temp();
    mkdirSync(path.join(root, '.git'));
    const nested = (levels: number) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: ${'['.repeat(levels)}${']'.repeat(levels)}\n`;
    // Past the engine's limit (parse/nesting.ts): before it, 1,500 levels overflowed the main thread's stack (a
    // syntax error) but not a worker's (an invalid value).
    for (const levels of [100, 1500, 20000]) writeFileSync(path.join(root, `nested-${levels}.yaml`), nested(levels));
    // A CEL rule of 1,000 nested parentheses: it overflowed the JavaScript parser's stack in the main thread (a
    // stack overflow message) but not in a worker (the rule evaluated); now refused as kube-apiserver refuses it.
    const rule = `${'('.repeat(1000)}self.a == 1${')'.repeat(1000)}`;
    writeFileSync(path.join(root, 'rule-crd.yaml'), `${widgetCrd('nest.test', { a: '{type: integer}' })}            x-kubernetes-validations:\n            - rule: "${rule}"\n`);
    const args = ['check', '.', '--no-cache', '--format', 'json'];
    const one = await spawnCli([...args, '--jobs', '1'], { cwd: root });
    const two = await spawnCli([...args, '--jobs', '2'], { cwd: root });
    expect(two.stdout).toBe(one.stdout);
    const json = JSON.parse(one.stdout) as { files: { path: string; findings: { code: string; message: string }[] }[] };
    expect(json.files.map((f) => [f.path, f.findings.map((x) => x.code)])).toEqual([
      ['nested-100.yaml', ['invalid-value']],
      ['nested-1500.yaml', ['file-too-large']],
      ['nested-20000.yaml', ['file-too-large']],
      ['rule-crd.yaml', ['invalid-value']],
    ]);
    expect(json.files[3]!.findings[0]!.message).toBe('Applying fails: the CEL rule does not compile: expression recursion limit exceeded: 250');
  });

  it('refuses a --jobs that is not a whole number from 1 to 256', async () => {
    const r = await spawnCli(['check', 'examples/deployment.yaml', '--jobs', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--jobs must be a whole number from 1 to 256, not "0"');
  });
});
