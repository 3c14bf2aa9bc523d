// Files named by a repository's configuration are read only inside the repository, links followed: configFiles
// and customResources.crdFiles of .kubegate.yaml, the .kubegate.yaml itself, folders linked from a checked
// folder, kustomizations. Walks never follow a link out of the root or around a cycle (a link to / is not
// walked), and stop at a bound with a note. `schema export` never writes through a link. Each attack is built
// in a temporary folder by the test; work is asserted as folders listed, not time.
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSchemaCommand } from '../../server/src/cli/commands/schema';
import { runCli } from '../../server/src/cli/main';
import { parseRepoConfig } from '../../server/src/contract/repo-config';
import { capturedIO, ROOT, tempDirs } from './cli-process';

const tempDir = tempDirs();
const SLICE = readFileSync(path.join(ROOT, 'examples', 'dra-resourceslice-skip-node-operations.yaml'), 'utf8');
const KIND = 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  DRAOptionalNodeOperations: true\n';
const SECRET_MANIFEST = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: outside}\ndata: {token: hunter2-secret}\nbogus: hunter2-secret\n';

/** A temporary folder with `repo/` (a git repository) and `outside/`. */
function layout(repoFiles: Record<string, string>, outsideFiles: Record<string, string> = {}): { repo: string; outside: string } {
  const base = tempDir();
  const repo = path.join(base, 'repo');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  for (const [dir, files] of [[repo, repoFiles], [outside, outsideFiles]] as const) {
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
  }
  return { repo, outside };
}

type Json = { files: { path: string; gateConfigs?: string[]; findings: { code: string; message: string }[] }[] };

async function check(cwd: string, args: string[], listed?: string[]) {
  const io = capturedIO({
    cwd: () => cwd,
    ...(listed
      ? {
          listDir: (p: string) => {
            listed.push(p);
            return require('node:fs').readdirSync(p) as string[];
          },
        }
      : {}),
  });
  const code = await runCli(['check', '--format', 'json', ...args.map((a) => (a.startsWith('-') || path.isAbsolute(a) ? a : path.join(cwd, a)))], io);
  const out = code === 2 ? undefined : (JSON.parse(io.stdout) as Json);
  return { code, out, io };
}

