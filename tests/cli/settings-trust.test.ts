// Settings a CI owner can trust: every run names the .kubegate.yaml files that governed it (in every format), with
// the files each ignored and the findings each turned off; a nested file that relaxes the root's policy gets a
// settings-relaxed finding on each relaxing line; `--settings FILE` applies FILE to every file and refuses the
// nested ones.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, spawnCli, tempDirs } from './cli-process';

const temp = tempDirs();
const MISTAKES = path.join(ROOT, 'examples', 'deployment-with-mistakes.yaml');

/** A repository whose root fails on warnings, and a team folder whose own settings hide what the root reports. */
function repository(): string {
  const root = temp();
  mkdirSync(path.join(root, '.git'));
  mkdirSync(path.join(root, 'team', 'vendor'), { recursive: true });
  writeFileSync(path.join(root, '.kubegate.yaml'), 'failOn: warning\nseverity:\n  unknown-field: error\n');
  writeFileSync(path.join(root, 'team', '.kubegate.yaml'), 'kubernetesVersion: "1.37"\nseverity:\n  invalid-value: off\n  unknown-field: off\nignore:\n  - "vendor/**"\nfailOn: never\n');
  copyFileSync(path.join(ROOT, 'examples', 'deployment.yaml'), path.join(root, 'top.yaml'));
  copyFileSync(MISTAKES, path.join(root, 'team', 'web.yaml'));
  copyFileSync(MISTAKES, path.join(root, 'team', 'vendor', 'web.yaml'));
  return root;
}

const RELAXED = [
  'team/.kubegate.yaml:3:3 warning settings-relaxed turns invalid-value off under this folder (error in .kubegate.yaml)',
  'team/.kubegate.yaml:4:3 warning settings-relaxed turns unknown-field off under this folder (error in .kubegate.yaml)',
  'team/.kubegate.yaml:6:5 warning settings-relaxed ignore "vendor/**" skips files under this folder that .kubegate.yaml checks',
  'team/.kubegate.yaml:7:1 warning settings-relaxed failOn: never fails on less than .kubegate.yaml (failOn: warning)',
];

