// "Disable CODE on this line" and "Disable CODE in this file": every finding gets them (through Analysis.fixes,
// as the language server and the CLI ask), and applying one silences exactly that finding.
// Internal imports: `fixes` (the fix table and the edit applier, to apply each disable fix to its text).
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CODES, Analysis, CODE_TABLE, type Finding, type Fix, applyRangeEdits } from '../../server/src/engine';
import { FIXES } from '../../server/src/engine/fixes';

const analysis = new Analysis({ version: '1.37', file: 'cm.yaml' });

function fixesOf(text: string): Map<Finding, Fix[]> {
  const report = analysis.check(text);
  return analysis.fixes(text, report, report.findings, { offerSetting: false });
}

function apply(text: string, title: RegExp, code: string): string {
  const [finding, fixes] = [...fixesOf(text)].find(([f]) => f.code === code)!;
  const fix = fixes.find((x) => title.test(x.title));
  expect(fix, `${finding.code}: ${fixes.map((x) => x.title).join(' | ')}`).toBeDefined();
  return applyRangeEdits(text, fix!.edits.flatMap((e) => ('range' in e ? [e] : [])));
}

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  bogus: 1\ndata:\n  a: b\nbogus2: 2\n';

describe('disable fixes', () => {
  it('are offered for every finding, after its own fixes, marked as suppressions', () => {
    const fixes = fixesOf(CM);
    expect(fixes.size).toBeGreaterThan(0);
    for (const [f, list] of fixes) {
      const disable = list.filter((x) => x.suppression);
      expect(disable.map((x) => x.title)).toEqual([`Disable ${f.code} on this line`, `Disable ${f.code} in this file`]);
      expect(list.slice(-2)).toEqual(disable);
    }
  });

  it('on this line: a disable-next-line comment above, indented like the line; the finding is gone, the others stay', () => {
    const before = analysis.check(CM).findings.map((f) => `${f.code}:${f.path}`);
    expect(before).toEqual(['unknown-field:metadata.bogus', 'unknown-field:bogus2']);
    const after = apply(CM, /on this line/, 'unknown-field');
    expect(after).toBe('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  # kubegate-disable-next-line unknown-field\n  bogus: 1\ndata:\n  a: b\nbogus2: 2\n');
    expect(analysis.check(after).findings.map((f) => `${f.code}:${f.path}`)).toEqual(['unknown-field:bogus2']);
  });

  it('on this line: adds the code to a disable-next-line comment already above', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: b\n# kubegate-disable-next-line yaml-syntax\nbogus2: 2\n';
    const after = apply(text, /on this line/, 'unknown-field');
    expect(after).toBe(text.replace('yaml-syntax', 'yaml-syntax, unknown-field'));
    expect(analysis.check(after).findings).toEqual([]);
  });

  it('in this file: one disable-file comment after the leading comments (a version comment keeps its line), for every document', () => {
    const text = `# kubegate: kubernetes-version=1.36\n${CM}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: z\nextra: 1\n`;
    expect(analysis.check(text).findings.map((f) => f.code)).toEqual(['unknown-field', 'unknown-field', 'unknown-field']);
    const after = apply(text, /in this file/, 'unknown-field');
    expect(after).toBe(`# kubegate: kubernetes-version=1.36\n# kubegate-disable-file unknown-field\n${CM}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: z\nextra: 1\n`);
    expect(analysis.check(after).findings).toEqual([]);
    // A second code joins the same comment.
    const two = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: 0700\nbogus: 1\n';
    const once = apply(two, /in this file/, 'unknown-field');
    expect(once.split('\n')[0]).toBe('# kubegate-disable-file unknown-field');
    expect(analysis.check(once).findings.map((f) => f.code)).toEqual(['invalid-value']);
    const twice = apply(once, /in this file/, 'invalid-value');
    expect(twice.split('\n')[0]).toBe('# kubegate-disable-file unknown-field, invalid-value');
    expect(analysis.check(twice).findings).toEqual([]);
  });

  it('none for JSON input (JSON has no comments)', () => {
    const json = '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x"}, "bogus": 1}\n';
    const fixes = fixesOf(json);
    expect([...fixes.keys()].map((f) => f.code)).toEqual(['unknown-field']);
    for (const list of fixes.values()) expect(list.filter((x) => x.suppression)).toEqual([]);
  });

  it('never puts a comment line inside a scalar that spans lines', () => {
    // The finding on the line after `key: |` sits in a block scalar's first content line: no line fix there.
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: |\n    text\nbogus: 1\n';
    const fixes = fixesOf(text);
    const [, list] = [...fixes].find(([f]) => f.code === 'unknown-field')!;
    expect(list.map((x) => x.title)).toContain('Disable unknown-field on this line');
    // A finding whose line starts inside the block scalar gets only the file fix.
    const inside: Finding = { ...[...fixes.keys()][0]!, range: { start: { line: 6, character: 4 }, end: { line: 6, character: 8 } } };
    const report = analysis.check(text);
    const forInside = analysis.fixes(text, report, [inside], { offerSetting: false }).get(inside)!;
    expect(forInside.filter((x) => x.suppression).map((x) => x.title)).toEqual(['Disable unknown-field in this file']);
  });
});

describe('fixability in the registry', () => {
  it('the codes the registry calls fixable are exactly those with fix builders', () => {
    expect(ALL_CODES.filter((c) => CODE_TABLE[c].fixable)).toEqual(ALL_CODES.filter((c) => FIXES[c] !== undefined));
  });

  it('a finding with fixes of its own (not only disable comments) has a code the registry calls fixable', () => {
    const dir = path.join(__dirname, '..', '..', 'examples');
    const texts = readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => readFileSync(path.join(dir, f), 'utf8'));
    texts.push(CM, 'apiVersion: apps/v1\nkind: Deplyment\nmetadata:\n  name: x\n');
    let own = 0;
    for (const text of texts) {
      for (const [f, list] of fixesOf(text)) {
        if (!list.some((x) => !x.suppression)) continue;
        own++;
        expect(CODE_TABLE[f.code].fixable, f.code).toBe(true);
      }
    }
    expect(own).toBeGreaterThan(2);
  });
});
