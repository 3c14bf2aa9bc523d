// Comments that steer a check: target version, disable-next-line, disable to the end of the document.
// Internal imports: `check/directives` (the comment reader of the directives, a unit with no public surface).
// Also `codes` (defaultSeverity: a code's severity before settings), `parse/parseFile` (parseFile: the parser alone,
// below the check).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CODES, CODE_TABLE, supportedVersion, SUPPORTED_VERSIONS, OpenDocument, Analysis } from '../../server/src/engine';
import { defaultSeverity } from '../../server/src/engine/codes';
import { parseDirectives, yamlComments } from '../../server/src/engine/check/directives';
import { parseFile } from '../../server/src/engine/parse/parseFile';
import { analyze, check } from './helpers';
import { dataOf } from '../support/finding-data';

const BAD = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n';

describe('version directive', () => {
  it('reads # kubegate: kubernetes-version=… in the first 10 lines', () => {
    const text = `# kubegate: kubernetes-version=1.36\n${BAD}`;
    expect(analyze(text, '1.37').version).toBe('1.36');
    expect(parseDirectives(parseFile(`${'#\n'.repeat(10)}# kubegate: kubernetes-version=1.36\n${BAD}`)).version).toBeUndefined();
  });

  it('ignores an unsupported version and keeps it as badVersion', () => {
    const d = parseDirectives(parseFile(`# kubegate: kubernetes-version=1.20\n${BAD}`));
    expect(d.version).toBeUndefined();
    expect(d.badVersion?.raw).toBe('1.20');
  });

  it('parses version texts like the CLI flag', () => {
    expect(supportedVersion('1.37', 'tagged')).toBe('1.37');
    expect(supportedVersion('v1.36', 'tagged')).toBe('1.36');
    expect(supportedVersion('v1.35.2', 'tagged')).toBe('1.35');
    expect(supportedVersion('1.99', 'tagged')).toBeUndefined();
    expect(supportedVersion('latest', 'tagged')).toBeUndefined();
    for (const v of SUPPORTED_VERSIONS) expect(supportedVersion(`v${v}.0`, 'tagged')).toBe(v);
  });
});

describe('disable comments', () => {
  it('kubegate-disable-next-line silences the named code on the next line only', () => {
    const text = `${BAD}# kubegate-disable-next-line unknown-field\nfoo: 1\nbar: 2\n`;
    expect(check(text).findings.map((f) => f.path)).toEqual(['bar']);
  });

  it('kubegate-disable-next-line at the end of a line with content silences the next line, not its own', () => {
    const text = `${BAD}foo: 1 # kubegate-disable-next-line unknown-field\nbar: 2\nbaz: 3\n`;
    expect(check(text).findings.map((f) => [f.code, f.path, f.range.start.line])).toEqual([
      ['unknown-field', 'foo', 3],
      ['unknown-field', 'baz', 5],
    ]);
  });

  it('a code list that does not name the code leaves it', () => {
    const text = `${BAD}# kubegate-disable-next-line invalid-value, yaml11-scalar\nfoo: 1\n`;
    expect(check(text).findings.map((f) => f.path)).toEqual(['foo']);
  });

  it('kubegate-disable without codes silences everything to the end of the document', () => {
    const text = `${BAD}before: 1\n# kubegate-disable\nfoo: 1\nbar: 2\n---\n${BAD}baz: 3\n`;
    expect(check(text).findings.map((f) => f.path)).toEqual(['before', 'baz']);
  });

  it('a trailing comment works; # inside strings and block scalars does not count', () => {
    expect(yamlComments('a: "# kubegate-disable" # real\nb: |\n  # not a comment\n').map((c) => c.text)).toEqual(['# real']);
    const text = `${BAD}data:\n  x: "# kubegate-disable"\nfoo: 1\n`;
    expect(check(text).findings.map((f) => f.path)).toEqual(['foo']);
  });
});

