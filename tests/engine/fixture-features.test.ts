// Hover and quick fixes on a multi-file fixture, through the engine's public entry point only (the helpers of
// tests/support/fixture.ts): the hover of a gated field names its gate and KEP; the quick fix of its warning
// enables the gate in the kind config that governs the file, and the fixed project has no warning left.
import { describe, expect, it } from 'vitest';
import { checkFixture, fixesFixture, hoverFixture, lineCodes, parseFixture, shown } from '../support/fixture';

const FIXTURE = `# A ResourceSlice under a kind cluster whose config does not enable the gate its field needs.
#== cluster/kind.yaml
kind: Cluster
apiVersion: kind.x-k8s.io/v1alpha4
featureGates:
  DRAConsumableCapacity: true
#== cluster/apps/slice.yaml
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: s
spec:
  driver: gpu.example.com
  nodeName: node-1
  pool: {name: p, generation: 1, resourceSliceCount: 1}
  skip‸NodeOperations: ["*"]   # expect: feature-gate
`;

describe('hover and fixes through the project model', () => {
  const fixture = parseFixture(FIXTURE);

  it('the cursor is cut from the text and the expectations hold', () => {
    const slice = fixture.files.find((f) => f.path === 'cluster/apps/slice.yaml')!;
    expect(slice.cursor).toEqual({ line: 8, character: 6 });
    expect(slice.text).toContain('  skipNodeOperations: ["*"]');
    const reports = checkFixture(fixture);
    for (const f of fixture.files) expect(lineCodes(shown(reports.get(f.path)!)), f.path).toEqual(f.expected);
  });

  it('hover names the gate, its state from the governing config and the KEP', async () => {
    const markdown = await hoverFixture(fixture, 'cluster/apps/slice.yaml');
    expect(markdown).toContain('DRAOptionalNodeOperations');
    expect(markdown).toMatch(/KEP-\d+/);
  });

  it('the fix enables the gate in the governing kind config, and then nothing is left to warn about', () => {
    const [entry] = fixesFixture(fixture, 'cluster/apps/slice.yaml').filter((x) => x.finding.code === 'feature-gate');
    const enable = entry!.fixes.find((f) => f.edits.some((e) => e.file === '/fixture/cluster/kind.yaml'));
    expect(enable?.title).toContain('DRAOptionalNodeOperations');
    const kind = fixture.files.find((f) => f.path === 'cluster/kind.yaml')!;
    const edits = enable!.edits.flatMap((e) => (e.file === '/fixture/cluster/kind.yaml' && 'range' in e ? [e] : []));
    expect(edits).toHaveLength(1);
    const lines = kind.text.split('\n');
    const { range, newText } = edits[0]!;
    // Apply the one edit (line/character range) to the config text.
    const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
    const fixed = kind.text.slice(0, offset(range.start)) + newText + kind.text.slice(offset(range.end));
    expect(fixed).toMatch(/^ {2}DRAOptionalNodeOperations: true$/m);
    const after = parseFixture(FIXTURE.replace('  DRAConsumableCapacity: true\n', fixed.split('featureGates:\n')[1]!).replace('   # expect: feature-gate', ''));
    const reports = checkFixture(after);
    expect(shown(reports.get('cluster/apps/slice.yaml')!)).toEqual([]);
  });
});
