// The README's coverage table of kube-apiserver's hand-written validation is generated (scripts/validation-coverage/table.ts,
// written by `npm run contributes`): it must be current, and every rule of the rule modules must be in it.
// Internal imports: `validate/apiserver/families` (the rule families: each of their rules must be in the table).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KIND_RULE_FAMILIES, POD_SPEC_RULE_FAMILIES } from '../../server/src/engine/validate/apiserver/families';
import { COVERAGE_BEGIN, COVERAGE_END, coverageMarkdown, coverageRows } from '../../scripts/validation-coverage/table';

const readme = readFileSync(path.resolve(__dirname, '..', '..', 'README.md'), 'utf8');

describe('coverage table', () => {
  it('the README section is the generated one (run npm run contributes)', () => {
    const begin = readme.indexOf(COVERAGE_BEGIN);
    const end = readme.indexOf(COVERAGE_END);
    expect(begin).toBeGreaterThan(0);
    expect(readme.slice(begin + COVERAGE_BEGIN.length, end).trim()).toBe(coverageMarkdown().trim());
  });

  it('every rule of the rule modules is listed, and every gap says why', () => {
    const listed = coverageRows().flatMap((r) => r.note.split(/[,;() ]+/));
    for (const rule of [...KIND_RULE_FAMILIES.flat(), ...POD_SPEC_RULE_FAMILIES.flat()]) expect(listed, rule.rule).toContain(rule.rule);
    for (const row of coverageRows()) if (row.status !== 'ported') expect(row.note.length, row.fn).toBeGreaterThan(10);
  });
});
