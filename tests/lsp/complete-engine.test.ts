// Completion as engine functions (engine/complete), on incomplete YAML: every tagged gated field of the committed
// schemas/gated-fields-1.37.json is offered at its place, with its gate in the detail. Cursors are `‸` markers.
// Internal imports: `complete` (engine completion at a position, to compare with the server's answer).
// Also `knowledge` (kindEntry: a kind's entry in the type tables; not public).
import { describe, expect, it } from 'vitest';
import { completeAt, cursorContext } from '../../server/src/engine/complete';
import { gateCatalog, loadVersion, type KubeVersion } from '../../server/src/engine';
import { kindEntry } from '../../server/src/engine/knowledge';
import { committedGates, enumOf, gatedField, gatedFields, notGates, type GatedField as Row } from '../support/committed';
import { caret, cursor } from '../support/markers';

const V: KubeVersion = '1.37';

/** A manifest whose last line is the first two letters of the path's last key, with the cursor after them. */
function skeleton(row: Row): string {
  const segs = row.path.split('.');
  const lines = [`apiVersion: ${row.apiVersion}`, `kind: ${row.kind}`];
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
  lines.push(`${prefix()}${last.slice(0, 2)}‸`);
  return lines.join('\n') + '\n';
}

describe('completion context on incomplete YAML', () => {
  it('places a partial key under spec, in list items and in nested lists', () => {
    const a = cursor('apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n    ports:\n    - containerPort: 1\n      ‸\n');
    expect(cursorContext(a.text, a.position)?.path).toEqual([
      { key: 'spec' },
      { key: 'containers' },
      { item: true },
      { key: 'ports' },
      { item: true },
    ]);
    const b = cursor('kind: Pod\nspec:\n  nodeName: x\n  sk‸\n  hostname: y\n');
    const ctx = cursorContext(b.text, b.position)!;
    expect(ctx.mode).toBe('key');
    expect(ctx.prefix).toBe('sk');
    expect(ctx.siblings.sort()).toEqual(['hostname', 'nodeName']);
    // inside a block scalar, and inside a comment: no completion context
    const scalar = cursor('a: |\n  te‸xt\n');
    expect(cursorContext(scalar.text, scalar.position)).toBeUndefined();
    const comment = cursor('# comment ‸');
    expect(cursorContext(comment.text, comment.position)).toBeUndefined();
  });
});

describe('completion offers every tagged gated field of 1.37', { timeout: 120_000 }, () => {
  it('offers the field with its gate in the detail', () => {
    const aliases = notGates();
    const idx = loadVersion(V);
    const inputs = { version: V, data: idx.data, gates: gateCatalog() };
    const rows = gatedFields(V).filter(
      (r) => r.source === 'tag' && r.value === undefined && !r.path.includes('*') && !r.path.startsWith('(') && kindEntry(idx.data, r.apiVersion, r.kind) !== undefined,
    );
    expect(rows.length).toBeGreaterThan(50);
    const misses: string[] = [];
    for (const row of rows) {
      const { text, position } = cursor(skeleton(row));
      const last = row.path.split('.').pop()!.replace('[]', '');
      const items = completeAt(text, position, inputs);
      const item = items.find((i) => i.label === last);
      const gate = aliases[row.gate]?.alias_of ?? row.gate;
      if (!item || !item.detail?.includes(gate)) misses.push(`${row.apiVersion} ${row.kind} ${row.path} (${row.gate})`);
    }
    expect(misses, misses.slice(0, 10).join('\n')).toEqual([]);
  });

  it('offers gate names of the version in a kubeadm feature-gates value, without the ones already set', () => {
    const ref = committedGates();
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
      `    value: "${set}=true,‸"`,
      '',
    ].join('\n');
    const { text, position } = cursor(src);
    const labels = new Set(completeAt(text, position, { version: V, data: loadVersion(V).data, gates: gateCatalog() }).map((e) => e.label));
    expect(labels.has(set)).toBe(false);
    expect(present.slice(1).filter((g) => !labels.has(g))).toEqual([]);
    expect(absent.filter((g) => labels.has(g) && !present.includes(g))).toEqual([]);
  });
});

describe('completion inserts the shape of the value', () => {
  const inputs = () => ({ version: V, data: loadVersion(V).data, gates: gateCatalog() });

  it('a gated list of allowed values becomes a list item with a choice of exactly those values', () => {
    // The ResourceSlice field and its values are read from the committed schemas/ (gated fields + type data).
    const row = gatedField(V, 'ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1');
    const values = enumOf(V, 'resource.v1.ResourceSliceSpec', 'skipNodeOperations');
    expect(values.length).toBeGreaterThan(1);
    const { text, position } = cursor(`apiVersion: ${row.apiVersion}\nkind: ResourceSlice\nspec:\n  driver: d\n  sk‸\n`);
    const item = completeAt(text, position, inputs()).find((e) => e.label === 'skipNodeOperations')!;
    expect(item.snippet).toBe(true);
    const escaped = values.map((v) => v.replace(/[\\,|$}]/g, (c) => `\\${c}`));
    expect(item.insertText).toBe(`skipNodeOperations:\n  - \${1|${escaped.join(',')}|}$0`);
  });

  it('an object with explicitly required scalar fields gets them as tab stops; a plain string stays plain', () => {
    const row = gatedField(V, 'ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1');
    const { text, position } = cursor(`apiVersion: ${row.apiVersion}\nkind: ResourceSlice\nspec:\n  driver: d\n  po‸\n`);
    const pool = completeAt(text, position, inputs()).find((e) => e.label === 'pool')!;
    const poolType = loadVersion(V).data.types['resource.v1.ResourcePool']!;
    const required = poolType.fields.filter((f) => f.required && 's' in f.type).map((f) => f.name);
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) expect(pool.insertText).toMatch(new RegExp(`^    ${name}: \\$\\d+`, 'm'));
    const typed = cursor(`apiVersion: ${row.apiVersion}\nkind: ResourceSlice\nspec:\n  driver: d\n  ${caret('nodeN', 5)}\n`);
    const nodeName = completeAt(typed.text, typed.position, inputs()).find((e) => e.label === 'nodeName')!;
    expect(nodeName.insertText).toBe('nodeName: ');
    expect(nodeName.snippet).toBeFalsy();
  });
});
