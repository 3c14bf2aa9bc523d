import { checkText } from './server/src/engine/check';
import { mayHoldGateConfig } from './server/src/engine/gates/config-readers';
import { IncrementalChecker } from './server/src/lsp/incremental';
const whole = (t: string) => checkText(t, { version: '1.37' } as any);
const frags = ['---\n','apiVersion: v1\n','kind: Pod\n','kind: ConfigMap\n','metadata:\n  name: a\n','data: {{ x }}\n','a: "x\n','\uFEFF','# c\n','\r','\r\n','spec:\n  containers: []\n','x: [\n',']\n','  k: v\n','apiVersion: kind.x-k8s.io/v1alpha4\nkind: Cluster\nfeatureGates:\n  Foo: true\n','- a\n','b: &x 1\nc: *x\n','...\n','%YAML 1.2\n','--- \n','---x\n','"\n',"'\n",'{\n','}\n','a: |\n  ---\n','\t\n',': \n'];
let seed = Number(process.argv[2] ?? 1) * 7919 + 104729;
const rnd = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
let bad = 0;
for (let iter = 0; iter < 20000 && bad < 5; iter++) {
  const n = 1 + Math.floor(rnd() * 7);
  let t = '';
  for (let i = 0; i < n; i++) t += frags[Math.floor(rnd() * frags.length)];
  const got = new IncrementalChecker({ wholeAbove: Infinity }).check(t, '1.37', {}, whole, mayHoldGateConfig);
  const exp = whole(t);
  if (JSON.stringify(got.findings) !== JSON.stringify(exp.findings)) { bad++; console.log(JSON.stringify(t)); console.log(' got', JSON.stringify(got.findings.map(f=>[f.code,f.document,f.range.start.line]))); console.log(' exp', JSON.stringify(exp.findings.map(f=>[f.code,f.document,f.range.start.line])), JSON.stringify(got.documents.length), exp.documents.length); }
}
console.log('bad', bad);
