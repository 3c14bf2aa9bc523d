// Every fixture of tests/fixtures/project (the format is described in tests/support/fixture.ts), checked through
// the engine's public entry point: each file gets exactly the findings its trailing comments expect.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFixture, lineCodes, parseFixture, shown } from '../support/fixture';

export const FIXTURE_DIR = path.join(__dirname, '..', 'fixtures', 'project');
const names = readdirSync(FIXTURE_DIR).filter((n) => n.endsWith('.yaml')).sort();

describe('project fixtures', () => {
  it.each(names)('%s', (name) => {
    const fixture = parseFixture(readFileSync(path.join(FIXTURE_DIR, name), 'utf8'));
    const reports = checkFixture(fixture);
    for (const f of fixture.files) {
      expect(lineCodes(shown(reports.get(f.path)!)), `${name}: ${f.path}`).toEqual(f.expected);
      if (f.taken) expect(reports.get(f.path)!.taken?.as, `${name}: ${f.path} taken for`).toBe(f.taken);
    }
  });

  it('the format: headers, trailing expectations, description', () => {
    const f = parseFixture('# about\n#== a.yaml\nkind: X   # expect: b, a\n#== d/c.yaml\nx: 1\n');
    expect(f).toEqual({ description: 'about', files: [{ path: 'a.yaml', text: 'kind: X   # expect: b, a\n', expected: ['0:a', '0:b'] }, { path: 'd/c.yaml', text: 'x: 1\n', expected: [] }] });
    expect(parseFixture('#== a.yaml (no final newline)\nx: "y\n').files[0]!.text).toBe('x: "y');
  });
});
