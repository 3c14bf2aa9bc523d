// The README's Settings table (section "### Settings"): one Markdown table, every row right after the previous
// one (a paragraph between rows ends the table: the rows after it show as plain text), naming every setting.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../server/src/contract/settings';

const readme = readFileSync(join(resolve(__dirname, '..', '..'), 'README.md'), 'utf8');

describe('README Settings table', () => {
  const section = readme.split('\n### Settings\n')[1]!.split('\n### ')[0]!;
  const lines = section.split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const last = lines.length - 1 - [...lines].reverse().findIndex((l) => l.startsWith('|'));

  it('is one table: no line between its first and last rows that is not a row', () => {
    expect(first).toBeGreaterThanOrEqual(0);
    expect(lines.slice(first, last + 1).filter((l) => !l.startsWith('|'))).toEqual([]);
  });

  it('names every setting', () => {
    const table = lines.slice(first, last + 1).join('\n');
    for (const s of SETTINGS) expect(table).toContain(`\`${s.name}\``);
  });
});
