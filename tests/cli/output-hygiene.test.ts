// Repository text a pull request controls (file names, YAML keys, `.kubegate.yaml` entries) reaches the terminal
// and the CI log escaped, in every format: no ESC/OSC sequence, no CR, no bidi control, and no line that GitHub
// reads as a workflow command (`::error::…`, `::stop-commands::…`) but the annotations Kubegate writes itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shown } from '../../server/src/cli/shown-text';
import { spawnCli, tempDirs } from './cli-process';

const tempDir = tempDirs();

const NAMES = ['osc\u001b]0;owned\u0007\u001b[2J.yaml', 'nl\n::error::forged.yaml', '::stop-commands::token.yaml', 'cr\rNo problems.yaml', 'bidi\u202egpj.yaml'];
/** A Deployment with an unknown field whose key holds an OSC 8 link and a line break (a double-quoted YAML key). */
const DEPLOYMENT =
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  "\\e]8;;https://x\\e\\\\k\\n::error::key": 1\n  selector:\n    matchLabels: {a: b}\n  template:\n    metadata:\n      labels: {a: b}\n    spec:\n      containers:\n      - name: c\n        image: i\n';

function hostileRepo(): string {
  const root = tempDir();
  mkdirSync(path.join(root, '.git'));
  for (const name of NAMES) writeFileSync(path.join(root, name), DEPLOYMENT);
  writeFileSync(path.join(root, '.kubegate.yaml'), 'configFiles:\n- "../\\e(0x\\n::error::from-config.yaml"\n');
  return root;
}

/** The built CLI run in the repository on `.` (paths relative: a name can start a line). */
async function run(format: string) {
  return spawnCli(['check', '--format', format, '.'], { cwd: hostileRepo() });
}

/** Lines that start a workflow command and are not one of Kubegate's own annotations. */
const foreignCommands = (text: string) => text.split('\n').filter((l) => l.startsWith('::') && !/^::(error|warning|notice) (file|title)=/.test(l));
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('repository text in terminal and CI output', () => {
  it('shown(): control characters as visible escapes, a leading :: not a workflow command', () => {
    expect(shown('a\u001b[2Jb\nc\r\u202e\u0085')).toBe('a\\x1b[2Jb\\x0ac\\x0d\\u202e\\x85');
    expect(shown('::error::x')).toBe('\\x3a:error::x');
    expect(shown('tab\tand é 😀 stay')).toBe('tab\tand é 😀 stay');
  });

  for (const format of ['text', 'github']) {
    it(`--format ${format}: every hostile name and key is escaped, on stdout and stderr`, async () => {
      const r = await run(format);
      expect(r.code).toBe(1);
      for (const out of [r.stdout, r.stderr]) {
        expect(out).not.toMatch(CONTROL);
        expect(foreignCommands(out)).toEqual([]);
      }
      // Each file was checked and is named (escaped), with the unknown key's finding.
      expect(r.stdout).toContain('osc\\x1b]0;owned\\x07\\x1b[2J.yaml');
      // (GitHub decodes a property's %0A and %3A: the annotation names the file exactly.)
      expect(r.stdout).toContain(format === 'github' ? 'file=nl%0A%3A%3Aerror%3A%3Aforged.yaml,' : 'nl\\x0a::error::forged.yaml');
      if (format === 'text') expect(r.stdout).toContain('\\x3a:stop-commands::token.yaml');
      expect(r.stdout.match(/unknown-field/g)?.length).toBeGreaterThanOrEqual(NAMES.length);
      expect(r.stdout).toContain('\\x1b]8;;https://x\\x1b\\k\\x0a::error::key');
      // The .kubegate.yaml entry in a note on stderr.
      expect(r.stderr).toContain('../\\x1b(0x\\x0a::error::from-config.yaml');
    });
  }

  it('--format junit: no raw line break inside an attribute, no control character', async () => {
    const r = await run('junit');
    expect(r.stdout).not.toMatch(CONTROL);
    const attributes = r.stdout.match(/="[^"]*"/g) ?? [];
    expect(attributes.filter((a) => a.includes('\n'))).toEqual([]);
    expect(r.stdout).toContain('name="nl&#10;::error::forged.yaml"');
    expect(foreignCommands(r.stderr)).toEqual([]);
  });

  for (const format of ['json', 'sarif']) {
    it(`--format ${format}: structured output keeps the names exactly`, async () => {
      const r = await run(format);
      const report = JSON.parse(r.stdout) as { files?: { path: string }[]; runs?: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
      const names = report.files ? report.files.map((f) => f.path) : report.runs![0]!.results.map((x) => decodeURIComponent(x.locations[0]!.physicalLocation.artifactLocation.uri));
      expect([...new Set(names)].sort()).toEqual([...NAMES].sort());
      expect(foreignCommands(r.stdout)).toEqual([]);
      expect(foreignCommands(r.stderr)).toEqual([]);
    });
  }
});
