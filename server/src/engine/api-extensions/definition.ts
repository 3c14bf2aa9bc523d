// A CustomResourceDefinition object (apiextensions.k8s.io/v1, as parsed from YAML or read from a cluster)
// → CrdDefinition: names, scope, versions with served/storage/deprecated and the schema without descriptions.
import type { CrdDefinition, CrdSchema, CrdSourceKind, CrdVersion } from './crd-data';

const CHANNEL_ANNOTATION = 'gateway.networking.k8s.io/channel';
const BUNDLE_VERSION_ANNOTATION = 'gateway.networking.k8s.io/bundle-version';

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** True for an apiextensions.k8s.io/v1 CustomResourceDefinition object. */
function isCrdObject(value: unknown): boolean {
  const o = obj(value);
  return !!o && o.kind === 'CustomResourceDefinition' && typeof o.apiVersion === 'string' && o.apiVersion.startsWith('apiextensions.k8s.io/');
}

/** The schema without `description` (and other documentation-only keys); property maps keep every name. */
function compactSchema(node: unknown): CrdSchema {
  const o = obj(node);
  if (!o) return {};
  const out: CrdSchema = {};
  for (const key of Object.keys(o).sort()) {
    const v = o[key];
    if (key === 'description' || key === 'example' || key === 'externalDocs' || key === 'title') continue;
    if (key === 'properties' || key === 'patternProperties' || key === 'definitions') {
      const props = obj(v);
      if (!props) continue;
      // No prototype: a property named __proto__ is kept as a property (it set the record's prototype).
      const rec: Record<string, CrdSchema> = Object.create(null) as Record<string, CrdSchema>;
      for (const name of Object.keys(props).sort()) rec[name] = compactSchema(props[name]);
      out[key] = rec;
    } else if (key === 'items' || key === 'not') {
      out[key] = Array.isArray(v) ? compactSchema(v[0]) : compactSchema(v);
    } else if (key === 'additionalProperties') {
      out.additionalProperties = typeof v === 'boolean' ? v : compactSchema(v);
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
      out[key] = Array.isArray(v) ? v.map(compactSchema) : [];
    } else {
      out[key] = v;
    }
  }
  return out;
}

/** A CRD object → definition; undefined when it is not a usable v1 CRD (no group/kind). */
export function crdFromObject(value: unknown, source: { kind: CrdSourceKind; name: string; file?: string }): CrdDefinition | undefined {
  const o = obj(value);
  if (!o || !isCrdObject(o)) return undefined;
  const spec = obj(o.spec);
  const names = obj(spec?.names);
  const group = str(spec?.group);
  const kind = str(names?.kind);
  if (!spec || !group || !kind) return undefined;
  const annotations = obj(obj(o.metadata)?.annotations) ?? {};
  const sharedSchema = obj(obj(spec.validation)?.openAPIV3Schema); // v1beta1 CRDs: one schema for all versions
  const versions: CrdVersion[] = [];
  const rawVersions = Array.isArray(spec.versions) ? spec.versions : [];
  for (const rv of rawVersions) {
    const v = obj(rv);
    const name = str(v?.name);
    if (!v || !name) continue;
    const schema = obj(obj(v.schema)?.openAPIV3Schema) ?? sharedSchema;
    versions.push({
      name,
      served: v.served !== false,
      storage: v.storage === true,
      ...(v.deprecated === true ? { deprecated: true } : {}),
      ...(str(v.deprecationWarning) ? { deprecationWarning: str(v.deprecationWarning) } : {}),
      ...(schema ? { schema: compactSchema(schema) } : {}),
    });
  }
  if (versions.length === 0 && str(spec.version)) {
    versions.push({ name: str(spec.version)!, served: true, storage: true, ...(sharedSchema ? { schema: compactSchema(sharedSchema) } : {}) });
  }
  const scope = str(spec.scope);
  return {
    group,
    kind,
    ...(str(names?.plural) ? { plural: str(names?.plural) } : {}),
    ...(str(names?.listKind) ? { listKind: str(names?.listKind) } : {}),
    ...(scope === 'Namespaced' || scope === 'Cluster' ? { scope } : {}),
    versions,
    ...(str(annotations[CHANNEL_ANNOTATION]) ? { channel: str(annotations[CHANNEL_ANNOTATION]) } : {}),
    ...(str(annotations[BUNDLE_VERSION_ANNOTATION]) ? { bundleVersion: str(annotations[BUNDLE_VERSION_ANNOTATION]) } : {}),
    source,
  };
}
