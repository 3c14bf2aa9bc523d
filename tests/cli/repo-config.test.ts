// `.kubegate.yaml` read by `kubegate check`: for each input the nearest above the file, within its repository
// (whatever the working directory), validated with clear errors (exit 2, file:line), and honoured (version,
// gates, severity, files/ignore, configFiles); the run's failure policy is the working directory's.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRepoConfig } from '../../server/src/contract/repo-config';
import { runCli } from '../../server/src/cli/main';
import { capturedIO, ROOT, tempDirs, tempRepo } from './cli-process';

const tempDir = tempDirs();
const SLICE = readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), 'utf8');
const CONFIGMAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\n';

const repo = (files: Record<string, string>): string => tempRepo(tempDir, files);

async function check(root: string, cwd: string, args: string[]) {
  const io = capturedIO({ cwd: () => cwd });
  const code = await runCli(['check', '--format', 'json', ...args], io);
  const out = code === 2 ? undefined : (JSON.parse(io.stdout) as { files: { path: string; findings: { code: string; severity: string }[] }[]; summary: { version: string } });
  return { code, out, io };
}

describe('.kubegate.yaml in the CLI', () => {
  it('is validated: unknown keys (did-you-mean), bad versions, codes, levels and globs, with file:line', () => {
    const text = 'version: 1\nkubernetesVersion: "1.20"\nseverty: {}\nseverity:\n  feature-gate: loud\n  nope: error\nfiles: ["{a,b"]\nfeatureGates:\n  A: maybe\n';
    const { problems } = parseRepoConfig(text, 'r/.kubegate.yaml');
    expect(problems).toEqual([
      expect.stringMatching(/^r\/\.kubegate\.yaml:2: kubernetesVersion "1\.20" is not supported; use one of 1\.34, 1\.35, 1\.36, 1\.37/),
      expect.stringMatching(/^r\/\.kubegate\.yaml:3: unknown key "severty" \(did you mean severity\?\)/),
      expect.stringMatching(/^r\/\.kubegate\.yaml:5: severity\.feature-gate must be one of error, warning, information, hint, off/),
      expect.stringMatching(/^r\/\.kubegate\.yaml:6: severity: "nope" is not a Kubegate finding code/),
      expect.stringMatching(/^r\/\.kubegate\.yaml:7: files: "\{a,b" is not a valid glob pattern/),
      expect.stringMatching(/^r\/\.kubegate\.yaml:9: featureGates\.A must be true or false/),
    ]);
    expect(parseRepoConfig('version: 2\n', 'x').problems[0]).toContain('format version');
    expect(parseRepoConfig('', 'x').problems).toEqual([]);
  });

  it('is read as settings, not checked as a manifest, when a folder is walked', async () => {
    const root = repo({ '.kubegate.yaml': 'version: 1\nkubernetesVersion: "1.36"\n', 'app/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n', 'app/.kubegate.yaml': 'version: 1\nkubernetesVersion: "1.35"\n' });
    const { out, io } = await check(root, root, [root]);
    const paths = out!.files.map((f) => f.path);
    expect(paths.map((p) => path.relative(root, path.resolve(root, p)))).toEqual([path.join('app', 'cm.yaml')]);
    expect(paths.filter((p) => p.endsWith('.kubegate.yaml'))).toEqual([]);
    expect(io.stderr).not.toContain('.kubegate.yaml');
    expect(out!.summary.version).toBe('1.35');
  });

  it('an invalid file is exit 2 naming it; it governs a file in a subfolder, checked from there', async () => {
    const root = repo({ '.kubegate.yaml': 'severity:\n  feature-gate: loud\n', 'apps/slice.yaml': SLICE });
    const r = await check(root, path.join(root, 'apps'), [path.join(root, 'apps', 'slice.yaml')]);
    expect(r.code).toBe(2);
    expect(r.io.stderr).toContain(`${path.join(root, '.kubegate.yaml')}:2: severity.feature-gate must be one of`);
  });

  it('honours kubernetesVersion, severity and featureGates; --severity and --kubernetes-version win', async () => {
    const root = repo({ '.kubegate.yaml': 'version: 1\nkubernetesVersion: "1.37"\nseverity:\n  feature-gate: error\n', 'slice.yaml': SLICE });
    const file = path.join(root, 'slice.yaml');
    const strict = await check(root, root, [file]);
    expect(strict.code).toBe(1);
    expect(strict.out!.files[0]!.findings.map((f) => `${f.severity}:${f.code}`)).toEqual(['error:feature-gate']);
    expect((await check(root, root, ['--severity', 'feature-gate=warning', file])).code).toBe(0);
    const older = await check(root, root, ['--kubernetes-version', '1.36', file]);
    expect(older.out!.summary.version).toBe('1.36');

    writeFileSync(path.join(root, '.kubegate.yaml'), 'featureGates:\n  DRAOptionalNodeOperations: true\n');
    expect((await check(root, root, [file])).out!.files[0]!.findings).toEqual([]);
    writeFileSync(path.join(root, '.kubegate.yaml'), 'featureGates:\n  DRAOptionalNodeOperation: true\n');
    const typo = await check(root, root, [file]);
    expect(typo.code).toBe(2);
    expect(typo.io.stderr).toContain('.kubegate.yaml featureGates: unrecognized feature gate DRAOptionalNodeOperation');
  });

  it('the settings of a subfolder govern its files when the CLI runs from the repository root', async () => {
    const root = repo({
      'team/.kubegate.yaml': 'version: 1\nkubernetesVersion: "1.36"\nignore: ["vendor/**"]\n',
      'team/slice.yaml': SLICE,
      'team/vendor/cm.yaml': CONFIGMAP,
      'vendor/cm.yaml': CONFIGMAP,
      'slice.yaml': SLICE,
    });
    const r = await check(root, root, [root]);
    const codes = (rel: string) => r.out!.files.find((f) => f.path === path.join(root, rel))?.findings.map((f) => f.code);
    expect(codes(path.join('team', 'slice.yaml'))).toEqual(['field-not-in-version']);
    expect(codes('slice.yaml')).toEqual(['feature-gate']);
    // team's ignore glob is relative to team/ and governs only files below it.
    expect(codes(path.join('team', 'vendor', 'cm.yaml'))).toBeUndefined();
    expect(codes(path.join('vendor', 'cm.yaml'))).toEqual(['unknown-field']);
    // A named file gets the same answer as in the folder run, from any working directory.
    const named = await check(root, path.join(root, 'vendor'), [path.join(root, 'team', 'slice.yaml')]);
    expect(named.out!.files[0]!.findings.map((f) => f.code)).toEqual(['field-not-in-version']);
    expect(named.out!.summary.version).toBe('1.36');
  });

  it('an invalid settings file governing an input is exit 2 from another working directory too', async () => {
    const root = repo({ 'team/.kubegate.yaml': 'severity:\n  feature-gate: loud\n', 'team/slice.yaml': SLICE, 'slice.yaml': SLICE });
    const r = await check(root, root, [root]);
    expect(r.code).toBe(2);
    expect(r.io.stderr).toContain(`${path.join(root, 'team', '.kubegate.yaml')}:2: severity.feature-gate must be one of`);
    expect((await check(root, root, [path.join(root, 'slice.yaml')])).code).toBe(0);
  });

  it('failOn, maxWarnings and unchecked are the run\'s: those of the working directory\'s settings file', async () => {
    const root = repo({ 'team/.kubegate.yaml': 'version: 1\nfailOn: warning\n', 'team/slice.yaml': SLICE });
    // From the root no settings file governs the run: the default policy (error) passes on a warning.
    const file = path.join(root, 'team', 'slice.yaml');
    expect((await check(root, root, [file])).code).toBe(0);
    expect((await check(root, path.join(root, 'team'), [file])).code).toBe(1);
  });

  it('files and ignore globs choose what a folder walk checks; configFiles supply gate state', async () => {
    const root = repo({
      '.kubegate.yaml': 'files: ["deploy/**/*.yaml", "deploy/**/*.yml"]\nignore: ["deploy/vendor/**"]\nconfigFiles: ["clusters/*.yaml"]\n',
      'deploy/app/slice.yaml': SLICE,
      'deploy/app/cm.yml': CONFIGMAP,
      'deploy/vendor/cm.yaml': CONFIGMAP,
      'other/cm.yaml': CONFIGMAP,
      'clusters/kind.yaml': 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  DRAOptionalNodeOperations: true\n',
    });
    const r = await check(root, root, [root]);
    expect(r.out!.files.map((f) => path.relative(root, f.path)).sort()).toEqual([path.join('deploy', 'app', 'cm.yml'), path.join('deploy', 'app', 'slice.yaml')]);
    const slice = r.out!.files.find((f) => f.path.endsWith('slice.yaml'))!;
    expect(slice.findings.filter((f) => f.code === 'feature-gate')).toEqual([]);
  });

  it('a configFiles glob that matches no file still stands: a note says so, and the config beside the file is not used', async () => {
    const root = repo({
      '.kubegate.yaml': 'configFiles: ["clusters/*.yaml"]\n',
      'deploy/slice.yaml': SLICE,
      'deploy/kind.yaml': 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  DRAOptionalNodeOperations: true\n',
    });
    const r = await check(root, root, [path.join(root, 'deploy', 'slice.yaml')]);
    expect(r.io.stderr).toContain('note: .kubegate.yaml configFiles: clusters/*.yaml matches no file\n');
    expect(r.out!.files[0]!.findings.map((f) => f.code)).toContain('feature-gate');
    // Without the list, the config beside the slice is discovered and turns the gate on.
    writeFileSync(path.join(root, '.kubegate.yaml'), 'version: 1\n');
    const discovered = await check(root, root, [path.join(root, 'deploy', 'slice.yaml')]);
    expect(discovered.out!.files[0]!.findings.map((f) => f.code)).not.toContain('feature-gate');
    expect(discovered.io.stderr).not.toContain('matches no file');
  });

  it('a CRD file named by several settings groups and --crd is read and parsed once per run (--stats)', async () => {
    const crd = readFileSync(path.join(ROOT, 'tests', 'fixtures', 'project', 'crd-beside.yaml'), 'utf8').split('#== crds/widget-a.yaml')[0]!.split('#== crds/widget.yaml\n')[1]!;
    const widget = 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\nspec:\n  size: 3\n  colour: red\n';
    const root = repo({
      'shared/widget-crd.yaml': crd,
      'a/.kubegate.yaml': 'customResources:\n  crdFiles: ["../shared/widget-crd.yaml"]\n',
      'a/w.yaml': widget,
      'b/.kubegate.yaml': 'customResources:\n  crdFiles: ["../shared/*.yaml"]\n',
      'b/w.yaml': widget,
      'c.yaml': widget,
    });
    const inputs = ['a/w.yaml', 'b/w.yaml', 'c.yaml'].map((f) => path.join(root, f));
    const r = await check(root, root, ['--no-cache', '--stats', '--crd', path.join(root, 'shared', 'widget-crd.yaml'), ...inputs]);
    // Three groups (a, b and the inputs no settings file governs) use the one file: each Widget is checked against it.
    expect(r.out!.files.map((f) => f.findings.map((x) => x.code))).toEqual([['unknown-field'], ['unknown-field'], ['unknown-field']]);
    expect(r.io.stderr).toContain('; 1 CRD file and 0 config files parsed');
  });
});
