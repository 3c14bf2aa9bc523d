// More hover positions: a gated enum value, a kind-level gate, a static Pod's --feature-gates flag, List items,
// and the optional cluster OpenAPI description hook. Gates are read from the committed schemas/.
// Internal imports: `hover` (the hover view of one text and the cluster description step, apart).
import { describe, expect, it } from 'vitest';
import { explainGate, hoverAt, hoverWithClusterDescription } from '../../server/src/engine/hover';
import { nodeDataReader } from '../../server/src/host/data-files';
import { gatedField, gatedFields } from '../support/committed';
import { caret, cursor } from '../support/markers';

const V = '1.37';

describe('hover: values, kinds, flags, lists', () => {
  const skip = gatedField(V, 'ResourceSlice', 'spec.skipNodeOperations', 'resource.k8s.io/v1');

  it('a gated enum value shows the gate of that value', () => {
    const r = gatedFields(V).find((x) => x.apiVersion === 'v1' && x.kind === 'Pod' && x.value !== undefined && x.path === 'spec.tolerations[].operator')!;
    expect(r).toBeDefined();
    const { text, position, ranges } = cursor(
      `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  tolerations:\n  - key: k\n    operator: ⟦${caret(r.value!)}⟧\n    value: "1"\n`,
    );
    const h = hoverAt(text, position, { version: V })!;
    expect(h.markdown).toContain(`Feature gate \`${r.gate}\``);
    expect(h.markdown).toContain(`\`${r.value}\``);
    expect(h.markdown).toMatch(/rejects the value/);
    expect(h.range).toEqual(ranges[0]);
  });

  it('a kind with a kind-level gate shows the gate on apiVersion/kind', () => {
    const r = gatedFields(V).find((x) => x.path === '(kind)' && x.apiVersion.includes('/'))!;
    const { text, position } = cursor(`apiVersion: ${r.apiVersion}\nkind: ${caret(r.kind, 2)}\nmetadata:\n  name: w\n`);
    const h = hoverAt(text, position, { version: V })!;
    expect(h.markdown).toContain(`Feature gate \`${r.gate}\``);
    expect(h.markdown).toContain(`\`${r.apiVersion}\``);
  });

  it('a gate name in a control-plane static Pod --feature-gates flag', () => {
    const { text, position, ranges } = cursor(
      `apiVersion: v1\nkind: Pod\nmetadata:\n  name: kube-apiserver\nspec:\n  containers:\n  - name: kube-apiserver\n    image: registry.example/kube-apiserver:v1\n    command:\n    - kube-apiserver\n    - --feature-gates=⟦${caret(skip.gate, 3)}⟧=true\n`,
    );
    const h = hoverAt(text, position, { version: V })!;
    expect(h.markdown).toContain(`Feature gate \`${skip.gate}\``);
    expect(h.range).toEqual(ranges[0]);
  });

  it('items of a v1 List are hovered as objects of their own', () => {
    const { text, position, ranges } = cursor(
      `apiVersion: v1\nkind: List\nitems:\n- apiVersion: ${skip.apiVersion}\n  kind: ResourceSlice\n  metadata:\n    name: s\n  spec:\n    ⟦sk‸ipNodeOperations⟧: []\n`,
    );
    const h = hoverAt(text, position, { version: V })!;
    expect(h.markdown).toContain(`Feature gate \`${skip.gate}\``);
    expect(h.target).toEqual({ apiVersion: skip.apiVersion, kind: 'ResourceSlice', path: skip.path });
    expect(h.range).toEqual(ranges[0]);
  });

  it('a connected cluster adds its OpenAPI description; a failing provider leaves the offline view', async () => {
    const { text, position } = cursor('apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  no‸deName: n\n');
    const asked: string[] = [];
    const withText = await hoverWithClusterDescription(text, position, { version: V }, async (a, k, p) => {
      asked.push(`${a} ${k} ${p}`);
      return 'description from the test provider';
    });
    expect(asked).toEqual(['v1 Pod spec.nodeName']);
    expect(withText!.markdown).toContain('description from the test provider');
    const failing = await hoverWithClusterDescription(text, position, { version: V }, async () => {
      throw new Error('unreachable');
    });
    expect(failing!.markdown).toBe(hoverAt(text, position, { version: V })!.markdown);
  });

  it('nothing to show outside a document or on an unknown kind', () => {
    const comment = cursor('# o‸nly a comment\n');
    expect(hoverAt(comment.text, comment.position, { version: V })).toBeNull();
    const widget = cursor('apiVersion: example.com/v1\nkind: Widget\nspec:\n  ‸a: 1\n');
    expect(hoverAt(widget.text, widget.position, { version: V })).toBeNull();
  });
});

describe('hover: a KEP title with a double quote', () => {
  it('stays one Markdown link title (the quote becomes an apostrophe)', () => {
    // data other than what ships: the committed gates.json with one KEP title changed
    const shipped = nodeDataReader();
    const readData = (folder: Parameters<typeof shipped>[0], name: string): string => {
      const text = shipped(folder, name);
      if (name !== 'gates.json') return text;
      const catalog = JSON.parse(text) as { gates: Record<string, { kep?: { title: string } }> };
      catalog.gates['DRAOptionalNodeOperations']!.kep!.title = 'DRA "optional" node preparation';
      return JSON.stringify(catalog);
    };
    const md = explainGate('DRAOptionalNodeOperations', { version: V, knowledge: { readData } });
    const headline = md.split('\n')[0]!;
    expect(headline).toMatch(/ · \[KEP-5945\]\(https:\/\/kep\.k8s\.io\/5945 "DRA 'optional' node preparation"\)$/);
    expect(md).not.toContain('"optional"');
  });
});
