import { compileGlob, globMatches } from './server/src/engine/glob-match';
const m = (p: string, s: string) => { const c = compileGlob(p); return c.ok ? globMatches(c.glob, s) : c.problem; };
const cases: [string,string,any][] = [['*.yaml','a/b/c.yaml',true],['k8s/**/*.yaml','k8s/x/y/z.yaml',true],['k8s/**/*.yaml','k8s/z.yaml',true],['k8s/**/*.yaml','other/z.yaml',false],['*.{yaml,yml}','a.yml',true],['{a,b','x','an unclosed {'],['[a','x','an unclosed ['],['a}','a}','a } without {'],['deploy/?.yaml','deploy/a.yaml',true],['deploy/?.yaml','deploy/ab.yaml',false],['[!a]*.yaml','b.yaml',true],['[!a]*.yaml','a.yaml',false],['./x/*.yaml','x/a.yaml',true],['**','a/b',true],['**/kind*.yaml','kind-config.yaml',true]];
for (const [p,s,e] of cases) { const r = m(p,s); console.log(r===e?'ok ':'BAD', p, s, r); }
const pat = '*a'.repeat(200)+'*b'; let t=Date.now(); console.log(m(pat, 'a'.repeat(4000)), Date.now()-t, 'ms');
