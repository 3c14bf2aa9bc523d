// What a component config document sets for the gate step: its gate settings, the API server's runtime-config
// entries and the versions it names, and the finding of a runtime-config entry kube-apiserver refuses.
import { finding } from '../codes';
import { readGateConfig } from '../gates/config-readers';
import { versionWords } from '../base/kube-version';
import type { VersionData } from '../knowledge/data-contract';
import type { DocumentAnalysis, ParsedDocument, ParsedFile, RuntimeConfigEntry } from '../model';
import { splitApiVersion } from '../base/api-version';
import type { Finding } from '../codes/finding';
import { append } from '../base/append';
import type { AnalyzeInputs } from './inputs';

/** Gate settings, runtime-config entries and named versions of a config document (read by engine/gates). */
export function collectSettings(parsed: ParsedFile, pdoc: ParsedDocument, inputs: AnalyzeInputs, sink: DocumentAnalysis): void {
  if (!pdoc.doc) return;
  const info = readGateConfig(pdoc.doc, { lineCounter: parsed.lineCounter, document: pdoc.index, file: inputs.file, text: parsed.text });
  if (!info || info.configKind === 'static-pod') return;
  append(sink.gateSettings, info.settings);
  append(sink.runtimeConfig, info.runtimeConfig);
  append(sink.namedVersions, info.namedVersions);
  for (const entry of info.runtimeConfig) {
    const f = runtimeConfigFinding(entry, inputs.data);
    if (f) sink.findings.push({ ...f, document: pdoc.index });
  }
}

/** A `--runtime-config` entry that enables a group-version kube-apiserver never serves: it refuses to start. */
function runtimeConfigFinding(entry: RuntimeConfigEntry, data: VersionData): Finding | undefined {
  if (!entry.value || !entry.range || entry.key.startsWith('api/') || entry.key.split('/').length !== 2) return undefined;
  const why = data.served?.notServed[entry.key];
  const [group] = splitApiVersion(entry.key);
  const known = why !== undefined || data.served?.byDefault.includes(entry.key) || data.served?.whenEnabled.includes(entry.key);
  if (known && why === undefined) return undefined;
  if (!known && !data.builtinGroups.includes(group)) return undefined;
  const version = versionWords(data.version, data.served);
  const message = why !== undefined
    ? `kube-apiserver ${version} refuses to start: it never serves ${entry.key}`
    : `kube-apiserver ${version} refuses to start: ${entry.key} is not a group-version it knows`;
  const alternatives = [...(data.served?.byDefault ?? []), ...(data.served?.whenEnabled ?? [])].filter((gv) => splitApiVersion(gv)[0] === group);
  return finding('api-not-served', {
    message,
    fix: alternatives.length > 0 ? `Remove the entry, or enable one it serves: ${alternatives.join(', ')}.` : 'Remove the entry.',
    ...(why ? { detail: why } : {}),
    path: entry.key,
    range: entry.range,
    data: { apiVersion: entry.key, runtimeConfig: true, ...(why !== undefined ? { neverServed: true } : {}), served: alternatives },
  });
}
