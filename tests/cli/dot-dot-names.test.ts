// Names as names. A path component that merely starts with two dots (`..k8s/`, `..pod.yaml`) is an ordinary name inside the
// repository: walked, checked, scoped, never taken for a way out of it (`..` itself and `../x` are). What
// kubectl -R reads is walked (.json too) or named as skipped with why (node_modules, a .json that is no object).
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { leavesBase } from '../../server/src/engine';
import { isWithin } from '../../server/src/contract/paths';
import { spawnCli, tempRepo, tempDirs } from './cli-process';

const tempDir = tempDirs();
const CONFIGMAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n';

describe('names that start with two dots', () => {
  it('leavesBase / isWithin: only `..` as a whole segment leaves', () => {
    expect(['..', '../x', `..${path.sep}x`, '/abs'].map(leavesBase)).toEqual([true, true, true, true]);
    expect(['', '..k8s', '..k8s/x.yaml', '..pod.yaml', 'a/../b', '...'].map(leavesBase)).toEqual([false, false, false, false, false, false]);
    expect(isWithin('/repo', '/repo/..k8s/pod.yaml')).toBe(true);
    expect(isWithin('/repo', '/repo/../other')).toBe(false);
  });

  it('the CLI walks ..k8s/ and checks ..pod.yaml, with the .kubegate.yaml files globs', async () => {
    const root = tempRepo(tempDir, { '..k8s/cm.yaml': CONFIGMAP, '..pod.yaml': CONFIGMAP, '.kubegate.yaml': 'files: ["..k8s/**", "..pod.yaml"]\n' });
    const r = await spawnCli(['check', '--format', 'json', '.'], { cwd: root });
    const out = JSON.parse(r.stdout) as { files: { path: string; findings: { code: string }[] }[]; skipped: unknown[] };
    expect(out.files.map((f) => [f.path, f.findings.map((x) => x.code)])).toEqual([
      ['..k8s/cm.yaml', ['unknown-field']],
      ['..pod.yaml', ['unknown-field']],
    ]);
    expect(out.skipped).toEqual([]);
    expect(r.code).toBe(1);
  });

  it('a node_modules folder, which kubectl -R would read, is not walked but named as skipped with why', async () => {
    const root = tempRepo(tempDir, { 'cm.yaml': CONFIGMAP, 'node_modules/dep/manifest.yaml': CONFIGMAP });
    const r = await spawnCli(['check', '--format', 'json', '.'], { cwd: root });
    const out = JSON.parse(r.stdout) as { files: { path: string }[]; skipped: { path: string; message: string }[]; summary: { files: number } };
    expect(out.files.map((f) => f.path)).toEqual(['cm.yaml']);
    expect(out.skipped).toEqual([{ path: 'node_modules', message: 'a node_modules folder (dependencies): not walked; name it to check it' }]);
    expect(r.stderr).toContain('note: skipped node_modules: a node_modules folder (dependencies): not walked');
  });

  it('.json manifests found in a folder are checked (kubectl -R reads them); a .json that is no Kubernetes object is named as skipped', async () => {
    const root = tempRepo(tempDir, {
      'deploy.json': JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, dta: 1 }),
      'package.json': '{"name": "x", "version": "1.0.0"}\n',
      'broken.json': '{"apiVersion": "v1",\n',
    });
    const r = await spawnCli(['check', '--format', 'json', '.'], { cwd: root });
    const out = JSON.parse(r.stdout) as { files: { path: string; findings: { code: string }[] }[]; skipped: { path: string; message: string }[]; summary: { notChecked: number } };
    expect(out.files.map((f) => [f.path, f.findings.map((x) => x.code)])).toEqual([
      ['broken.json', ['yaml-syntax']],
      ['deploy.json', ['unknown-field']],
    ]);
    expect(out.skipped).toEqual([{ path: 'package.json', message: 'a .json file without apiVersion and kind (not a Kubernetes object): not checked' }]);
  });
});
