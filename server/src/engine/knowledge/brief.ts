// Curated facts of the brief (schemas/brief.json): designs not shipped in v1.37.0, gates that need other gates.
import type { BriefFacts } from './data-contract';
import { loadSchemaFile } from './load-json';
import type { KnowledgeOptions } from './data-reader';

export function briefFacts(opts: KnowledgeOptions = {}): BriefFacts {
  return loadSchemaFile<BriefFacts>('brief.json', opts);
}
