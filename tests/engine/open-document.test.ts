// The report of an open document (engine/incremental/open-document.ts): the size guard, the text's version,
// the incremental re-check across edits and the severity overrides.
// Internal imports: `check/size-guard` (the size factor of the syntax-only check itself, so a case sits exactly at
// it).
// Also `codes/severity-overrides` (withSeverityOverrides on a bare report).
import { describe, expect, it } from 'vitest';
import { OpenDocument, type CheckOptions, Analysis } from '../../server/src/engine';
import { withSeverityOverrides } from '../../server/src/engine/codes/severity-overrides';
import { SYNTAX_ONLY_FACTOR, syntaxOnlyReport } from '../../server/src/engine/check/size-guard';
import { V } from './helpers';

const doc = (i: number) => `---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a${i}}\ndta${i}: 1\n`;
const MANY = [0, 1, 2, 3, 4, 5].map(doc).join('');
const LIMIT = { maxChars: 1_000_000 };

describe('Analysis.report without an open document', () => {
  it('is the whole-file check under the limit, against the version comment of the text', () => {
    const ctx: CheckOptions = { version: V, file: 'a.yaml' };
    expect(new Analysis(ctx).report(MANY, LIMIT)).toEqual(new Analysis(ctx).check(MANY));
    const commented = `# kubegate: kubernetes-version=1.36\n${MANY}`;
    expect(new Analysis(ctx).report(commented, LIMIT)).toEqual(new Analysis({ ...ctx, version: '1.36' }).check(commented));
  });

  it('gives syntax findings only over the limit, and file-too-large alone far over it', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  k: "unclosed\n';
    const over = new Analysis({ version: V }).report(text, { maxChars: 40 });
    expect(over).toEqual(syntaxOnlyReport(text, 40));
    expect(over.findings.map((f) => f.code)).toContain('file-too-large');
    expect(over.findings.filter((f) => f.code === 'yaml-syntax').length).toBeGreaterThan(0);
    expect(over.documents.every((d) => !d.checked && d.reason === 'file too large')).toBe(true);
    const far = new Analysis({ version: V }).report(text, { maxChars: Math.floor(text.length / SYNTAX_ONLY_FACTOR) - 1 });
    expect(far.findings.map((f) => f.code)).toEqual(['file-too-large']);
    expect(far.findings[0]!.data).toMatchObject({ size: text.length, lines: 6 });
  });

  it('applies severity overrides: a level replaces the severity, off drops the finding', () => {
    const plain = new Analysis({ version: V }).report(MANY, LIMIT).findings;
    const codes = [...new Set(plain.map((f) => f.code))];
    expect(codes.length).toBeGreaterThan(0);
    const hinted = new Analysis({ version: V }).report(MANY, { ...LIMIT, severity: { [codes[0]!]: 'hint' } }).findings;
    expect(hinted.filter((f) => f.code === codes[0]).every((f) => f.severity === 'hint')).toBe(true);
    const offReport = new Analysis({ version: V }).report(MANY, { ...LIMIT, severity: { [codes[0]!]: 'off' } });
    expect(offReport.findings).toEqual(plain.filter((f) => f.code !== codes[0]));
    // What `off` dropped is counted, never silent.
    expect(offReport.silenced).toEqual({ configuration: plain.filter((f) => f.code === codes[0]).length });
    expect(withSeverityOverrides({ documents: [], findings: plain }, {})).toEqual({ documents: [], findings: plain });
  });
});

describe('OpenDocument', () => {
  it('gives the whole-file report after each edit, checking again only what changed', () => {
    const ctx: CheckOptions = { version: V, file: 'a.yaml' };
    const open = new OpenDocument();
    expect(open.update(MANY, ctx, LIMIT)).toEqual(new Analysis(ctx).check(MANY));
    // The last edit adds an empty document (`---` then `---`): the next one keeps its own `---` line as its start.
    const edits = [MANY.replace('dta5: 1', 'dta5: 2'), MANY.replace('dta2: 1', 'data: {}'), MANY + doc(6), MANY.replace(doc(3), ''), MANY.replace(doc(3), `---\n${doc(3)}`)];
    for (const edit of edits) {
      expect(open.update(edit, ctx, LIMIT)).toEqual(new Analysis(ctx).check(edit));
    }
  });

  it('follows a change of context and of the version comment', () => {
    const open = new OpenDocument();
    open.update(MANY, { version: V }, LIMIT);
    const ctx: CheckOptions = { version: '1.36' };
    expect(open.update(MANY, ctx, LIMIT)).toEqual(new Analysis(ctx).check(MANY));
    const commented = `# kubegate: kubernetes-version=1.37\n${MANY}`;
    expect(open.update(commented, ctx, LIMIT)).toEqual(new Analysis(ctx).check(commented));
  });
});
