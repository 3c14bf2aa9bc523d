import { parseFile } from './server/src/engine/parse/parseFile';
const t = JSON.parse(process.argv[2]);
for (const d of parseFile(t).documents) console.log(d.index, d.start, d.end, d.templated, d.errors.length);
