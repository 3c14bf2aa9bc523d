// A failing manifest cannot hide under a kustomization's `patches:`: a patch document written as a whole object
// (it sets every field its kind requires in its first two levels, here a Deployment's spec, selector and template)
// is still a patch for kustomize, but is judged as the object it is; its findings are shown, counted in every
// format, and fail the run. A patch that leaves out what a base provides (replicas only) stays a patch.
import { describe, expect, it } from 'vitest';
import { spawnCli, tempRepo, tempDirs } from './cli-process';

const tempDir = tempDirs();

const DEPLOYMENT = (name: string, container: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: ${name}}\nspec:\n  selector: {matchLabels: {app: ${name}}}\n` +
  `  template:\n    metadata: {labels: {app: ${name}}}\n    spec:\n      containers:\n      - ${container}\n`;

const FILES = {
  'kustomization.yaml': 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [base.yaml]\npatches:\n- path: api.yaml\n- path: replicas.yaml\n',
  'base.yaml': DEPLOYMENT('web', '{name: web, image: nginx}'),
  // A whole Deployment whose container has no name: the API server refuses it.
  'api.yaml': DEPLOYMENT('api', 'image: nginx'),
  // An ordinary patch: no selector, no template (the base has them).
  'replicas.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 3\n',
};
const SILENCED = { disableComments: 0, configuration: 0, patchFiles: 2, patchesCheckedWhole: 1 };

async function run(format: string, extra: string[] = []) {
  return spawnCli(['check', '--no-cache', '--format', format, ...extra, '.'], { cwd: tempRepo(tempDir, FILES) });
}

describe('a whole object listed under patches: is judged as one', () => {
  it('--format text: the error, a note on the file, the count, exit 1', async () => {
    const r = await run('text');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/api\.yaml:10:\d+ error missing-field .*no name/);
    expect(r.stdout).not.toMatch(/replicas\.yaml.*missing-field/);
    expect(r.stdout + r.stderr).toContain('api.yaml: a kustomize patch written as a whole object: checked as such');
    expect(r.stdout).toContain('1 error in 1 of 4 files');
    expect(r.stdout).toContain('2 files read as kustomize patches, 1 patch document checked as a whole object');
  });

  it('--format github: the error annotation and the count, exit 1', async () => {
    const r = await run('github');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error file=api\.yaml,line=10,.*missing-field/m);
    expect(r.stdout).toContain('1 patch document checked as a whole object');
  });

  it('--format json: the finding, the document marked whole, summary.silenced, exit 1', async () => {
    const r = await run('json');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      files: { path: string; findings: { code: string }[]; documents: { wholeObject?: boolean }[] }[];
      summary: { counts: { error: number }; silenced: unknown };
    };
    const api = out.files.find((f) => f.path === 'api.yaml')!;
    expect(api.findings.map((f) => f.code)).toEqual(['missing-field']);
    expect(api.documents[0]!.wholeObject).toBe(true);
    expect(out.files.find((f) => f.path === 'replicas.yaml')!.documents[0]!.wholeObject).toBeUndefined();
    expect(out.summary.counts.error).toBe(1);
    expect(out.summary.silenced).toEqual(SILENCED);
  });

  it('--format sarif: the result and the invocation counts, exit 1', async () => {
    const r = await run('sarif');
    expect(r.code).toBe(1);
    const sarif = JSON.parse(r.stdout) as { runs: { results: { ruleId: string }[]; invocations: { exitCode: number; properties: { silenced: unknown } }[] }[] };
    expect(sarif.runs[0]!.results.map((x) => x.ruleId)).toEqual(['missing-field']);
    expect(sarif.runs[0]!.invocations[0]!.exitCode).toBe(1);
    expect(sarif.runs[0]!.invocations[0]!.properties.silenced).toEqual(SILENCED);
  });

  it('--format junit: a failure and the count as a property, exit 1', async () => {
    const r = await run('junit');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/<failure [^>]*missing-field/);
    expect(r.stdout).toContain('<property name="kustomize patch documents checked as whole objects" value="1"/>');
  });

  it('--fail-on warning fails too; --fail-on never does not', async () => {
    expect((await run('text', ['--fail-on', 'warning'])).code).toBe(1);
    expect((await run('text', ['--fail-on', 'never'])).code).toBe(0);
  });
});
