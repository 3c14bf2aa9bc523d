import { parseAllDocuments } from 'yaml';
for (const t of ['a: 1\rb: 2\n', 'apiVersion: v1\rkind: Pod\n---\rx: 1\n']) {
  const d = parseAllDocuments(t);
  console.log(JSON.stringify(d.map(x => [x.toJS(), x.errors.map(e=>e.message.slice(0,60))])));
}