describe('disable comments like ESLint: same line, unknown codes, unused', () => {
  const codesOf = (text: string, options: { reportUnusedDisables?: boolean } = {}) =>
    new Analysis({ version: '1.37', ...options }).check(text).findings.map((f) => `${f.code}:${f.range.start.line}:${f.range.start.character}-${f.range.end.character}:${dataOf(f, 'disable-comment')?.reason ?? f.path}`);

  it('kubegate-disable-line (a trailing comment) silences findings that start on its own line only', () => {
    const text = `${BAD}foo: 1 # kubegate-disable-line unknown-field\nbar: 2\nbaz: 3 # kubegate-disable-line\n`;
    expect(check(text).findings.map((f) => f.path)).toEqual(['bar']);
  });

  it('a name that is no finding code is a disable-comment warning at the name, with a did-you-mean', () => {
    const text = `${BAD}# kubegate-disable-next-line unknown-feild, nonsense\nfoo: 1\n`;
    const findings = new Analysis({ version: '1.37' }).check(text).findings;
    expect(codesOf(text)).toEqual(['disable-comment:3:29-42:unknown-code', 'disable-comment:3:44-52:unknown-code', 'unknown-field:4:0-3:foo']);
    const [typo, other] = findings.filter((f) => f.code === 'disable-comment');
    expect(typo!.severity).toBe('warning');
    expect(typo!.message).toBe('This disable comment silences nothing for "unknown-feild": it is not a Kubegate finding code');
    expect(typo!.fix).toBe('Did you mean unknown-field?');
    expect(typo!.data).toMatchObject({ rule: 'disable-comment', reason: 'unknown-code', name: 'unknown-feild', suggestion: 'unknown-field' });
    expect(other!.data?.['suggestion']).toBeUndefined();
  });

  it('reportUnusedDisables: a comment, or a listed code, that silences nothing is reported; used ones are not', () => {
    const text = `${BAD}# kubegate-disable-next-line unknown-field, invalid-value\nfoo: 1\n# kubegate-disable-next-line\nmetadata2: {}\nok: 1 # kubegate-disable-line yaml11-scalar\n`;
    // Without the option, only the findings that were not silenced.
    expect(codesOf(text)).toEqual(['unknown-field:7:0-2:ok']);
    expect(codesOf(text, { reportUnusedDisables: true })).toEqual([
      'disable-comment:3:44-57:unused',
      'unknown-field:7:0-2:ok',
      'disable-comment:7:30-43:unused',
    ]);
    const all = `${BAD}# kubegate-disable\n`;
    expect(codesOf(all, { reportUnusedDisables: true })).toEqual(['disable-comment:3:0-18:unused']);
  });
});

describe('disable comments: the same answer for the editor (incremental re-check) and the CLI', () => {
  it('an open document edited around a disable comment reports what a whole check reports', () => {
    const text = `${BAD}foo: 1 # kubegate-disable-line unknown-feild\n---\n${BAD}bar: 1 # kubegate-disable-line\n`;
    const context = { version: '1.37' as const };
    const open = new OpenDocument();
    const guard = { maxChars: 1_000_000 };
    open.update(text.replace('bar: 1', 'bar: 2'), context, guard);
    const edited = open.update(text, context, guard).findings.map((f) => `${f.code}:${f.range.start.line}`);
    expect(edited).toEqual(new Analysis(context).check(text).findings.map((f) => `${f.code}:${f.range.start.line}`));
    expect(edited).toEqual(['unknown-field:3', 'disable-comment:3']);
  });
});

describe('codes table', () => {
  it('the README codes table lists exactly the codes of the table, each with its default severity', () => {
    const readme = readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Finding codes'), readme.indexOf('\n## ', readme.indexOf('## Finding codes') + 3));
    const rows = [...section.matchAll(/^\| `([a-z0-9-]+)` \| ([a-z]+) \|/gm)].map((m) => [m[1]!, m[2]!] as const);
    expect(rows.length).toBeGreaterThan(0);
    expect([...new Set(rows.map(([c]) => c))].sort()).toEqual([...ALL_CODES].sort());
    for (const code of ALL_CODES) {
      expect(rows.filter(([c]) => c === code).map(([, sev]) => sev), code).toContain(defaultSeverity(code));
      expect(CODE_TABLE[code].summary.length).toBeGreaterThan(5);
    }
  });

  it('findings carry the default severity of their code', () => {
    for (const f of check(`${BAD}foo: 1\nmetadata2: yes\n`).findings) expect(f.severity).toBe(defaultSeverity(f.code));
  });
});

describe('version directive in a check', () => {
  it('checks the file against the version its comment names', () => {
    const text = `# kubegate: kubernetes-version=1.36
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d.example.com
  nodeName: n
  pool: {name: p, resourceSliceCount: 1}
  skipNodeOperations: [NodePrepareResources]
`;
    const codes = (version: '1.36' | '1.37') => check(text.replace('1.36', version)).findings.map((f) => f.code);
    expect(codes('1.36')).toContain('field-not-in-version');
    expect(codes('1.37')).not.toContain('field-not-in-version');
  });
});

