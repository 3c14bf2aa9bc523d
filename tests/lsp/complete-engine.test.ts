// Completion as engine functions (engine/complete), on incomplete YAML: every gated field of the
// gated-field summary in ../shared is offered at its place, with its gate in the detail.
import { describe, expect, it } from 'vitest';
import { completeAt, cursorContext } from '../../server/src/engine/complete';
import { gateCatalog, loadVersion } from '../../server/src/engine/knowledge';
import type { KubeVersion } from '../../server/src/engine/types';
import { featureGatesFile, hasShared, readGatedSummary, sharedTitle, type GatedSummaryRow as Row } from '../support/shared';
import { marked } from './harness';

const V: KubeVersion = '1.37';

/** A manifest whose last line is the first two letters of the path's last key, with the cursor after them. */
function skeleton(row: Row): string {
  const segs = row.path.split('.');
  const lines = [`apiVersion: ${row.apiVersion}`, `kind: ${row.kindOrType}`];
  let col = 0;
  let dash = false;
  const prefix = () => (dash ? `${' '.repeat(col - 2)}- ` : ' '.repeat(col));
  for (const seg of segs.slice(0, -1)) {
    const list = seg.endsWith('[]');
    lines.push(`${prefix()}${seg.replace('[]', '')}:`);
    dash = list;
    col += list ? 4 : 2;
  }
  const last = segs[segs.length - 1];
  lines.push(`${prefix()}${last.slice(0, 2)}|`);
  return lines.join('\n') + '\n';
}

describe('completion context on incomplete YAML', () => {
  it('places a partial key under spec, in list items and in nested lists', () => {
    const a = marked('apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n    ports:\n    - containerPort: 1\n      |\n');
    expect(cursorContext(a.text, a.position)?.path).toEqual([
      { key: 'spec' },
      { key: 'containers' },
      { item: true },
      { key: 'ports' },
      { item: true },
    ]);
    const b = marked('kind: Pod\nspec:\n  nodeName: x\n  sk|\n  hostname: y\n');
    const ctx = cursorContext(b.text, b.position)!;
    expect(ctx.mode).toBe('key');
    expect(ctx.prefix).toBe('sk');
    expect(ctx.siblings.sort()).toEqual(['hostname', 'nodeName']);
    expect(cursorContext('a: |\n  text # not a key\n'.replace('# not a key', ''), { line: 1, character: 4 })).toBeUndefined();
    expect(cursorContext('# comment |', { line: 0, character: 10 })).toBeUndefined();
  });
});

describe.skipIf(!hasShared)(sharedTitle('completion offers every tagged gated field of 1.37'), { timeout: 120_000 }, () => {
  it('offers the field with its gate in the detail', () => {
    const notGates = featureGatesFile().names_that_are_not_gates;
    const idx = loadVersion(V);
    const inputs = { version: V, data: idx.data, gates: gateCatalog() };
    const rows = readGatedSummary().filter(
      (r) =>
        r.version === V &&
        r.gateSource === 'tag' &&
        !r.enumValue &&
        !r.path.includes('*') &&
        !r.path.startsWith('(') &&
        idx.kinds.has(`${r.apiVersion} ${r.kindOrType}`),
    );
    expect(rows.length).toBeGreaterThan(50);
    const misses: string[] = [];
    for (const row of rows) {
      const { text, position } = marked(skeleton(row));
      const last = row.path.split('.').pop()!.replace('[]', '');
      const items = completeAt(text, position, inputs);
      const item = items.find((i) => i.label === last);
      const gate = notGates[row.gate]?.alias_of ?? row.gate;
      if (!item || !item.detail?.includes(gate)) misses.push(`${row.apiVersion} ${row.kindOrType} ${row.path} (${row.gate})`);
    }
    expect(misses, misses.slice(0, 10).join('\n')).toEqual([]);
  });

  it('offers gate names of the version in a kubeadm feature-gates value, without the ones already set', () => {
    const ref = featureGatesFile();
    const all = [...ref.gates, ...Object.values(ref.gates_not_on_page)];
    const present = all.filter((g) => g.by_version[V]?.exists === true).map((g) => g.name);
    const absent = all.filter((g) => g.by_version[V]?.exists === false).map((g) => g.name);
    const set = present[0];
    const src = [
      'apiVersion: kubeadm.k8s.io/v1beta4',
      'kind: ClusterConfiguration',
      'apiServer:',
      '  extraArgs:',
      '  - name: feature-gates',
      `    value: "${set}=true,|"`,
      '',
    ].join('\n');
    const { text, position } = marked(src);
    const labels = new Set(completeAt(text, position, { version: V, data: loadVersion(V).data, gates: gateCatalog() }).map((e) => e.label));
    expect(labels.has(set)).toBe(false);
    expect(present.slice(1).filter((g) => !labels.has(g))).toEqual([]);
    expect(absent.filter((g) => labels.has(g) && !present.includes(g))).toEqual([]);
  });
});

describe.skipIf(!hasShared)(sharedTitle('completion inserts the shape of the value'), () => {
  const inputs = () => ({ version: V, data: loadVersion(V).data, gates: gateCatalog() });

  it('a gated list of allowed values becomes a list item with a choice of exactly those values', () => {
    // The ResourceSlice field and its values are read from ../shared (gated-field summary + fields.json).
    const row = readGatedSummary().find((r) => r.version === V && r.kindOrType === 'ResourceSlice' && r.gateSource === 'tag' && r.path === 'spec.skipNodeOperations')!;
    const field = loadVersion(V).data.types['resource.v1.ResourceSliceSpec']?.fields.find((f) => f.name === 'skipNodeOperations');
    const values = field?.enum ? loadVersion(V).data.enums[field.enum]! : [];
    expect(values.length).toBeGreaterThan(1);
    const { text, position } = marked(`apiVersion: ${row.apiVersion}\nkind: ResourceSlice\nspec:\n  driver: d\n  sk|\n`);
    const item = completeAt(text, position, inputs()).find((e) => e.label === 'skipNodeOperations')!;
    expect(item.snippet).toBe(true);
    const escaped = values.map((v) => v.replace(/[\\,|$}]/g, (c) => `\\${c}`));
    expect(item.insertText).toBe(`skipNodeOperations:\n  - \${1|${escaped.join(',')}|}$0`);
  });

  it('an object with explicitly required scalar fields gets them as tab stops; a plain string stays plain', () => {
    const row = readGatedSummary().find((r) => r.version === V && r.kindOrType === 'ResourceSlice' && r.path === 'spec.skipNodeOperations')!;
    const { text, position } = marked(`apiVersion: ${row.apiVersion}\nkind: ResourceSlice\nspec:\n  driver: d\n  po|\n`);
    const pool = completeAt(text, position, inputs()).find((e) => e.label === 'pool')!;
    const poolType = loadVersion(V).data.types['resource.v1.ResourcePool']!;
    const required = poolType.fields.filter((f) => f.required && 's' in f.type).map((f) => f.name);
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) expect(pool.insertText).toMatch(new RegExp(`^    ${name}: \\$\\d+`, 'm'));
    const nodeName = completeAt(text.replace('po\n', 'nodeN\n'), { line: position.line, character: 7 }, inputs()).find((e) => e.label === 'nodeName')!;
    expect(nodeName.insertText).toBe('nodeName: ');
    expect(nodeName.snippet).toBeFalsy();
  });
});
