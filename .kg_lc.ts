import { parseFile } from './server/src/engine/parse/parseFile';
for (const t of ['a\nb\n', 'a\rb\r\nc\n\nd', '', 'x']) console.log(JSON.stringify(t), JSON.stringify(parseFile(t).lineCounter.lineStarts));
const big = 'abc: def\n'.repeat(1_000_000); let s = Date.now(); parseFile(big.slice(0, 100)); console.log(parseFile(big).lineCounter.lineStarts.length, Date.now()-s);
