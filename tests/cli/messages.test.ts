// What the CLI says besides findings: a usage error is one line plus a pointer to --help (never the whole help),
// a mistyped command gets a did-you-mean, every help text fits 80 columns, config paths in "gates from" notes are
// written like the file's own path, and one fact gives one finding (one version-mismatch per config and version,
// naming its kind nodes).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, runCli } from '../../server/src/cli/main';
import { processIO } from '../../server/src/cli/io';
import { memoryIO } from '../support/cli-io';
import { capturedIO, ROOT, tempDirs, tempRepo } from './cli-process';

const tempDir = tempDirs();
const SLICE = readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), 'utf8'); // 1 warning

async function run(args: string[]) {
  const io = memoryIO({ '/w/a.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n' });
  const code = await runCli(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('usage errors', () => {
  it('are one line and a pointer to the command help, exit 2', async () => {
    const cases: [string[], string][] = [
      [['check', '--formt', 'json', '/w/a.yaml'], 'kubegate check: unknown option --formt (did you mean --format?)'],
      [['check', '--format', 'xml', '/w/a.yaml'], 'kubegate check: --format must be one of text, json, sarif, github, junit, not "xml"'],
      [['check'], 'kubegate check: no PATH given (use - to read stdin)'],
      [['explain', '--nope'], 'kubegate explain: unknown option --nope'],
      [['gates', '--emit', 'k3s', '/w/a.yaml'], 'kubegate gates: '],
      [['schema', '--strikt'], 'kubegate schema: unknown option --strikt (did you mean --strict?)'],
      [['schema', 'exprot'], 'kubegate schema: unknown action "exprot" (did you mean export?): use export or print'],
    ];
    for (const [args, first] of cases) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines, args.join(' ')).toHaveLength(2);
      expect(lines[0]!.startsWith(first), `${args.join(' ')}: ${lines[0]}`).toBe(true);
      expect(lines[1]).toBe(`Run 'kubegate ${args[0]} --help' for the options.`);
      expect(r.stdout).toBe('');
    }
  });

  it('a mistyped command gets a did-you-mean and the list of commands', async () => {
    const r = await run(['chek', '/w/a.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("kubegate: unknown command \"chek\" (did you mean check?)\nRun 'kubegate --help' for the commands: check, explain, gates, schema.\n");
    const far = await run(['deploy']);
    expect(far.stderr.split('\n')[0]).toBe('kubegate: unknown command "deploy"');
  });
});

describe('help texts', () => {
  it('every command and the program help fit 80 columns', async () => {
    for (const args of [['--help'], ...COMMANDS.map((c) => [c.name, '--help'])]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(0);
      const long = r.stdout.split('\n').filter((l) => l.length > 80);
      expect(long, args.join(' ')).toEqual([]);
    }
    expect(COMMANDS.map((c) => c.name)).toEqual(['check', 'explain', 'gates', 'schema']);
  });
});

const repo = (files: Record<string, string>): string => tempRepo(tempDir, files);

/** The process IO with `root` as the working directory (relative paths resolved against it). */
function rootedIO(root: string) {
  const base = processIO();
  const at = (p: string) => path.resolve(root, p);
  return capturedIO({
    cwd: () => root,
    stat: (p: string) => base.stat!(at(p)),
    kind: (p: string) => base.kind(at(p)),
    readFile: (p: string) => base.readFile(at(p)),
    readRegular: (p: string, max: number) => base.readRegular!(at(p), max),
    listDir: (p: string) => base.listDir(at(p)),
    realPath: (p: string) => base.realPath!(at(p)),
  });
}

const KIND = 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  PodLevelResources: true\n';

describe('config paths in "gates from" notes', () => {
  it('are written like the file path: relative beside a relative path, absolute beside an absolute one', async () => {
    const root = repo({ 'kind.yaml': KIND, 'apps/slice.yaml': SLICE });
    const rel = rootedIO(root);
    await runCli(['check', path.join('apps', 'slice.yaml')], rel);
    expect(rel.stdout).toContain(`note: ${path.join('apps', 'slice.yaml')}: gates from kind.yaml\n`);
    const abs = rootedIO(root);
    await runCli(['check', path.join(root, 'apps', 'slice.yaml')], abs);
    expect(abs.stdout).toContain(`note: ${path.join(root, 'apps', 'slice.yaml')}: gates from ${path.join(root, 'kind.yaml')}\n`);
    expect(abs.stdout).not.toContain('..');
  });
});

describe('one finding per fact', () => {
  it('three kind nodes naming another version give one version-mismatch naming the nodes', async () => {
    const node = (role: string, v: string) => `  - role: ${role}\n    image: kindest/node:v${v}\n`;
    const kind = `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n${node('control-plane', '1.35.0')}${node('worker', '1.35.0')}${node('worker', '1.36.1')}${node('worker', '1.35.0')}`;
    const io = memoryIO({ '/w/kind.yaml': kind });
    await runCli(['check', '--format', 'json', '/w/kind.yaml'], io);
    const out = JSON.parse(io.stdout) as { files: { findings: { code: string; message: string; range: { start: { line: number } }; data: Record<string, unknown> }[] }[] };
    const found = out.files[0]!.findings.filter((f) => f.code === 'version-mismatch');
    expect(found.map((f) => `${f.range.start.line + 1} ${f.message}`)).toEqual([
      '5 Gate stages may differ: the kind node images of nodes 1, 2 and 4 name Kubernetes 1.35.0, the check targets 1.37',
      '9 Gate stages may differ: this kind node image names Kubernetes 1.36.1, the check targets 1.37',
    ]);
    expect(found[0]!.data).toMatchObject({ named: '1.35.0', nodes: [1, 2, 4] });
  });

  it('the note of a config naming another version names its folder (the file it governs is elsewhere)', async () => {
    const kind = 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n  - role: control-plane\n    image: kindest/node:v1.36.1\n';
    const io = memoryIO({ '/w/.git/HEAD': '', '/w/team-2/kind.yaml': kind, '/w/team-2/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n' });
    await runCli(['check', '/w/team-2/cm.yaml'], io);
    expect(io.stderr).toContain('note: team-2/kind.yaml names Kubernetes 1.36.1 (kind node image), but the check targets 1.37.');
  });
});
