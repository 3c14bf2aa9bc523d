import * as fs from 'node:fs';
import * as path from 'node:path';
import { it } from 'vitest';
import { checkText } from '../../server/src/engine/check';
import { gateCatalog, loadVersion } from '../../server/src/engine/knowledge';
import { fixesFor } from '../../server/src/engine/fixes';
const corpusDir = path.resolve(__dirname, '..', '..', '..', 'shared', 'corpus');
it('perf', () => {
  const rows = fs.readFileSync(path.join(corpusDir, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1).map((r) => r.split('\t')[0]).filter(Boolean);
  let tc = 0, tf = 0, nf = 0, nfix = 0;
  const data = loadVersion('1.37').data; const gates = gateCatalog();
  const slow: [number, string, string][] = [];
  for (const f of rows) {
    const text = fs.readFileSync(path.join(corpusDir, f), 'utf8');
    let t = performance.now();
    const r = checkText(text, { version: '1.37', file: f });
    tc += performance.now() - t;
    for (const fi of r.findings) {
      t = performance.now();
      const fx = fixesFor(fi, { file: f, text, version: '1.37', versionData: data, gates, newKindConfigPath: 'k.yaml' });
      const d = performance.now() - t; tf += d; nf++; nfix += fx.length;
      slow.push([d, fi.code, f]);
    }
  }
  slow.sort((a, b) => b[0] - a[0]);
  console.log('check', tc.toFixed(0), 'fixes', tf.toFixed(0), nf, nfix, JSON.stringify(slow.slice(0, 5)));
});