describe('directives at their edges', () => {
  const paths = (text: string) => check(text).findings.map((f) => `${f.code}:${f.range.start.line}:${f.path ?? ''}`);

  it('a version or fragment directive counts on the tenth line, not on the eleventh; the first version directive wins', () => {
    const nine = '#\n'.repeat(9);
    expect(analyze(`${nine}# kubegate: kubernetes-version=1.36\n${BAD}`, '1.37').version).toBe('1.36');
    expect(analyze(`${nine}#\n# kubegate: kubernetes-version=1.36\n${BAD}`, '1.37').version).toBe('1.37');
    expect(analyze(`# kubegate: kubernetes-version=1.36\n# kubegate: kubernetes-version=1.35\n${BAD}`, '1.37').version).toBe('1.36');
    const fragment = 'spec:\n  replicas: 1\n';
    const refused = paths(fragment);
    expect(refused.length).toBeGreaterThan(0);
    expect(paths(`${nine}# kubegate: fragment\n${fragment}`)).toEqual([]);
    expect(paths(`${nine}#\n# kubegate: fragment\n${fragment}`)).toEqual(refused.map((p) => p.replace(/:(\d+):/, (_, l: string) => `:${Number(l) + 11}:`)));
  });

  it('kubegate-disable-file silences its codes in every document, wherever the comment is', () => {
    const text = `${BAD}foo: 1\nmetadata2: yes\n---\n${BAD}bar: 2\n# kubegate-disable-file unknown-field\n`;
    expect(check(text).findings.filter((f) => f.code === 'unknown-field')).toEqual([]);
    expect(check(text.replace('# kubegate-disable-file unknown-field', '# kubegate-disable-file invalid-value')).findings.filter((f) => f.code === 'unknown-field').map((f) => f.path)).toEqual(['foo', 'metadata2', 'bar']);
  });

  it('kubegate-disable reaches the last line of its document and no further; codes may be listed without spaces', () => {
    const text = `${BAD}# kubegate-disable unknown-field,yaml11-scalar\nfoo: 1\nlast: yes\n---\n${BAD}next: 1\n`;
    expect(paths(text)).toEqual(['unknown-field:10:next']);
  });

  it('a comment that names no kubegate directive, or a kubegate word inside a value, silences nothing', () => {
    const text = `${BAD}# kubegate-disabled\nfoo: 1\nbar: kubegate-disable # kubegate-disable-next-lines\nbaz: 1\n`;
    expect(paths(text).map((p) => p.split(':').pop())).toEqual(['foo', 'bar', 'baz']);
  });

  it('an unknown name without a near code says to name one, and is not reported again as unused', () => {
    const text = `${BAD}# kubegate-disable-next-line zzzzzzzz\nfoo: 1\n`;
    const [f] = new Analysis({ version: '1.37' }).check(text).findings.filter((x) => x.code === 'disable-comment');
    expect(f!.fix).toBe('Name a finding code (see Finding codes in the README), or remove the name.');
    expect(f!.data).toMatchObject({ rule: 'disable-comment', reason: 'unknown-code', name: 'zzzzzzzz' });
    expect(f!.data?.['suggestion']).toBeUndefined();
    // The name that is no code is reported once, also with reportUnusedDisables (not again as unused).
    expect(new Analysis({ version: '1.37', reportUnusedDisables: true }).check(text).findings.filter((x) => x.code === 'disable-comment').map((x) => x.data?.['reason'])).toEqual(['unknown-code']);
  });

  it('a comment that opens the text belongs to the first document: kubegate-disable there ends with it', () => {
    const text = `# kubegate-disable unknown-field\n${BAD}foo: 1\n---\n${BAD}bar: 1\n`;
    expect(paths(text)).toEqual(['unknown-field:9:bar']);
  });

  it('a # line inside a block scalar that starts at the left margin is text, not a directive', () => {
    expect(yamlComments('--- |\n# kubegate-disable-file\n')).toEqual([]);
    expect(yamlComments('--- |\n# kubegate-disable-file\n--- # real\n').map((c) => c.text)).toEqual(['# real']);
  });

  it('what the unused-comment findings say', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\n# kubegate-disable-next-line\nmetadata: {name: x}\n# kubegate-disable-next-line invalid-value\ndata: {a: b}\n';
    const found = new Analysis({ version: '1.37', reportUnusedDisables: true }).check(text).findings;
    expect(found.filter((f) => f.code === 'disable-comment').map((f) => [f.message, f.fix])).toEqual([
      ['This disable comment silences nothing: no finding is reported where it applies', 'Remove the comment.'],
      ['This disable comment silences nothing for invalid-value: no such finding is reported where it applies', 'Remove invalid-value from the comment.'],
    ]);
  });

  it('the editor re-checking one document applies a kubegate-disable-file of another document to the whole file', () => {
    const text = `${BAD}foo: 1\n---\n${BAD}# kubegate-disable-file unknown-field\nbar: 1\n`;
    const context = { version: '1.37' as const };
    const open = new OpenDocument();
    const guard = { maxChars: 1_000_000 };
    open.update(text.replace('bar: 1', 'bar: 2'), context, guard);
    const edited = open.update(text, context, guard).findings.map((f) => `${f.code}:${f.range.start.line}`);
    expect(edited).toEqual(new Analysis(context).check(text).findings.map((f) => `${f.code}:${f.range.start.line}`));
    expect(edited.filter((c) => c.startsWith('unknown-field'))).toEqual([]);
  });

  it('the disable-comment finding of a comment in the second document belongs to that document', () => {
    const text = `${BAD}---\n${BAD}foo: 1 # kubegate-disable-line nonsense-code\n`;
    const [f] = new Analysis({ version: '1.37' }).check(text).findings.filter((x) => x.code === 'disable-comment');
    expect(f!.document).toBe(1);
    expect(f!.range.start.line).toBe(7);
  });
});
