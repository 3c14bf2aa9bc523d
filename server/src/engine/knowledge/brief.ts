// Curated facts of the brief (schemas/brief.json): designs not shipped in v1.37.0, gates that need other gates.
import type { BriefFacts } from './format';
import { loadSchemaFile } from './load-json';
import type { KnowledgeOptions } from './data-reader';

export function briefFacts(opts: KnowledgeOptions = {}): BriefFacts {
  return loadSchemaFile<BriefFacts>('brief.json', opts);
}

/** The design an apiVersion/kind belongs to when it was designed but not shipped (e.g. checkpoint.k8s.io/v1alpha1). */
export function notShippedApi(apiVersion: string, kind: string, opts: KnowledgeOptions = {}): BriefFacts['notShippedApis'][number] | undefined {
  const apis = briefFacts(opts).notShippedApis;
  return apis.find((a) => a.apiVersion === apiVersion && a.kind === kind) ?? apis.find((a) => a.apiVersion === apiVersion);
}
