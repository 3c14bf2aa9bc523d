import { inlayHints } from './server/src/lsp/inlay';
import { resolveSettings } from './server/src/contract/settings';
import { buildGateEnvironment, explicitSettings } from './server/src/engine/gates';
import { gateCatalog } from './server/src/engine/knowledge';
const doc = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n';
const text = Array.from({ length: 100_000 }, () => doc).join('---\n');
const settings = resolveSettings(undefined).settings;
const environment = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37', explicit: explicitSettings([], 'x'), cluster: undefined, configs: [] });
const ctx: any = { file: '/tmp/x.yaml', version: '1.37', environment, configs: [], settings };
for (let i = 0; i < 3; i++) { const s = Date.now(); const h = inlayHints(text, { start: { line: 200000, character: 0 }, end: { line: 200100, character: 0 } }, ctx); console.log(h.length, Date.now() - s, 'ms', text.length); }
