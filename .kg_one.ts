import { checkText } from './server/src/engine/check';
import { mayHoldGateConfig } from './server/src/engine/gates/config-readers';
import { IncrementalChecker, splitDocuments } from './server/src/lsp/incremental';
const whole = (t: string) => { const r = checkText(t, { version: '1.37' } as any); console.log('CHECK', JSON.stringify(t), JSON.stringify(r.findings.map(f=>[f.code,f.document,f.range.start.line]))); return r; };
const t = JSON.parse(process.argv[2]);
console.log(JSON.stringify(splitDocuments(t)));
const r = new IncrementalChecker({ wholeAbove: Infinity }).check(t, '1.37', {}, whole, mayHoldGateConfig);
console.log(JSON.stringify(r.findings.map(f=>[f.code,f.document,f.range.start.line])));
