// api-disabled-by-default: serve the alpha/beta API version in the kind cluster config (`runtimeConfig`),
// which is how a kind cluster turns such an API on. Names come from the version data.
import { isScalar } from 'yaml';
import type { Fix } from './types';
import { type FixInput, baseName, toTextEdits } from './input';
import { configDocs, kindClusterEntry, rootHasField } from './config-edits';
import { setMapEntry } from './gate-maps';
import { styleOf } from './yaml-edits';

const RUNTIME_CONFIG_KEY = 'runtimeConfig';

function isTrueString(v: unknown): boolean {
  return isScalar(v) && /^(true|1|t)$/i.test(String(v.value));
}

export function serveApiFixes(input: FixInput): Fix[] {
  const { ctx, apiVersion, finding } = input;
  const data = ctx.versionData;
  if (!data || !apiVersion || !apiVersion.includes('/')) return [];
  const cluster = kindClusterEntry(data);
  if (!cluster || !rootHasField(data, cluster, RUNTIME_CONFIG_KEY)) return [];
  const out: Fix[] = [];
  for (const cfg of [{ path: ctx.file, text: ctx.text }, ...(ctx.configFiles ?? []).filter((c) => c.path !== ctx.file)]) {
    const style = styleOf(cfg.text);
    const edits = configDocs(cfg.text, data, ctx.reads)
      .filter((d) => d.entry.apiVersion === cluster.apiVersion && d.entry.kind === cluster.kind)
      .map((d) =>
        setMapEntry(cfg.text, d.root, RUNTIME_CONFIG_KEY, { key: apiVersion, keyText: JSON.stringify(apiVersion), valueText: '"true"', isSet: isTrueString }, style),
      )
      .filter((e) => e !== undefined);
    if (edits.length === 0) continue;
    const where = cfg.path === ctx.file ? 'this file' : baseName(cfg.path);
    out.push({
      title: `Serve ${apiVersion} in ${where} (runtimeConfig)`,
      kind: 'quickfix',
      code: finding.code,
      edits: toTextEdits(cfg.path, cfg.text, edits),
    });
  }
  return out;
}
