import { readFileSync } from 'node:fs';
import { checkText } from './server/src/engine/check';
import { mayHoldGateConfig } from './server/src/engine/gates/config-readers';
import { IncrementalChecker } from './server/src/lsp/incremental';
const whole = (t: string) => checkText(t, { version: '1.37' } as any);
const t = JSON.parse(readFileSync('/tmp/kg_fail.json', 'utf8'));
const a = new IncrementalChecker({ wholeAbove: Infinity }).check(t, '1.37', {}, whole, mayHoldGateConfig).findings;
const b = whole(t).findings;
console.log(JSON.stringify(a) === JSON.stringify(b));
for (let i = 0; i < Math.max(a.length, b.length); i++) if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) { console.log('inc', JSON.stringify(a[i])); console.log('who', JSON.stringify(b[i])); }
