// The text-edit primitives behind every fix (no Kubernetes facts needed): style detection, inserts into
// block and flow mappings and sequences, pair deletion, flag values — everything else byte-for-byte.
// Internal imports: `fixes/text` (the text edit helpers of the fixes, a unit with no public surface).
// Also `fixes/yaml-edits`, `fixes/gate-maps`, `fixes/yaml-nodes` (the YAML edits and node lookups the fixes are made
// of), `gates/feature-gates-flag` (parseFeatureGatesValue: a --feature-gates value read back).
import { parseAllDocuments, type YAMLMap } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyRangeEdits } from '../../server/src/engine';
import { applyOffsetEdits, positionAt, offsetAt } from '../../server/src/engine/fixes/text';
import { appendToBlockMap, appendToFlowMap, deletePair, styleOf, type OffsetEdit } from '../../server/src/engine/fixes/yaml-edits';
import { enableInArgList, enableInFlagValue, enableInGateMap } from '../../server/src/engine/fixes/gate-maps';
import { parseFeatureGatesValue } from '../../server/src/engine/gates/feature-gates-flag';
import { pairAt, pairByKey, yamlDocs } from '../../server/src/engine/fixes/yaml-nodes';

type M = YAMLMap<unknown, unknown>;
const root = (t: string) => parseAllDocuments(t)[0].contents as M;
const run = (t: string, e: OffsetEdit | undefined) => {
  expect(e).toBeDefined();
  return applyOffsetEdits(t, [e!]);
};

describe('styleOf', () => {
  it('reads the indent unit and whether list dashes are indented', () => {
    expect(styleOf('a:\n    b: 1\nc:\n- x\n')).toMatchObject({ unit: 4, seqIndented: false, eol: '\n' });
    expect(styleOf('a:\n  - x\n')).toMatchObject({ unit: 2, seqIndented: true });
    expect(styleOf('a: 1\r\nb: 2\r\n').eol).toBe('\r\n');
    expect(styleOf('x: "a: b: c: d:' + ' e:'.repeat(5000) + '"\n').unit).toBe(2);
  });
});

describe('appendToBlockMap', () => {
  it('inserts after the last entry, before trailing comments, at the entries indent', () => {
    const t = 'm:\n  a: 1 # one\n  # trailing\nz: 2\n';
    expect(run(t, appendToBlockMap(t, pairByKey(root(t), 'm')!.value as M, [[0, 'b: 2']], styleOf(t)))).toBe(
      'm:\n  a: 1 # one\n  b: 2\n  # trailing\nz: 2\n',
    );
  });
  it('handles a block scalar as the last value and a file without a final line break', () => {
    const t = 'm:\n  s: |\n    hello\nz: 2';
    expect(run(t, appendToBlockMap(t, pairByKey(root(t), 'm')!.value as M, [[0, 'n: 1']], styleOf(t)))).toBe('m:\n  s: |\n    hello\n  n: 1\nz: 2');
    expect(run(t, appendToBlockMap(t, root(t), [[0, 'n: 1']], styleOf(t)))).toBe(`${t}\nn: 1\n`);
  });
});

describe('appendToFlowMap', () => {
  it('fills {} and appends after the last entry', () => {
    const t1 = 'g: {}\n';
    expect(run(t1, appendToFlowMap(t1, pairByKey(root(t1), 'g')!.value as M, 'A: true'))).toBe('g: {A: true}\n');
    const t2 = 'g: { B: false }\n';
    expect(run(t2, appendToFlowMap(t2, pairByKey(root(t2), 'g')!.value as M, 'A: true'))).toBe('g: { B: false, A: true }\n');
  });
});

describe('deletePair', () => {
  it('removes the lines of a nested pair and keeps the dash for the next key of an item', () => {
    const t = 'l:\n- a: 1\n  b:\n    c: 2\n  d: 3 # keep\n';
    const item = (root(t).items[0].value as { items: M[] }).items[0];
    expect(run(t, deletePair(t, item, pairByKey(item, 'b')!))).toBe('l:\n- a: 1\n  d: 3 # keep\n');
    expect(run(t, deletePair(t, item, pairByKey(item, 'a')!))).toBe('l:\n- b:\n    c: 2\n  d: 3 # keep\n');
  });
});

