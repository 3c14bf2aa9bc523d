// A CEL expression nested deeper than kube-apiserver's CEL parser reads (250 nested expressions: brackets and else
// branches) is refused as the API server refuses it, before the JavaScript parser sees it (validate/cel-nesting.ts).
// Brackets inside string literals, list items side by side and the optional syntax do not nest.
// Internal imports: `validate/cel-nesting` (the recursion bound itself, so the cases sit exactly at it).
// Also `api-extensions/workspace` (crdsFromText: the CRDs of one text; the public loadCrdFiles reads named files).
import { describe, expect, it } from 'vitest';
import { buildCrdCatalog, Analysis } from '../../server/src/engine';
import { CEL_MAX_RECURSION, celTooDeep } from '../../server/src/engine/validate/cel-nesting';
import { crdsFromText } from '../../server/src/engine/api-extensions/workspace';
import { widgetCrd } from '../support/crd-text';

/** `n` nested parentheses around a comparison: n + 1 nested expressions. */
const parens = (n: number) => `${'('.repeat(n)}self.a == 1${')'.repeat(n)}`;
/** A chain of `n` conditionals: each else branch nests one expression more. */
const chain = (n: number) => `${Array.from({ length: n }, (_, i) => `self.a == ${i} ? ${i} :`).join(' ')} 0 == 0`;

/** A CRD whose spec has an integer `a` and the rule. */
const crd = (rule: string) => `${widgetCrd('nest.test', { a: '{type: integer}' })}            x-kubernetes-validations:\n            - rule: ${JSON.stringify(rule)}\n`;
const WIDGET = 'apiVersion: nest.test/v1\nkind: Widget\nmetadata: {name: w}\nspec:\n  a: 2\n';

describe('CEL expressions nested too deeply', () => {
  it('counts brackets and else branches up to the parser\'s limit', () => {
    expect(CEL_MAX_RECURSION).toBe(250);
    expect(celTooDeep(parens(249))).toBe(false);
    expect(celTooDeep(parens(250))).toBe(true);
    expect(celTooDeep(`[${'['.repeat(248)}1${']'.repeat(248)}]`)).toBe(false);
    expect(celTooDeep(`f(${'['.repeat(249)}1${']'.repeat(249)})`)).toBe(true);
    expect(celTooDeep(chain(249))).toBe(false);
    expect(celTooDeep(chain(250))).toBe(true);
    expect(celTooDeep(`(${chain(248)})`)).toBe(false);
    expect(celTooDeep(`(${chain(249)})`)).toBe(true);
  });

  it('does not count brackets in strings, items side by side, or the optional syntax', () => {
    expect(celTooDeep(`self.s == "${'('.repeat(400)}" && self.t == '${'['.repeat(400)}'`)).toBe(false);
    expect(celTooDeep(`self.s == """${'{'.repeat(400)}\n"""`)).toBe(false);
    expect(celTooDeep(`self.s == r'\\' && self.t == "${'('.repeat(400)}"`)).toBe(false);
    expect(celTooDeep(`self.s == "\\"${'('.repeat(400)}"`)).toBe(false);
    expect(celTooDeep(`[${Array.from({ length: 400 }, () => 'self.a == 1 ? 1 : 2').join(', ')}]`)).toBe(false);
    expect(celTooDeep(Array.from({ length: 400 }, () => 'self.?a.orValue(1) == 1').join(' && '))).toBe(false);
  });

  it('a rule past the limit does not compile, as kube-apiserver says; one at the limit is evaluated', () => {
    const deep = new Analysis({ version: '1.37' }).check(crd(parens(250))).findings;
    expect(deep.map((f) => [f.code, f.severity, f.message, f.data?.verdict])).toEqual([
      ['invalid-value', 'error', 'Applying fails: the CEL rule does not compile: expression recursion limit exceeded: 250', 'rejected'],
    ]);
    expect(new Analysis({ version: '1.37' }).check(crd(parens(249))).findings).toEqual([]);
    const catalog = (rule: string) => buildCrdCatalog({ workspace: crdsFromText(crd(rule), 'crd.yaml'), pack: null });
    const failed = new Analysis({ version: '1.37', crds: catalog(parens(249)) }).check(WIDGET).findings;
    expect(failed.map((f) => [f.code, f.message.slice(0, 20)])).toEqual([['invalid-value', 'failed rule: (((((((']]);
    // The rule the API server cannot compile is not evaluated on its objects.
    expect(new Analysis({ version: '1.37', crds: catalog(parens(250)) }).check(WIDGET).findings).toEqual([]);
  });
});
