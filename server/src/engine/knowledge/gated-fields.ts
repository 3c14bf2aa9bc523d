// Where each gate applies in one version (schemas/gated-fields-<minor>.json), for reports, hovers and tests.
import type { GatedFieldRow } from './data-contract';
import { loadSchemaFile } from './load-json';
import type { KnowledgeOptions } from './data-reader';

export function gatedFields(version: string, opts: KnowledgeOptions = {}): readonly GatedFieldRow[] {
  return loadSchemaFile<GatedFieldRow[]>(`gated-fields-${version}.json`, opts);
}
