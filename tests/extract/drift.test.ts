// Source drift of hand-written rows: a declaration's code (without comments or layout) at the recorded commit
// against the checkout, on a small git repository the test writes.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDrift, compareDeclaration, declarationCode, namedDeclarations, sourcesInModule, sourcesInTsv } from '../../scripts/extract/drift';
import { recordedSources } from '../../scripts/extract/drift-sources';
import { go, tempDir } from './fixture-tree';

const V1 = go(
  'package validation',
  '',
  'const MaxWidgets = 8',
  '',
  '// ValidateWidget checks a widget.',
  'func ValidateWidget(w *Widget) []error {',
  '\tif len(w.Name) > MaxWidgets {',
  '\t\treturn []error{errTooLong}',
  '\t}',
  '\treturn nil',
  '}',
  '',
  'func (q Quantity) Check() bool { return q.n > 0 }',
);

describe('declarations', () => {
  it('finds functions, methods and const specs, without comments or layout', () => {
    expect(declarationCode(V1, 'ValidateWidget')).toBe('func ValidateWidget ( w * Widget ) [ ] error { if len ( w . Name ) > MaxWidgets { return [ ] error { errTooLong } } return nil }');
    expect(declarationCode(V1, 'Quantity.Check')).toBe('func ( q Quantity ) Check ( ) bool { return q . n > 0 }');
    expect(declarationCode(V1, 'MaxWidgets')).toBe('MaxWidgets = 8');
    expect(declarationCode(V1, 'Missing')).toBeUndefined();
    expect(namedDeclarations('ParseQuantity / Quantity.UnmarshalJSON (suffixes)')).toEqual(['ParseQuantity', 'Quantity.UnmarshalJSON']);
  });

  it('tells a code change from a comment change', () => {
    const commentOnly = V1.replace('// ValidateWidget checks a widget.', '// ValidateWidget checks a widget (reworded).').replace('\treturn nil', '\treturn nil // fine');
    expect(compareDeclaration(V1, commentOnly, 'ValidateWidget')).toEqual({ status: 'unchanged' });
    const changed = V1.replace('> MaxWidgets', '>= MaxWidgets');
    expect(compareDeclaration(V1, changed, 'ValidateWidget (too long)')).toEqual({ status: 'changed', detail: 'ValidateWidget changed' });
    expect(compareDeclaration(V1, V1.replace(/func ValidateWidget[\s\S]*?\n}\n/, ''), 'ValidateWidget')).toMatchObject({ status: 'gone' });
  });
});

describe('drift against a checkout', () => {
  it('reports the rows whose function changed since the recorded commit', () => {
    const dir = tempDir('drift-repo');
    const git = (...args: string[]): string => execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { encoding: 'utf8' }).trim();
    git('init', '-q');
    fs.mkdirSync(path.join(dir, 'pkg'));
    fs.writeFileSync(path.join(dir, 'pkg/validation.go'), V1);
    git('add', '.');
    git('commit', '-qm', 'one');
    const first = git('rev-parse', 'HEAD');
    fs.writeFileSync(path.join(dir, 'pkg/validation.go'), V1.replace('const MaxWidgets = 8', 'const MaxWidgets = 9'));
    const rows = [
      { repo: 'example/k', path: 'pkg/validation.go', commit: first, fn: 'ValidateWidget (length)', where: 'a' },
      { repo: 'example/k', path: 'pkg/validation.go', commit: first, fn: 'ValidateWidget (other rule)', where: 'b' },
      { repo: 'example/k', path: 'pkg/validation.go', commit: first, fn: 'MaxWidgets', where: 'c' },
      { repo: 'example/k', path: 'pkg/validation.go', commit: 'f'.repeat(40), fn: 'MaxWidgets', where: 'd' },
      { repo: 'example/other', path: 'x.go', commit: first, fn: 'X', where: 'e' },
    ];
    const results = checkDrift(rows, { 'example/k': { dir } });
    expect(results.map((r) => [r.fn, r.status, r.rows])).toEqual([
      ['MaxWidgets', 'changed', 1],
      ['MaxWidgets', 'unknown', 1],
      ['ValidateWidget (length)', 'unchanged', 2],
      ['X', 'unknown', 1],
    ]);
  });

  it('collects the recorded sources of the project: rule tables and hand-read TSV tables', async () => {
    const mod = { A: { repo: 'r/x', path: 'p.go', commit: 'abc1234', fn: 'F' }, list: [{ source: { repo: 'r/x', path: 'q.go', commit: 'abc1234', fn: 'G' } }] };
    expect(sourcesInModule(mod, 'm').map((s) => s.fn)).toEqual(['F', 'G']);
    expect(sourcesInTsv('# a\tb\nname\t1\tkubernetes/kubernetes pkg/x.go@0123abcd Fn (why)\n', 't')).toEqual([
      { repo: 'kubernetes/kubernetes', path: 'pkg/x.go', commit: '0123abcd', fn: 'Fn (why)', where: 't' },
    ]);
    const all = await recordedSources(path.resolve(__dirname, '..', '..'));
    expect(all.length).toBeGreaterThan(10);
    expect(all.every((s) => /^[0-9a-f]{7,40}$/.test(s.commit) && s.repo.includes('/'))).toBe(true);
  });
});
