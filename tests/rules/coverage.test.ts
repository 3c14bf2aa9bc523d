// The README's coverage table of kube-apiserver's hand-written validation is generated (scripts/validation-coverage/table.ts,
// written by `npm run contributes`): it must be current, and every rule of the rule modules must be in it.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COVERAGE_BEGIN, COVERAGE_END, coverageMarkdown, coverageRows } from '../../scripts/validation-coverage/table';
import { APPS_RULES } from '../../server/src/engine/validate/apiserver/apps';
import { BATCH_RULES } from '../../server/src/engine/validate/apiserver/batch';
import { CORE_RULES } from '../../server/src/engine/validate/apiserver/core';
import { POLICY_RULES } from '../../server/src/engine/validate/apiserver/policy';
import { RBAC_RULES } from '../../server/src/engine/validate/apiserver/rbac';
import { NETWORKING_RULES } from '../../server/src/engine/validate/apiserver/networking';
import { POD_SPEC_RULES } from '../../server/src/engine/validate/apiserver/pod-spec';
import { VOLUME_RULES } from '../../server/src/engine/validate/apiserver/volumes';

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
    for (const rule of [...APPS_RULES, ...BATCH_RULES, ...CORE_RULES, ...POLICY_RULES, ...RBAC_RULES, ...NETWORKING_RULES, ...POD_SPEC_RULES, ...VOLUME_RULES]) expect(listed, rule.rule).toContain(rule.rule);
    for (const row of coverageRows()) if (row.status !== 'ported') expect(row.note.length, row.fn).toBeGreaterThan(10);
  });
});