describe('the settings files of a run', () => {
  it('a nested .kubegate.yaml that relaxes the root: each relaxing key on its own line, named and counted, the run fails', async () => {
    const root = repository();
    const r = await spawnCli(['check', '--no-group', '.'], { cwd: root });
    // Worker threads count what the settings turned off the same way.
    expect((await spawnCli(['check', '--no-group', '--jobs', '2', '.'], { cwd: root })).stdout).toBe(r.stdout);
    const lines = r.stdout.split('\n');
    for (const l of RELAXED) expect(lines).toContain(l);
    expect(r.stdout).toContain('    Remove it, or change .kubegate.yaml; kubegate check --settings .kubegate.yaml refuses it.\n');
    // team/web.yaml's 3 findings are hidden, team/vendor/ is not read: only the relaxations are reported.
    expect(r.stdout).not.toContain('team/web.yaml');
    expect(r.stdout).not.toContain('vendor/web.yaml');
    expect(r.stdout).toContain("Settings: .kubegate.yaml (1 file); team/.kubegate.yaml (1 file, 1 file ignored, 3 findings off, 4 keys relax the root's policy).\n");
    expect(r.stdout).toContain('Failing (exit 1): 4 warnings (failOn of .kubegate.yaml: warning).');
    expect(r.code).toBe(1);
  });

  it('every format lists the settings files with what they did', async () => {
    const root = repository();
    const r = await spawnCli(['check', '.', '--format', 'json', '--format', 'sarif=out.sarif', '--format', 'junit=out.xml', '--format', 'github=out.log'], { cwd: root });
    const expected = [
      { path: '.kubegate.yaml', files: 1, ignored: 0, off: 0, applied: true, relaxations: 0 },
      { path: path.join('team', '.kubegate.yaml'), files: 1, ignored: 1, off: 3, applied: true, relaxations: 4 },
    ];
    const json = JSON.parse(r.stdout) as { files: { path: string; findings: { code: string; range: { start: { line: number } } }[] }[]; summary: { settings: unknown } };
    expect(json.summary.settings).toEqual(expected);
    const relaxed = json.files.find((f) => f.path === path.join('team', '.kubegate.yaml'))!;
    expect(relaxed.findings.map((f) => [f.code, f.range.start.line])).toEqual([
      ['settings-relaxed', 2],
      ['settings-relaxed', 3],
      ['settings-relaxed', 5],
      ['settings-relaxed', 6],
    ]);
    const sarif = JSON.parse(readFileSync(path.join(root, 'out.sarif'), 'utf8')) as { runs: { invocations: { properties?: { settings: unknown } }[] }[] };
    expect(sarif.runs[0]!.invocations[0]!.properties?.settings).toEqual(expected);
    const junit = readFileSync(path.join(root, 'out.xml'), 'utf8');
    expect(junit).toContain('<property name="settings" value="team/.kubegate.yaml: applied=true files=1 ignored=1 off=3 relaxations=4"/>');
    const github = readFileSync(path.join(root, 'out.log'), 'utf8');
    expect(github).toContain("Settings: .kubegate.yaml (1 file); team/.kubegate.yaml (1 file, 1 file ignored, 3 findings off, 4 keys relax the root's policy).");
    expect(github).toMatch(/^::warning file=team\/\.kubegate\.yaml,line=3,.*settings-relaxed/m);
  });

  it('--settings FILE applies FILE to every file: the nested file is not applied and its relaxations are refused', async () => {
    const root = repository();
    const r = await spawnCli(['check', '--no-group', '--settings', '.kubegate.yaml', '.'], { cwd: root });
    // What the nested file hid is reported: both copies of the mistakes, vendor/ included.
    expect(r.stdout).toMatch(/^team\/web\.yaml:22:11 error unknown-field /m);
    expect(r.stdout).toMatch(/^team\/vendor\/web\.yaml:7:13 error invalid-value /m);
    expect(r.stdout).toContain(`${RELAXED[0]}; refused: --settings applies .kubegate.yaml to every file\n    Remove it.\n`);
    expect(r.stdout).toContain("Settings: .kubegate.yaml (3 files); team/.kubegate.yaml (not applied: the run's settings are pinned, 4 keys relax the root's policy).");
    expect(r.code).toBe(1);
  });

  it('pin: true in the root .kubegate.yaml pins a run from its folder like --settings', async () => {
    const root = repository();
    writeFileSync(path.join(root, '.kubegate.yaml'), 'pin: true\nfailOn: warning\nseverity:\n  unknown-field: error\n');
    const r = await spawnCli(['check', '--no-group', '.'], { cwd: root });
    expect(r.stdout).toMatch(/^team\/vendor\/web\.yaml:7:13 error invalid-value /m);
    expect(r.stdout).toContain(`${RELAXED[0]}; refused: pin: true of .kubegate.yaml applies it to every file\n    Remove it.\n`);
    expect(r.stdout).toContain("team/.kubegate.yaml (not applied: the run's settings are pinned, 4 keys relax the root's policy)");
    expect(r.code).toBe(1);
    const invalid = temp();
    writeFileSync(path.join(invalid, '.kubegate.yaml'), 'pin: yes please\n');
    const bad = await spawnCli(['check', '.'], { cwd: invalid });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('pin must be true or false');
  });

  it('a nested file that relaxes nothing is listed without a finding; a run without settings lists none', async () => {
    const root = repository();
    writeFileSync(path.join(root, 'team', '.kubegate.yaml'), 'kubernetesVersion: "1.36"\nseverity:\n  unknown-field: error\n  feature-gate: error\n');
    const r = await spawnCli(['check', '--no-group', '.'], { cwd: root });
    expect(r.stdout).not.toContain('settings-relaxed');
    expect(r.stdout).toContain('Settings: .kubegate.yaml (1 file); team/.kubegate.yaml (2 files).');
    const bare = temp();
    copyFileSync(path.join(ROOT, 'examples', 'deployment.yaml'), path.join(bare, 'top.yaml'));
    const none = await spawnCli(['check', '.'], { cwd: bare });
    expect(none.stdout).toBe('No problems in 1 file (Kubernetes 1.37).\n');
  });

  it('refuses a --settings file that cannot be read or is invalid (exit 2)', async () => {
    const root = repository();
    const missing = await spawnCli(['check', '--settings', 'nope.yaml', '.'], { cwd: root });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--settings: cannot read');
    writeFileSync(path.join(root, 'policy.yaml'), 'failOn: sometimes\n');
    const invalid = await spawnCli(['check', '--settings', 'policy.yaml', '.'], { cwd: root });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('invalid policy.yaml');
  });
});
