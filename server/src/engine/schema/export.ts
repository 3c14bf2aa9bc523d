// Every schema file of one version: one per served kind (kubeconform names), all.json and _definitions.json.
import { kindSchema, kubeconformFileName, schemaKinds } from './kind-schema';
import type { JsonSchemaObject, SchemaBuildOptions } from './options';
import { definitionsSchema, routerSchema } from './router';

const ALL_FILE = 'all.json';
const DEFINITIONS_FILE = '_definitions.json';

interface SchemaFile {
  name: string;
  /** `apiVersion kind` for a kind file. */
  kind?: { apiVersion: string; kind: string };
  schema: JsonSchemaObject;
}

/** The files in name order. Throws if two kinds would share a file name (the naming would be ambiguous). */
export function exportSchemaFiles(opts: SchemaBuildOptions): SchemaFile[] {
  const files: SchemaFile[] = [];
  const seen = new Map<string, string>();
  for (const entry of schemaKinds(opts)) {
    const name = kubeconformFileName(entry);
    const other = seen.get(name);
    if (other) throw new Error(`${entry.apiVersion} ${entry.kind} and ${other} would both be written to ${name}`);
    seen.set(name, `${entry.apiVersion} ${entry.kind}`);
    files.push({ name, kind: { apiVersion: entry.apiVersion, kind: entry.kind }, schema: kindSchema(entry, opts) });
  }
  files.push({ name: ALL_FILE, schema: routerSchema(opts) });
  files.push({ name: DEFINITIONS_FILE, schema: definitionsSchema(opts) });
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The schema of one served kind, or undefined when the version does not serve it. */
export function schemaForKind(opts: SchemaBuildOptions, apiVersion: string, kind: string): JsonSchemaObject | undefined {
  const entry = schemaKinds(opts).find((k) => k.apiVersion === apiVersion && k.kind === kind);
  return entry ? kindSchema(entry, opts) : undefined;
}
