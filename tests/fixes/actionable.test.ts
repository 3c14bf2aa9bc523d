// Every message that says what to do has a quick fix: switch to the served apiVersion the finding names (also in
// another group), set the target version from a config's Kubernetes version (kind node image, kubeadm), enable a
// dependency gate in the governing config. (Removing a field the target version lacks: rename-remove.test.ts.)
// Internal imports: `knowledge` (briefFacts: the brief's feature facts the test compares with; not public).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { briefFacts } from '../../server/src/engine/knowledge';
import { apply, check, context, expectOnlyChanged, fixesFor, fixTitled, only, VERSION, type Files } from './helpers';
import { dataOf } from '../support/finding-data';

describe('api-not-served → the served apiVersion the finding names', () => {
  it('switches a kind that moved to another group (extensions/v1beta1 Ingress)', () => {
    const text = 'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata:\n  name: web\nspec: {}\n';
    const files: Files = { 'ing.yaml': text };
    const finding = only(check('ing.yaml', files), 'api-not-served');
    const [target] = dataOf(finding, 'api-not-served')?.servedAs ?? [];
    expect(target).toBeDefined();
    const fixes = fixesFor(finding, context('ing.yaml', files));
    expect(fixes.map((f) => [f.title, f.isPreferred])).toEqual([[`Use ${target} (served in ${VERSION})`, true]]);
    const after = apply(files, fixes[0]!);
    expectOnlyChanged(text, after['ing.yaml']!, [['extensions/v1beta1', target!]]);
    expect(check('ing.yaml', after).findings.filter((f) => f.code === 'api-not-served')).toEqual([]);
  });
});

describe('version-mismatch → set the target version to the one the config names', () => {
  const kind = (image: string) => `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n  - role: control-plane\n    image: ${image}\n`;

  it('a supported kind node image: a setting change to its minor', () => {
    const files: Files = { 'kind.yaml': kind('kindest/node:v1.35.0') };
    const finding = only(check('kind.yaml', files), 'version-mismatch');
    const fixes = fixesFor(finding, context('kind.yaml', files));
    expect(fixes).toEqual([
      {
        title: 'Set the target Kubernetes version to 1.35 (the kind node image)',
        kind: 'quickfix',
        code: 'version-mismatch',
        edits: [],
        isPreferred: true,
        setting: { setting: 'kubegate.kubernetesVersion', key: 'kubernetesVersion', value: '1.35' },
      },
    ]);
    expect(fixesFor(finding, context('kind.yaml', files, { offerSetting: false }))).toEqual([]);
  });

  it('an unsupported version: no fix', () => {
    const files: Files = { 'kind.yaml': kind('kindest/node:v1.29.2') };
    const finding = only(check('kind.yaml', files), 'version-mismatch');
    expect(fixesFor(finding, context('kind.yaml', files))).toEqual([]);
  });
});

describe('gate-dependency → enable the dependency gate', () => {
  // A gate with a curated dependency, a field of a built-in kind gated by it (committed data).
  const rows = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'schemas', `gated-fields-${VERSION}.json`), 'utf8')) as {
    apiVersion: string;
    kind: string;
    path: string;
    gate: string;
  }[];
  const deps = briefFacts().alsoRequires;
  const row = rows.find((r) => r.apiVersion === 'batch/v1' && r.kind === 'Job' && deps[r.gate] !== undefined && !r.path.includes('.spec.'))!;
  const required = deps[row.gate]![0]!;

  it(`${row.gate} needs ${required}: the fix adds it to the kind config that enables ${row.gate}`, () => {
    const field = row.path.split('.').pop()!;
    const job = `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: a\nspec:\n  ${field}: {}\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n        - name: a\n          image: registry.example/a:1\n`;
    const kindConfig = `kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  ${row.gate}: true\nnodes:\n  - role: control-plane\n`;
    const files: Files = { 'job.yaml': job, 'kind.yaml': kindConfig };
    const finding = only(check('job.yaml', files, { configs: ['kind.yaml'] }), 'gate-dependency');
    expect(finding.data).toMatchObject({ gate: row.gate, requires: required });
    const fix = fixTitled(fixesFor(finding, context('job.yaml', files)), new RegExp(`^Enable feature gate ${required} in kind\\.yaml$`));
    const after = apply(files, fix);
    expectOnlyChanged(kindConfig, after['kind.yaml']!, [[`  ${row.gate}: true\n`, `  ${row.gate}: true\n  ${required}: true\n`]]);
    expect(check('job.yaml', after, { configs: ['kind.yaml'] }).findings.filter((f) => f.code === 'gate-dependency' || f.code === 'feature-gate')).toEqual([]);
  });
});
