import { readFileSync } from 'node:fs';
import { readGateConfigsFromText, parseFile } from './server/src/engine';
const t50 = readFileSync('bench/.work/inputs/k8s-50k.yaml', 'utf8');
const t1 = readFileSync('bench/.work/inputs/k8s-1k.yaml', 'utf8');
let t = performance.now();
const mode = process.argv[2];
if (mode === 'warm') { parseFile(t1); console.log('warm-up parse 1k', (performance.now() - t).toFixed(0)); t = performance.now(); }
const r = readGateConfigsFromText(t50, 'x.yaml'); console.log('50k configs', r.length, (performance.now() - t).toFixed(0), 'ms');
t = performance.now(); readGateConfigsFromText(t50, 'x.yaml'); console.log('again', (performance.now() - t).toFixed(0), 'ms');