describe('gate settings', () => {
  it('parses flag values with the offsets of whole items', () => {
    expect(parseFeatureGatesValue('A=true, B=false').map((p) => [p.name, p.raw, p.itemStart, p.itemEnd])).toEqual([
      ['A', 'true', 0, 6],
      ['B', 'false', 7, 15],
    ]);
  });
  it('turns a gate on in maps (new map, null map) and leaves an enabled one alone', () => {
    const t1 = 'kind: X\n';
    expect(run(t1, enableInGateMap(t1, root(t1), 'G', styleOf(t1)))).toBe('kind: X\nfeatureGates:\n  G: true\n');
    const t2 = 'featureGates: # none yet\nkind: X\n';
    expect(run(t2, enableInGateMap(t2, root(t2), 'G', styleOf(t2)))).toBe('featureGates: # none yet\n  G: true\nkind: X\n');
    const t3 = 'featureGates:\n  G: true\n';
    expect(enableInGateMap(t3, root(t3), 'G', styleOf(t3))).toBeUndefined();
  });
  it('edits flag values in place, keeping quotes', () => {
    const t = "a: 'X=true'\nb: X=false,Y=true\nc: ''\n";
    const r = root(t);
    expect(run(t, enableInFlagValue(t, pairByKey(r, 'a')!.value, 'G'))).toBe("a: 'X=true,G=true'\nb: X=false,Y=true\nc: ''\n");
    expect(run(t, enableInFlagValue(t, pairByKey(r, 'b')!.value, 'X'))).toBe("a: 'X=true'\nb: X=true,Y=true\nc: ''\n");
    expect(enableInFlagValue(t, pairByKey(r, 'b')!.value, 'Y')).toBeUndefined();
    expect(run(t, enableInFlagValue(t, pairByKey(r, 'c')!.value, 'G'))).toBe("a: 'X=true'\nb: X=false,Y=true\nc: G=true\n");
  });
  it('adds an argument list entry in the list style of the file', () => {
    const t = 'c:\n  extraArgs:\n    - name: v\n      value: "2"\n';
    expect(run(t, enableInArgList(t, pairByKey(root(t), 'c')!.value as M, 'extraArgs', 'G', styleOf(t)))).toBe(
      `${t}    - name: feature-gates\n      value: G=true\n`,
    );
    const t2 = 'c:\n  other: 1\n';
    expect(run(t2, enableInArgList(t2, pairByKey(root(t2), 'c')!.value as M, 'extraArgs', 'G', styleOf(t2)))).toBe(
      `${t2}  extraArgs:\n    - name: feature-gates\n      value: G=true\n`,
    );
  });
});

describe('positions and lookup', () => {
  it('round-trips offsets and applies range edits in array order for equal positions', () => {
    const t = 'ab\ncd\n';
    expect(positionAt(t, 4)).toEqual({ line: 1, character: 1 });
    expect(offsetAt(t, { line: 1, character: 1 })).toBe(4);
    const at = { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } };
    expect(applyRangeEdits(t, [{ range: at, newText: '1' }, { range: at, newText: '2' }])).toBe('ab\n12cd\n');
  });
  it('finds the innermost pair by key, scalar value or collection start', () => {
    const t = 'a:\n  b:\n  - c: d\n';
    const [doc] = yamlDocs(t);
    expect(String((pairAt(doc, t.indexOf('c'))!.pair.key as { value: unknown }).value)).toBe('c');
    expect(String((pairAt(doc, t.indexOf('d'))!.pair.key as { value: unknown }).value)).toBe('c');
    expect(String((pairAt(doc, t.indexOf('-'))!.pair.key as { value: unknown }).value)).toBe('b');
  });
});
