// CRD `pattern`s are matched with RE2 semantics (linear time), as kube-apiserver does with Go's regexp: the
// backtracking attack `^(a+)+$` on "aaaa…!" finishes after work proportional to the value, and a pattern RE2
// refuses is reported on the CRD document with the API server's words.
// Internal imports: `api-extensions/workspace` (crdsFromText: the CRDs of one text; the public loadCrdFiles reads
// named files), `base/regex` (compileRe2: the RE2 pattern compiler, no public surface).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCrdCatalog, Analysis } from '../../server/src/engine';
import { crdsFromText } from '../../server/src/engine/api-extensions/workspace';
import { compileRe2 } from '../../server/src/engine/base/regex';
import { servedVersion } from './fixtures';

const crd = (pattern: string) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: things.re.test}
spec:
  group: re.test
  names: {kind: Thing, plural: things}
  scope: Namespaced
  versions:
${servedVersion(`            properties:
              code: {type: string, pattern: '${pattern}'}
`)}`;

const resource = (value: string) => `apiVersion: re.test/v1\nkind: Thing\nmetadata: {name: t}\nspec:\n  code: "${value}"\n`;

const check = (crdText: string, doc: string) =>
  new Analysis({ version: '1.37', crds: buildCrdCatalog({ workspace: crdsFromText(crdText, 'crd.yaml'), pack: null }) }).check(doc);

// Work counter: every character the RE2 machines read goes through MachineUTF16Input.step (the same module
// instance the engine requires, loaded by its file path).
const req = createRequire(__filename);
const machineInput = req(join(dirname(req.resolve('@bufbuild/re2')), 'MachineInput.js')) as {
  MachineUTF16Input: { prototype: { step(pos: number): number } };
};
const original = machineInput.MachineUTF16Input.prototype.step;
let steps = 0;
function countSteps(): void {
  steps = 0;
  machineInput.MachineUTF16Input.prototype.step = function (this: unknown, pos: number) {
    steps++;
    return original.call(this, pos);
  };
}
afterEach(() => {
  machineInput.MachineUTF16Input.prototype.step = original;
});

describe('CRD patterns with RE2', () => {
  it('^(a+)+$ on 40 a\'s and a ! is a mismatch found with work linear in the value', () => {
    const text = crd('^(a+)+$');
    countSteps();
    const r = check(text, resource('a'.repeat(40) + '!'));
    expect(r.findings.map((f) => [f.code, f.path, f.message])).toEqual([
      ['invalid-value', 'spec.code', `"${'a'.repeat(40)}!" does not match the pattern of code`],
    ]);
    const short = steps;
    expect(short).toBeGreaterThan(0);
    expect(short).toBeLessThan(41 * 20);
    // Ten times the input: about ten times the steps (a backtracking matcher would double per character).
    countSteps();
    const r2 = check(text, resource('a'.repeat(400) + '!'));
    expect(r2.findings.map((f) => f.path)).toEqual(['spec.code']);
    expect(steps).toBeLessThan(short * 15);
    // A matching value: no finding.
    expect(check(text, resource('a'.repeat(400))).findings).toEqual([]);
  });

  it('RE2-only syntax is honoured: (?i) and \\pL', () => {
    expect(check(crd('(?i)^abc$'), resource('ABC')).findings).toEqual([]);
    expect(check(crd('^\\pL+$'), resource('été')).findings).toEqual([]);
    expect(check(crd('^\\pL+$'), resource('e1')).findings.map((f) => f.path)).toEqual(['spec.code']);
  });

  it('a pattern RE2 refuses is reported on the CRD as the API server does, and not applied to resources', () => {
    const text = crd('^(?=a)b$');
    const r = new Analysis({ version: '1.37' }).check(text);
    const f = r.findings.filter((x) => x.data?.rule === 'crd-pattern-syntax');
    expect(f.map((x) => [x.code, x.severity, x.path, x.message, x.range])).toEqual([
      [
        'invalid-value',
        'error',
        'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[code].pattern',
        "Creating this CRD fails: spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[code].pattern: must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: `(?=`",
        { start: { line: 18, character: 44 }, end: { line: 18, character: 54 } },
      ],
    ]);
    expect(f[0]!.data).toMatchObject({ pipelineStage: 'validation', verdict: 'rejected' });
    // The resource is not checked against a pattern that does not compile.
    expect(check(text, resource('zzz')).findings).toEqual([]);
  });

  it('Go regexp error texts for common mistakes', () => {
    const err = (p: string) => {
      const c = compileRe2(p);
      return c.ok ? 'ok' : c.error;
    };
    expect(err('(abc')).toBe('error parsing regexp: missing closing ): `(abc`');
    expect(err('+')).toBe('error parsing regexp: missing argument to repetition operator: `+`');
    expect(err('a{1001}')).toBe('error parsing regexp: invalid repeat count: `{1001}`');
    expect(err('\\1')).toBe('error parsing regexp: invalid escape sequence: `\\1`');
    expect(err('^[a-z0-9]([-a-z0-9]*[a-z0-9])?$')).toBe('ok');
  });

  it('a valid CRD gets no pattern finding', () => {
    expect(new Analysis({ version: '1.37' }).check(crd('^[a-z]+$')).findings.filter((x) => x.data?.rule === 'crd-pattern-syntax')).toEqual([]);
  });
});