describe('configuration files are read inside the repository only', () => {
  it('configFiles: ../outside/kind.yaml is refused with a note; its gates do not apply', async () => {
    const { repo } = layout({ '.kubegate.yaml': 'configFiles: ["../outside/kind.yaml"]\n', 'slice.yaml': SLICE }, { 'kind.yaml': KIND });
    const r = await check(repo, ['slice.yaml']);
    expect(r.io.stderr).toContain('note: .kubegate.yaml configFiles: ../outside/kind.yaml is outside the repository');
    expect(r.io.stderr).toContain('once links are followed: not read');
    expect(r.out!.files[0]!.gateConfigs ?? []).toEqual([]);
    expect(r.out!.files[0]!.findings.map((f) => f.code)).toContain('feature-gate');
  });

  it('configFiles: a link inside the repository to a file outside is refused too', async () => {
    const { repo, outside } = layout({ '.kubegate.yaml': 'configFiles: ["kind.yaml"]\n', 'slice.yaml': SLICE }, { 'kind.yaml': KIND });
    symlinkSync(path.join(outside, 'kind.yaml'), path.join(repo, 'kind.yaml'));
    const r = await check(repo, ['slice.yaml']);
    expect(r.io.stderr).toContain('note: .kubegate.yaml configFiles: kind.yaml is outside the repository');
    expect(r.out!.files[0]!.findings.map((f) => f.code)).toContain('feature-gate');
  });

  it('customResources.crdFiles: ../outside/crd.yaml is refused with a note; the resource is not checked against it', async () => {
    const crd =
      'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: ws.out.test}\nspec:\n  group: out.test\n  names: {kind: W, plural: ws}\n  scope: Namespaced\n  versions:\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {n: {type: integer}}}}}}}\n';
    const { repo } = layout({ '.kubegate.yaml': 'customResources:\n  crdFiles: ["../outside/crd.yaml"]\n', 'w.yaml': 'apiVersion: out.test/v1\nkind: W\nmetadata: {name: w}\nspec: {n: x}\n' }, { 'crd.yaml': crd });
    const r = await check(repo, ['w.yaml']);
    expect(r.io.stderr).toContain('note: .kubegate.yaml customResources.crdFiles: ../outside/crd.yaml is outside the repository');
    expect(r.out!.files[0]!.findings.map((f) => f.code)).not.toContain('invalid-value');
  });

  it('a .kubegate.yaml that links to a file outside is not read (its keys are not echoed)', async () => {
    const { repo, outside } = layout({ 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n' }, { 'secret.yaml': 'hunter2-secret: 1\n' });
    symlinkSync(path.join(outside, 'secret.yaml'), path.join(repo, '.kubegate.yaml'));
    const r = await check(repo, ['cm.yaml']);
    expect(r.code).toBe(0);
    expect(r.io.stderr).toBe(`note: ${path.join(repo, '.kubegate.yaml')} links outside the repository (${repo}); it is not read.\n`);
    expect(r.io.stderr + r.io.stdout).not.toContain('hunter2');
  });

  it('a .kubegate.yaml that is a folder gets a note instead of silence (the text the server shows too)', async () => {
    const { repo } = layout({ '.kubegate.yaml/x': '', 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n' });
    const r = await check(repo, ['cm.yaml']);
    expect(r.code).toBe(0);
    expect(r.io.stderr).toBe(`note: ${path.join(repo, '.kubegate.yaml')} is a folder, not a settings file; it is not read.\n`);
  });

  it('a checked folder with a link to a folder outside: not followed, a note names it, nothing of it printed', async () => {
    const { repo, outside } = layout({ 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n' }, { 'leak/values.yaml': SECRET_MANIFEST });
    symlinkSync(path.join(outside, 'leak'), path.join(repo, 'linked'));
    const io = capturedIO({ cwd: () => repo });
    const code = await runCli(['check', '--format', 'github', repo], io);
    expect(code).toBe(0);
    expect(io.stdout + io.stderr).not.toContain('hunter2');
    expect(io.stderr).toContain(`note: skipped ${path.join(repo, 'linked')}: a link leading outside the repository (${repo}) and the folder given: not followed`);
  });

  it('a link to / inside the repository is not walked (configFiles glob and folder walk), work bounded', async () => {
    const { repo } = layout({ '.kubegate.yaml': 'configFiles: ["**/kind*.yaml"]\n', 'a/kind.yaml': KIND, 'slice.yaml': SLICE });
    symlinkSync('/', path.join(repo, 'rootfs'));
    symlinkSync('..', path.join(repo, 'a', 'up')); // a cycle back into the repository
    const listed: string[] = [];
    const r = await check(repo, [repo], listed);
    expect(r.code).toBe(0);
    // Folders listed: the repository and a (for the glob), the same for the walk of the checked folder; never /.
    expect(listed.filter((d) => !d.startsWith(repo))).toEqual([]);
    expect(listed.length, listed.join(' ')).toBeLessThanOrEqual(10);
    expect(r.io.stderr).toContain('note: .kubegate.yaml configFiles: rootfs links outside the repository');
    expect(r.out!.files.map((f) => path.relative(repo, f.path)).sort()).toEqual([path.join('a', 'kind.yaml'), 'slice.yaml']);
    expect(r.out!.files.find((f) => f.path.endsWith('slice.yaml'))!.gateConfigs).toEqual([path.join('a', 'kind.yaml')]);
  });

  it('20,000 configFiles globs are refused when the file is read, naming it', () => {
    const globs = Array.from({ length: 20_000 }, (_, i) => `"c${i}/*.yaml"`).join(', ');
    const { problems } = parseRepoConfig(`configFiles: [${globs}]\n`, 'r/.kubegate.yaml');
    expect(problems).toEqual(['r/.kubegate.yaml:1: configFiles has 20000 entries; at most 1000 are read (merge globs with {a,b} or **)']);
  });
});

describe('CRD files that cannot be used', () => {
  it('a customResources.crdFiles file that does not parse gets a note naming it; the resource is then unknown', async () => {
    const { repo } = layout({
      '.kubegate.yaml': 'customResources:\n  crdFiles: ["crds/*.yaml"]\n',
      'crds/broken.yaml': 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {group: [\n',
      'w.yaml': 'apiVersion: out.test/v1\nkind: W\nmetadata: {name: w}\n',
    });
    const r = await check(repo, ['w.yaml']);
    expect(r.io.stderr.startsWith(`note: ${path.join(repo, 'crds', 'broken.yaml')}:1: a CustomResourceDefinition document that does not parse (`)).toBe(true);
    expect(r.io.stderr.endsWith('): not used\n')).toBe(true);
    expect(r.io.stderr.split('\n')).toHaveLength(2);
  });
});

describe('kustomize lookups', () => {
  it('a kustomization naming a missing patch gets a note', async () => {
    const { repo } = layout({
      'kustomization.yaml': 'resources: [cm.yaml]\npatches:\n- path: missing-patch.yaml\n',
      'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n',
    });
    const r = await check(repo, ['cm.yaml']);
    expect(r.code).toBe(0);
    expect(r.io.stderr).toBe(`note: ${path.join(repo, 'kustomization.yaml')} names the patch missing-patch.yaml, which does not exist: kustomize build fails\n`);
  });

  it('a kustomization that links outside the repository is not read', async () => {
    const { repo, outside } = layout({ 'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n' }, { 'k.yaml': 'resources: [cm.yaml]\npatches: [{path: nope.yaml}]\n' });
    symlinkSync(path.join(outside, 'k.yaml'), path.join(repo, 'kustomization.yaml'));
    const r = await check(repo, ['cm.yaml']);
    expect(r.io.stderr).toBe('');
  });
});

describe('schema export never writes through a link', () => {
  it('all.json linked to a file outside: the file outside is unchanged and the export stops naming the link', async () => {
    const base = tempDir();
    const out = path.join(base, 'out');
    mkdirSync(out);
    writeFileSync(path.join(base, 'victim.txt'), 'keep me');
    symlinkSync(path.join(base, 'victim.txt'), path.join(out, 'all.json'));
    const io = capturedIO();
    const code = await makeSchemaCommand().run(['export', '--out', out], io);
    expect(code).toBe(2);
    expect(io.stderr).toContain(`${path.join(out, 'all.json')} is a symbolic link: not written through`);
    expect(readFileSync(path.join(base, 'victim.txt'), 'utf8')).toBe('keep me');
  });

  it('a dangling link pod-v1.json → outside: nothing is created outside', async () => {
    const base = tempDir();
    const out = path.join(base, 'out');
    mkdirSync(out);
    symlinkSync(path.join(base, 'created-outside.json'), path.join(out, 'pod-v1.json'));
    const io = capturedIO();
    expect(await makeSchemaCommand().run(['export', '--out', out], io)).toBe(2);
    expect(existsSync(path.join(base, 'created-outside.json'))).toBe(false);
    expect(lstatSync(path.join(out, 'pod-v1.json')).isSymbolicLink()).toBe(true);
  });

  it('an export into a fresh folder writes regular files, and again over its own files', async () => {
    const out = path.join(tempDir(), 'out');
    for (let i = 0; i < 2; i++) {
      const io = capturedIO();
      expect(await makeSchemaCommand().run(['export', '--kubernetes-version', '1.37', '--out', out], io)).toBe(0);
    }
    expect(lstatSync(path.join(out, 'all.json')).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(path.join(out, 'pod-v1.json'), 'utf8'))).toHaveProperty('properties');
    expect(require('node:fs').readdirSync(out).filter((n: string) => n.endsWith('.tmp'))).toEqual([]);
  });
});
