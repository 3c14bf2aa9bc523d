// The generated data against the two hand-assembled supplements of ../shared/upstream: every row of
// drop-gated-fields.tsv is a gated field of our data (and nothing else is marked dropped), and every
// group-version of served-group-versions.json routes as the file says, per version.
// Internal imports: `knowledge` (the generated data itself, with its supplements).
// Also `knowledge/data-contract` (the generated data's types FieldDef, which the entry point does not export).
import { describe, expect, it } from 'vitest';
import { Analysis, loadVersion } from '../../server/src/engine';
import { fieldOf, gatedFields } from '../../server/src/engine/knowledge';
import { hasShared, readShared, readSharedTsv, sharedTitle } from '../support/shared';
import type { FieldDef } from '../../server/src/engine/knowledge/data-contract';

const VERSIONS = ['1.34', '1.35', '1.36', '1.37'] as const;

interface Served {
  versions: Record<string, { servedByDefault: string[]; servedWhenEnabled: string[]; notServed: { groupVersion: string }[] }>;
}

/** Follows a structural path (`spec.containers[].lifecycle.stopSignal`) through the types of a version. */
function fieldByPath(version: string, root: string, jsonPath: string): FieldDef | undefined {
  let typeName: string | undefined = root;
  let field: FieldDef | undefined;
  for (const segment of jsonPath.split('.')) {
    if (!typeName) return undefined;
    field = fieldOf(version, typeName, segment.replace(/\[\]$/, ''));
    let t = field?.type;
    while (t && 'list' in t) t = t.list;
    typeName = t && 'ref' in t ? t.ref : undefined;
  }
  return field;
}

function minorAtLeast(v: string, from: string): boolean {
  const [a, b] = v.split('.').map(Number);
  const [c, d] = from.split('.').map(Number);
  return (a ?? 0) > (c ?? 0) || ((a ?? 0) === (c ?? 0) && (b ?? 0) >= (d ?? 0));
}

describe.skipIf(!hasShared)(sharedTitle('data against drop-gated-fields.tsv and served-group-versions.json'), () => {
  const drops = hasShared
    ? readSharedTsv('upstream/drop-gated-fields.tsv', ['version_from', 'kind_or_type', 'json_path', 'gate', 'declared_in', 'applies_to_pod_templates'])
    : [];
  const served = hasShared ? readShared<Served>('upstream', 'served-group-versions.json').versions : {};

  for (const version of VERSIONS) {
    it(`${version}: every drop-gated field in force carries its gate, and every spec row is in the gated index`, () => {
      const rows = drops.filter((r) => minorAtLeast(version, r['version_from']!));
      const gated = gatedFields(version);
      const index = new Set(gated.map((g) => `${g.apiVersion} ${g.kind} ${g.path} ${g.gate}`));
      const droppedIndex = new Set(gated.filter((g) => g.source === 'dropped').map((g) => `${g.apiVersion} ${g.kind} ${g.path} ${g.gate}`));
      const data = loadVersion(version).data;
      for (const r of rows) {
        const where = `${version} ${r['kind_or_type']} ${r['json_path']}`;
        const kind = data.kinds.find((k) => `${k.apiVersion} ${k.kind}` === r['kind_or_type'] && !k.removed);
        expect(kind, where).toBeDefined();
        const field = fieldByPath(version, kind!.root, r['json_path']!);
        expect(field?.gates, where).toContain(r['gate']);
        if (r['json_path']!.split('.').some((s) => s.replace(/\[\]$/, '') === 'status')) continue;
        expect(index.has(`${r['kind_or_type']} ${r['json_path']} ${r['gate']}`), `${version} ${r['kind_or_type']} ${r['json_path']}`).toBe(true);
      }
      // Nothing else is marked dropped: each dropped index row is a row of the file, or a pod template copy of one.
      const podRows = rows.filter((r) => r['applies_to_pod_templates'] === 'yes');
      for (const key of droppedIndex) {
        const [apiVersion, kind, path, gate] = key.split(' ');
        const exact = rows.some((r) => r['kind_or_type'] === `${apiVersion} ${kind}` && r['json_path'] === path && r['gate'] === gate);
        const template = podRows.some((r) => r['gate'] === gate && path!.endsWith(r['json_path']!.replace(/^spec\./, 'spec.')));
        expect(exact || template, key).toBe(true);
      }
    });

    it(`${version}: never-served group-versions are api-not-served, enable-only ones are off by default`, () => {
      const facts = served[version]!;
      const data = loadVersion(version).data;
      let checked = 0;
      for (const { groupVersion } of facts.notServed) {
        const kind = data.kinds.find((k) => k.apiVersion === groupVersion && !k.removed && !k.payload && !k.component);
        if (!kind) continue;
        checked++;
        const report = new Analysis({ version }).check(`apiVersion: ${groupVersion}\nkind: ${kind.kind}\nmetadata:\n  name: x\n`);
        expect(report.findings.map((f) => f.code), `${version} ${groupVersion}`).toContain('api-not-served');
      }
      for (const groupVersion of facts.servedWhenEnabled) {
        const kind = data.kinds.find((k) => k.apiVersion === groupVersion && !k.removed && !k.payload);
        if (!kind) continue;
        checked++;
        const report = new Analysis({ version }).check(`apiVersion: ${groupVersion}\nkind: ${kind.kind}\nmetadata:\n  name: x\n`);
        expect(report.findings.map((f) => f.code), `${version} ${groupVersion}`).toContain('api-disabled-by-default');
        expect(report.findings.map((f) => f.code), `${version} ${groupVersion}`).not.toContain('api-not-served');
      }
      expect(checked).toBeGreaterThan(0);
      expect(Object.keys(data.served.notServed).sort()).toEqual(facts.notServed.map((n) => n.groupVersion).sort());
      expect([...data.served.byDefault].sort()).toEqual([...facts.servedByDefault].sort());
      expect([...data.served.whenEnabled].sort()).toEqual([...facts.servedWhenEnabled].sort());
    });
  }
});
