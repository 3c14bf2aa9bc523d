import { it } from 'vitest';
import { checkText } from '../../server/src/engine/check';
import { refereeFile, SchemaCache } from './referee';
import { loadVersion } from '../../server/src/engine/knowledge';
it('dbg', () => {
  console.log(JSON.stringify(loadVersion('1.37').data.types['resource.v1.DeviceAttribute']));
  const cache = new SchemaCache();
  for (const attr of ['{}', '{"kubegateMutantField":"x"}', '{"string": null}', '{"int": "not-a-number"}', '{"string": 12345}', '{"bool": "true"}']) {
    const text = `{"apiVersion":"resource.k8s.io/v1","kind":"ResourceSlice","metadata":{"name":"a"},"spec":{"driver":"d.example.com","nodeName":"n","pool":{"name":"p","generation":1,"resourceSliceCount":1},"devices":[{"name":"d0","attributes":{"x.example.com/a":${attr}}}]}}`;
    const r = checkText(text, { version: '1.37' });
    console.log(attr, JSON.stringify(r.findings.map((f) => [f.code, f.severity, f.path])), JSON.stringify(refereeFile('x.yaml', text, '1.37', cache, true).map((v) => [v.engineOnly, v.schemaOnly, v.schemaErrors])));
  }
});
