// CRDs anywhere among a run's inputs serve every file of the run (after the CRDs around each file): CRDs in
// manifests/setup/ check the custom resources of manifests/app/. A custom resource left unchecked for want of its
// CRD says how to give it.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli, tempDirs } from './cli-process';
import { widgetCrd } from '../support/crd-text';

const temp = tempDirs();
const WIDGET = 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  size: big\n';

function repository(): string {
  const root = temp();
  mkdirSync(path.join(root, '.git'));
  mkdirSync(path.join(root, 'manifests', 'setup'), { recursive: true });
  mkdirSync(path.join(root, 'manifests', 'app'), { recursive: true });
  writeFileSync(path.join(root, 'manifests', 'setup', 'crds.yaml'), widgetCrd());
  writeFileSync(path.join(root, 'manifests', 'app', 'widget.yaml'), WIDGET);
  return root;
}

describe('CRDs of the run', () => {
  it('CRDs in a sibling folder of the run check the custom resources (main thread and workers alike)', async () => {
    const root = repository();
    for (const jobs of ['1', '2']) {
      const r = await spawnCli(['check', '--no-group', '--no-cache', '--jobs', jobs, 'manifests'], { cwd: root });
      expect(r.stdout).toMatch(/^manifests\/app\/widget\.yaml:5:9 error invalid-value size expects a whole number/m);
      expect(r.code).toBe(1);
    }
  });

  it('the CRDs around a file win over those of the run (the nearest CRD of a kind is used)', async () => {
    const root = repository();
    // A CRD beside the custom resource whose size is a string: the run's (integer) CRD does not replace it.
    writeFileSync(path.join(root, 'manifests', 'app', 'crds.yaml'), widgetCrd('example.com', { size: '{type: string}' }));
    const r = await spawnCli(['check', '--no-group', 'manifests'], { cwd: root });
    expect(r.stdout).not.toContain('invalid-value');
    expect(r.code).toBe(0);
  });

  it('a custom resource without its CRD in the run says which option or setting gives it', async () => {
    const root = repository();
    const r = await spawnCli(['check', '--no-group', 'manifests/app'], { cwd: root });
    expect(r.stdout).toContain(
      'note: manifests/app/widget.yaml:1:1 document 1 not checked: example.com/v1 is not a built-in Kubernetes API or a known config; a custom resource is checked once its CRD is given (--crd FILE, or customResources.crdFiles of .kubegate.yaml',
    );
    const given = await spawnCli(['check', '--no-group', '--crd', 'manifests/setup/crds.yaml', 'manifests/app'], { cwd: root });
    expect(given.stdout).toContain('invalid-value');
  });

  it('a bundle checked after a custom resource in name order is still read once: the inputs with CRDs go first, the output keeps name order', async () => {
    const root = repository();
    const r = await spawnCli(['check', '--no-group', '--no-cache', '--jobs', '1', '--stats', 'manifests'], { cwd: root });
    // Two documents, each parsed once: the bundle's CRDs come from its own check, not from a parse of their own.
    expect(r.stderr).toContain('stats: 2 files in the main thread; 2 YAML documents parsed; 1 CRD file and 0 config files parsed (cache off)');
    expect(r.stdout).toMatch(/^manifests\/app\/widget\.yaml:5:9 error invalid-value/m);
    const json = await spawnCli(['check', '--no-group', '--no-cache', '--jobs', '1', '--format', 'json', 'manifests'], { cwd: root });
    const files = (JSON.parse(json.stdout) as { files: { path: string }[] }).files.map((f) => f.path);
    expect(files).toEqual(['manifests/app/widget.yaml', 'manifests/setup/crds.yaml']);
  });

  it('a CRD is named by its path below the repository in messages, whether of the run or beside the custom resource', async () => {
    const root = repository();
    const deprecated = widgetCrd().replace('  - name: v1\n', '  - name: v1beta1\n    served: true\n    storage: false\n    deprecated: true\n  - name: v1\n');
    writeFileSync(path.join(root, 'manifests', 'setup', 'crds.yaml'), deprecated);
    writeFileSync(path.join(root, 'manifests', 'app', 'widget.yaml'), WIDGET.replace('example.com/v1', 'example.com/v1beta1').replace('big', '3'));
    const run = await spawnCli(['check', '--no-group', '--no-cache', 'manifests'], { cwd: root });
    expect(run.stdout).toContain('example.com/v1beta1 Widget is deprecated by the CRD in manifests/setup/crds.yaml');
    writeFileSync(path.join(root, 'manifests', 'app', 'crds.yaml'), deprecated);
    const beside = await spawnCli(['check', '--no-group', '--no-cache', 'manifests/app'], { cwd: root });
    expect(beside.stdout).toContain('example.com/v1beta1 Widget is deprecated by the CRD in manifests/app/crds.yaml');
    expect(beside.stdout).not.toContain(root);
  });

  it('more bundles than the project keeps CRDs of at once: each is still parsed once, and serves the run', async () => {
    const root = repository();
    for (let i = 0; i < 10; i++) {
      writeFileSync(path.join(root, 'manifests', 'setup', `crds-${i}.yaml`), widgetCrd(`g${i}.example.com`));
      writeFileSync(path.join(root, 'manifests', 'app', `widget-${i}.yaml`), WIDGET.replace('example.com/v1', `g${i}.example.com/v1`));
    }
    const r = await spawnCli(['check', '--no-group', '--no-cache', '--jobs', '1', '--stats', 'manifests'], { cwd: root });
    expect(r.stderr).toContain('stats: 22 files in the main thread; 22 YAML documents parsed; 11 CRD files and 0 config files parsed (cache off)');
    expect(r.stdout.match(/^manifests\/app\/widget(-\d)?\.yaml:5:9 error invalid-value/gm)).toHaveLength(11);
  });
});
