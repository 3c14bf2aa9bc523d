// Walks an OpenAPI v3 group/version document (what /openapi/v3/apis/<group>/<version> serves and
// `kubectl explain` reads) to the description of a field. Pure: documents in, strings out.
//
// Field paths use the engine's structural form: `spec.devices[].basic`, `.*` for a map value,
// `spec.tolerations[].operator=Gt` (the `=value` is ignored), `(kind)` or "" for the kind itself.
// Indexes such as `containers[0]` are read like `containers[]`.

import { splitApiVersion } from '../engine';

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "v1" → "api/v1", "apps/v1" → "apis/apps/v1" (the keys of the /openapi/v3 index). */
export function groupVersionPath(apiVersion: string): string {
  return apiVersion.includes('/') ? `apis/${apiVersion}` : `api/${apiVersion}`;
}

/** The server-relative URL of a group/version document, read from the /openapi/v3 index. */
export function documentUrlFromIndex(index: unknown, apiVersion: string): string | undefined {
  if (!isRecord(index) || !isRecord(index.paths)) return undefined;
  const entry = index.paths[groupVersionPath(apiVersion)];
  if (!isRecord(entry)) return undefined;
  const url = entry.serverRelativeURL;
  if (typeof url === 'string' && url.startsWith('/')) return url;
  return `/openapi/v3/${groupVersionPath(apiVersion)}`;
}

function schemas(doc: unknown): Json {
  if (!isRecord(doc) || !isRecord(doc.components) || !isRecord(doc.components.schemas)) return {};
  return doc.components.schemas;
}

/** Name of the component schema whose x-kubernetes-group-version-kind is apiVersion + kind. */
export function kindSchemaName(doc: unknown, apiVersion: string, kind: string): string | undefined {
  const [group, version] = splitApiVersion(apiVersion);
  for (const [name, schema] of Object.entries(schemas(doc))) {
    if (!isRecord(schema) || !Array.isArray(schema['x-kubernetes-group-version-kind'])) continue;
    for (const gvk of schema['x-kubernetes-group-version-kind']) {
      if (!isRecord(gvk)) continue;
      if ((gvk.group ?? '') === group && gvk.version === version && gvk.kind === kind) return name;
    }
  }
  return undefined;
}

/** Follows `$ref` and single-entry `allOf` wrappers to the schema they stand for. */
function deref(doc: unknown, schema: unknown, depth = 0): Json | undefined {
  if (!isRecord(schema) || depth > 32) return undefined;
  if (typeof schema.$ref === 'string') {
    const prefix = '#/components/schemas/';
    if (!schema.$ref.startsWith(prefix)) return undefined;
    return deref(doc, schemas(doc)[schema.$ref.slice(prefix.length)], depth + 1);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1 && !isRecord(schema.properties)) {
    return deref(doc, schema.allOf[0], depth + 1);
  }
  return schema;
}

/** A property of an object schema, looking through `allOf` parts. */
function propertyOf(doc: unknown, schema: Json, name: string, depth = 0): unknown {
  if (depth > 32) return undefined;
  if (isRecord(schema.properties) && name in schema.properties) return schema.properties[name];
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) {
      const target = deref(doc, part);
      if (!target) continue;
      const found = propertyOf(doc, target, name, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

interface Segment {
  name: string; // "*" for a map value
  arrays: number; // how many `[]` follow the name
}

/** `spec.devices[].basic` → [{spec,0},{devices,1},{basic,0}]; `(kind)` and "" → []. */
export function parseFieldPath(fieldPath: string): Segment[] | undefined {
  let path = fieldPath.trim();
  if (path === '' || path === '(kind)') return [];
  const eq = path.indexOf('=');
  if (eq >= 0) path = path.slice(0, eq);
  const segments: Segment[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]+)((?:\[\d*\])*)$/.exec(part);
    if (!m) return undefined;
    segments.push({ name: m[1], arrays: (m[2].match(/\[/g) ?? []).length });
  }
  return segments;
}

function descriptionOf(schema: unknown): string | undefined {
  return isRecord(schema) && typeof schema.description === 'string' && schema.description.trim() !== ''
    ? schema.description
    : undefined;
}

/** The description of a field (or of the kind for an empty path); undefined when the path is not in the schema. */
export function describeField(doc: unknown, apiVersion: string, kind: string, fieldPath: string): string | undefined {
  const rootName = kindSchemaName(doc, apiVersion, kind);
  const segments = parseFieldPath(fieldPath);
  if (!rootName || !segments) return undefined;
  let node: unknown = schemas(doc)[rootName];
  let description = descriptionOf(deref(doc, node));
  for (const segment of segments) {
    const holder = deref(doc, node);
    if (!holder) return undefined;
    if (segment.name === '*') {
      node = holder.additionalProperties;
      if (!isRecord(node)) return undefined;
    } else {
      node = propertyOf(doc, holder, segment.name);
      if (node === undefined) return undefined;
    }
    description = descriptionOf(node) ?? descriptionOf(deref(doc, node));
    for (let i = 0; i < segment.arrays; i++) {
      const list = deref(doc, node);
      if (!list || !isRecord(list.items)) return undefined;
      node = list.items;
    }
  }
  return description;
}
