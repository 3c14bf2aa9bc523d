// Nothing silenced without a count: findings dropped by disable comments (a blanket kubegate-disable-file too)
// and by configuration (severity off), and files read as kustomize patches, are counted in every format's summary.
import { describe, expect, it } from 'vitest';
import { spawnCli, tempRepo, tempDirs } from './cli-process';

const tempDir = tempDirs();

const FILES = {
  // Two findings dropped by a blanket disable comment.
  'a.yaml': '# kubegate-disable-file\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndta: 1\nbogus: 2\n',
  // One finding switched off by the repository's configuration.
  'b.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\ndata:\n  k: 1\n',
  '.kubegate.yaml': 'severity:\n  invalid-value: "off"\n',
  // A file read as a patch.
  'kustomization.yaml': 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [c.yaml]\npatches:\n- path: patch.yaml\n',
  'c.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n',
  'patch.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {k: v}\n',
};
const SILENCED = { disableComments: 2, configuration: 1, patchFiles: 1, patchesCheckedWhole: 0 };
const SENTENCE = '2 findings silenced by disable comments, 1 finding switched off by configuration, 1 file read as kustomize patches';

async function run(format: string) {
  return spawnCli(['check', '--format', format, '.'], { cwd: tempRepo(tempDir, FILES) });
}

describe('silenced findings and patch files are counted in every format', () => {
  for (const format of ['text', 'github']) {
    it(`--format ${format}: the summary line says them`, async () => {
      const r = await run(format);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(SENTENCE);
    });
  }

  it('--format json: summary.silenced', async () => {
    const r = await run('json');
    expect((JSON.parse(r.stdout) as { summary: { silenced: unknown } }).summary.silenced).toEqual(SILENCED);
  });

  it('--format sarif: the invocation properties', async () => {
    const r = await run('sarif');
    const sarif = JSON.parse(r.stdout) as { runs: { invocations: { properties: { silenced: unknown } }[] }[] };
    expect(sarif.runs[0]!.invocations[0]!.properties.silenced).toEqual(SILENCED);
  });

  it('--format junit: a kubegate silenced suite with the counts as properties', async () => {
    const r = await run('junit');
    expect(r.stdout).toContain('<property name="findings silenced by disable comments" value="2"/>');
    expect(r.stdout).toContain('<property name="findings switched off by configuration" value="1"/>');
    expect(r.stdout).toContain('<property name="files read as kustomize patches" value="1"/>');
  });
});
