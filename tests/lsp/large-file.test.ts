// The size guard of an editor report (engine Analysis.report) as a function: a file over the limit gets only
// syntax findings, and those still say what to do.
import { describe, expect, it } from 'vitest';
import { Analysis, DEFAULT_VERSION } from '../../server/src/engine';

describe('size guard', () => {
  it('syntax findings of a file over the limit tell the user to fix the YAML', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  k: "unclosed\n';
    const report = new Analysis({ version: DEFAULT_VERSION }).report(text, { maxChars: 40 }); // over the guard, under four times it: the syntax is checked
    expect(report.findings.map((f) => f.code)).toContain('file-too-large');
    const syntax = report.findings.filter((f) => f.code === 'yaml-syntax');
    expect(syntax.length).toBeGreaterThan(0);
    for (const f of syntax) expect(f.fix).toBe('Fix the YAML.');
  });
});
