import { setDataReader } from '/work/main/server/src/engine';
import { nodeDataReader } from '/work/main/server/src/host/data-files';
import { featureGateFinding } from '/work/main/server/src/engine/gates/gate-findings';
import { gateCatalog, gatedFields } from '/work/main/server/src/engine/knowledge';
import { SUPPORTED_VERSIONS } from '/work/main/server/src/engine/types';
import { readFileSync } from 'node:fs';
setDataReader(nodeDataReader());
const catalog = gateCatalog();
const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
const msgs = new Map<string, string>();
for (const v of SUPPORTED_VERSIONS) {
  const data = JSON.parse(readFileSync(`/work/main/schemas/k8s-${v}.json`, 'utf8'));
  const comp = new Map<string, string>();
  for (const k of data.kinds) if (k.component) comp.set(`${k.apiVersion} ${k.kind}`, k.component);
  for (const r of gatedFields(v)) {
    const via = r.source === 'kind' ? 'kind' : r.value !== undefined ? 'enum-value' : 'field';
    const c = comp.get(`${r.apiVersion} ${r.kind}`);
    const component = c && ['kubelet','kube-proxy','kube-scheduler'].includes(c) ? c : undefined;
    const use: any = { gate: r.gate, via, path: r.value !== undefined ? `${r.path}=${r.value}` : r.path, value: r.value, range, document: 0, apiVersion: r.apiVersion, kind: r.kind, ...(component ? { component } : {}) };
    const comps = catalog.gates[r.gate]?.components ?? [];
    for (const mode of ['none', 'off', 'unknown1', 'unknownAll', 'partial']) {
      const env: any = { notes: [], apiEnabled: () => undefined, stateOf: (g: string, c: string) => {
        if (mode === 'off') return { state: 'off', evidence: [] };
        if (mode === 'unknown1') return { state: c === comps[0] ? 'unknown' : 'on', evidence: [] };
        if (mode === 'partial') return { state: c === comps[0] ? 'on' : 'unknown', evidence: [] };
        return { state: 'unknown', evidence: [] };
      } };
      const f = featureGateFinding(use, { catalog }, v as any, mode === 'none' ? undefined : env);
      if (f) msgs.set(f.message, `${v} ${mode} ${r.source}`);
    }
  }
}
const long = [...msgs].filter(([m]) => m.length > 120).sort((a, b) => b[0].length - a[0].length);
console.log(msgs.size, long.length);
for (const [m, w] of long.slice(0, 30)) console.log(m.length, w, m);
