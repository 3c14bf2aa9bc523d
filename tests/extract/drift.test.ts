// Source drift of hand-written rows: a declaration's code (without comments or layout) at the recorded commit
// against the checkout, on a small git repository the test writes.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDrift, citedSources, compareDeclaration, currentSideOnly, declarationCode, namedDeclarations, sourcesInModule, sourcesInTsv } from '../../scripts/extract/drift';
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

  it('names only the declarations of the row itself, not the words of its remarks or the sources it cites', () => {
    // remarks in parentheses or quotes, with commas and slashes of their own
    expect(namedDeclarations('ValidateService ("Check for duplicate Ports, considering (protocol,port) pairs")')).toEqual(['ValidateService']);
    expect(namedDeclarations('ValidateRollingUpdate (ValidatePositiveIntOrPercent, IsNotMoreThan100Percent)')).toEqual(['ValidateRollingUpdate']);
    expect(namedDeclarations('labelKeyMaxLength (name part of IsLabelKey / IsQualifiedName)')).toEqual(['labelKeyMaxLength']);
    expect(namedDeclarations('ParseQuantity / Quantity.UnmarshalJSON (suffixes: suffix.go suffixHandler.interpret)')).toEqual(['ParseQuantity', 'Quantity.UnmarshalJSON']);
    // what it calls, how, or another source after it
    expect(namedDeclarations('ValidateDaemonSetSpec -> kubernetes/kubernetes pkg/apis/core/validation/validation.go@000f26050b9b ValidatePodTemplateSpec')).toEqual(['ValidateDaemonSetSpec']);
    expect(namedDeclarations('warningsForPodSpecAndMeta (volumes[].ephemeral) → pkg/api/pvc/util.go@008ef699a50a GetWarnings')).toEqual(['warningsForPodSpecAndMeta']);
    expect(namedDeclarations('NameIsDNSSubdomain/NameIsDNSLabel with prefix=true; kubernetes/kubernetes staging/a/name.go@0bbdced1c06e ValidatePathSegmentName')).toEqual(['NameIsDNSSubdomain', 'NameIsDNSLabel']);
    expect(namedDeclarations('ValidateNamespaceName = NameIsDNSLabel')).toEqual(['ValidateNamespaceName']);
    expect(namedDeclarations('BeforeCreate: genericvalidation.ValidateObjectMetaAccessor with path.ValidatePathSegmentName')).toEqual(['BeforeCreate']);
  });

  it('turns the sources a row cites into rows of their own (Go files, Go names)', () => {
    const row = { repo: 'kubernetes/kubernetes', path: 'pkg/a.go', commit: 'abc1234', where: 't' };
    const fn = 'F (x) → pkg/api/pvc/util.go@008ef699a50a GetWarnings; kubernetes/apimachinery pkg/b.go@0bbdced1c06e Quantity.Parse; kubernetes/enhancements keps/README.md@0123abcd Title; create.go@3e4a7900d755 clears it';
    expect(citedSources({ ...row, fn })).toEqual([
      { repo: 'kubernetes/kubernetes', path: 'pkg/api/pvc/util.go', commit: '008ef699a50a', fn: 'GetWarnings', where: 't' },
      { repo: 'kubernetes/apimachinery', path: 'pkg/b.go', commit: '0bbdced1c06e', fn: 'Quantity.Parse', where: 't' },
    ]);
    expect(citedSources({ ...row, fn: 'F (why)' })).toEqual([]);
  });

  it('without the recorded version, tells only a declaration that is gone', () => {
    expect(currentSideOnly(V1, 'ValidateWidget', 'no commit')).toEqual({ status: 'unknown', detail: 'no commit; still declared in the checkout' });
    expect(currentSideOnly(V1, 'NameMayNotBe / MaxWidgets', 'no commit')).toMatchObject({ status: 'gone', detail: expect.stringMatching(/^NameMayNotBe no longer declared/) as unknown as string });
    expect(currentSideOnly(undefined, 'X', 'no commit').status).toBe('gone');
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
    expect(results[1]!.detail).toBe(`commit ffffffffffff is not in the checkout (clone with history, or fetch a newer one); still declared in the checkout`);

    // a cited source is checked too; a file missing at a commit that is there says so
    const cited = checkDrift([{ repo: 'example/k', path: 'pkg/none.go', commit: first, fn: `F -> pkg/validation.go@${first} MaxWidgets`, where: 'f' }], { 'example/k': { dir } });
    expect(cited.map((r) => [r.path, r.fn, r.status, r.detail])).toEqual([
      ['pkg/none.go', `F -> pkg/validation.go@${first} MaxWidgets`, 'gone', `file not in the checkout (pkg/none.go is not at commit ${first.slice(0, 12)})`],
      ['pkg/validation.go', 'MaxWidgets', 'changed', 'MaxWidgets changed'],
    ]);
  });

  it('reads a kubernetes/kubernetes staging path in the published repository when no kubernetes checkout is given', () => {
    const dir = tempDir('drift-published');
    fs.mkdirSync(path.join(dir, 'pkg'));
    fs.writeFileSync(path.join(dir, 'pkg/validation.go'), V1);
    const row = (fn: string) => ({ repo: 'kubernetes/kubernetes', path: 'staging/src/k8s.io/apimachinery/pkg/validation.go', commit: 'a'.repeat(40), fn, where: 't' });
    const results = checkDrift([row('ValidateWidget'), row('NameMayNotBe')], { 'kubernetes/apimachinery': { dir } });
    expect(results.map((r) => [r.fn, r.status])).toEqual([
      ['NameMayNotBe', 'gone'],
      ['ValidateWidget', 'unknown'],
    ]);
    expect(results.every((r) => r.detail?.endsWith('read in kubernetes/apimachinery'))).toBe(true);
    expect(checkDrift([row('ValidateWidget')], {})[0]).toMatchObject({ status: 'unknown', detail: 'no checkout of kubernetes/kubernetes given' });
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
