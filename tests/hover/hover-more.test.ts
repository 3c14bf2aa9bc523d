// More hover positions: a gated enum value, a kind-level gate, a static Pod's --feature-gates flag, List items,
// and the optional cluster OpenAPI description hook. Facts are read from ../shared.
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTitle } from '../support/shared';
import { hoverAt, hoverWithClusterDescription } from '../../server/src/engine/hover';
import { gatedFieldRows, hasShared, readShared } from '../gates/shared-data';

const V = '1.37';

describe.skipIf(!hasShared)(sharedTitle('hover: values, kinds, flags, lists'), () => {
  let rows: Record<string, string>[];
  beforeAll(() => {
    rows = gatedFieldRows(V);
  });

  it('a gated enum value shows the gate of that value', () => {
    const r = rows.find((x) => x['apiVersion'] === 'v1' && x['kindOrType'] === 'Pod' && x['enumValue'] && x['path'] === 'spec.tolerations[].operator')!;
    const text = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  tolerations:\n  - key: k\n    operator: ${r['enumValue']}\n    value: "1"\n`;
    const h = hoverAt(text, { line: 7, character: 15 }, { version: V })!;
    expect(h.markdown).toContain(`Feature gate \`${r['gate']}\``);
    expect(h.markdown).toContain(`\`${r['enumValue']}\``);
    expect(h.markdown).toMatch(/rejects the value/);
  });

  it('a kind with a kind-level gate shows the gate on apiVersion/kind', () => {
    const r = rows.find((x) => x['path'] === '(kind)' && x['apiVersion']!.includes('/'))!;
    const text = `apiVersion: ${r['apiVersion']}\nkind: ${r['kindOrType']}\nmetadata:\n  name: w\n`;
    const h = hoverAt(text, { line: 1, character: 8 }, { version: V })!;
    expect(h.markdown).toContain(`Feature gate \`${r['gate']}\``);
    expect(h.markdown).toContain(`\`${r['apiVersion']}\``);
  });

  it('a gate name in a control-plane static Pod --feature-gates flag', () => {
    const r = rows.find((x) => x['kindOrType'] === 'ResourceSlice' && x['path'] === 'spec.skipNodeOperations')!;
    const arg = `--feature-gates=${r['gate']}=true`;
    const text = `apiVersion: v1\nkind: Pod\nmetadata:\n  name: kube-apiserver\nspec:\n  containers:\n  - name: kube-apiserver\n    image: registry.example/kube-apiserver:v1\n    command:\n    - kube-apiserver\n    - ${arg}\n`;
    const col = '    - '.length + '--feature-gates='.length + 3;
    const h = hoverAt(text, { line: 10, character: col }, { version: V })!;
    expect(h.markdown).toContain(`Feature gate \`${r['gate']}\``);
    expect(h.range.start.character).toBe('    - --feature-gates='.length);
  });

  it('items of a v1 List are hovered as objects of their own', () => {
    const r = rows.find((x) => x['kindOrType'] === 'ResourceSlice' && x['path'] === 'spec.skipNodeOperations')!;
    const text = `apiVersion: v1\nkind: List\nitems:\n- apiVersion: ${r['apiVersion']}\n  kind: ResourceSlice\n  metadata:\n    name: s\n  spec:\n    skipNodeOperations: []\n`;
    const h = hoverAt(text, { line: 8, character: 6 }, { version: V })!;
    expect(h.markdown).toContain(`Feature gate \`${r['gate']}\``);
    expect(h.target).toEqual({ apiVersion: r['apiVersion'], kind: 'ResourceSlice', path: r['path'] });
  });

  it('a connected cluster adds its OpenAPI description; a failing provider leaves the offline view', async () => {
    const kinds = readShared<{ kinds: { apiVersion: string; kind: string; removedInThisVersion: boolean }[] }>('upstream/k8s-1.37/kinds.json');
    const pod = kinds.kinds.find((k) => k.kind === 'Pod' && !k.removedInThisVersion)!;
    const text = `apiVersion: ${pod.apiVersion}\nkind: Pod\nmetadata:\n  name: p\nspec:\n  nodeName: n\n`;
    const asked: string[] = [];
    const withText = await hoverWithClusterDescription(text, { line: 5, character: 4 }, { version: V }, async (a, k, p) => {
      asked.push(`${a} ${k} ${p}`);
      return 'description from the test provider';
    });
    expect(asked).toEqual([`${pod.apiVersion} Pod spec.nodeName`]);
    expect(withText!.markdown).toContain('description from the test provider');
    const failing = await hoverWithClusterDescription(text, { line: 5, character: 4 }, { version: V }, async () => {
      throw new Error('unreachable');
    });
    expect(failing!.markdown).toBe(hoverAt(text, { line: 5, character: 4 }, { version: V })!.markdown);
  });

  it('nothing to show outside a document or on an unknown kind', () => {
    expect(hoverAt('# only a comment\n', { line: 0, character: 3 }, { version: V })).toBeNull();
    expect(hoverAt('apiVersion: example.com/v1\nkind: Widget\nspec:\n  a: 1\n', { line: 3, character: 2 }, { version: V })).toBeNull();
  });
});
