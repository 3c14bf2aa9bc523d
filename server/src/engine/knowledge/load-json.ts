// Reads a generated JSON file once; later calls return the same parsed object (treat it as read-only).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { locateSchemas, type KnowledgeOptions } from './locate';

const cache = new Map<string, unknown>();

export function loadSchemaFile<T>(name: string, opts: KnowledgeOptions = {}): T {
  const file = path.join(locateSchemas(opts), name);
  let value = cache.get(file);
  if (value === undefined) {
    value = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    cache.set(file, value);
  }
  return value as T;
}

/** Forget every loaded file (tests that regenerate data in place). */
export function clearSchemaCache(): void {
  cache.clear();
}
