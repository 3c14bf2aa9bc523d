// Two problems on one key: a field two gates govern, both turned off by the governing kind config. The hover at
// the key still leads with one line per gate, each with its KEP link, before anything else (the editor lists the
// problems above the hover, so the view must not start with anything longer). Facts from the committed schemas/.
import { describe, expect, it } from 'vitest';
import type { KubeVersion } from '../../server/src/engine';
import { checkFixture, contextIn, parseFixture } from '../support/fixture';
import { gate } from '../support/committed';
import { sharedKey, sharedKeyFiles } from './shared-key';
import { dataOf } from '../support/finding-data';

const k = sharedKey();
const files = sharedKeyFiles(k);
const version = k.version as KubeVersion;
const fixture = parseFixture(`# Two gates of one key, both off.\n#== cluster/kind.yaml\n${files.config}#== cluster/apps/object.yaml\n${files.manifest}`);
const MANIFEST = 'cluster/apps/object.yaml';

describe(`hover with two problems on one key (${k.kind} ${k.path}, ${k.version})`, () => {
  it('the key has a problem per gate, at the same place', () => {
    const findings = checkFixture(fixture, '/fixture', version).get(MANIFEST)!.findings;
    const atKey = findings.filter((f) => f.range.start.line === files.keyLine && f.code === 'feature-gate');
    expect(atKey.map((f) => dataOf(f, 'feature-gate')?.gate).sort()).toEqual([...k.gates].sort());
    expect(new Set(atKey.map((f) => `${f.range.start.line}:${f.range.start.character}`)).size).toBe(1);
  });

  it('the hover leads with one line per gate, each with its KEP link: both within the first three lines', async () => {
    const lines = files.manifest.split('\n');
    const at = { line: files.keyLine, character: lines[files.keyLine]!.indexOf(files.key) + 1 };
    const view = await contextIn(fixture, MANIFEST, '/fixture', version).analysis.hover(fixture.files[1]!.text, at);
    const shown = view!.markdown.split('\n').filter((l) => l.trim() !== '');
    for (const g of k.gates) {
      const kep = gate(g).kep!;
      const line = shown.findIndex((l) => l.includes(`[KEP-${kep}](https://kep.k8s.io/${kep}`));
      expect(line, view!.markdown).toBeGreaterThanOrEqual(0);
      expect(line, view!.markdown).toBeLessThan(3);
      expect(shown[line]).toMatch(new RegExp(`^Feature gate \`${g}\` · .* · \\*\\*off\\*\\* · `));
    }
  });
});
