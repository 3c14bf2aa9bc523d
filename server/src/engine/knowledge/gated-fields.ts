// Where each gate applies in one version (schemas/gated-fields-<minor>.json), for reports, hovers and tests.
import type { GatedFieldRow } from './format';
import { loadSchemaFile } from './load-json';
import type { KnowledgeOptions } from './data-reader';

export function gatedFields(version: string, opts: KnowledgeOptions = {}): readonly GatedFieldRow[] {
  return loadSchemaFile<GatedFieldRow[]>(`gated-fields-${version}.json`, opts);
}

/** Rows of one gate in a version. */
export function gatedFieldsOfGate(version: string, gate: string, opts: KnowledgeOptions = {}): GatedFieldRow[] {
  return gatedFields(version, opts).filter((r) => r.gate === gate);
}
