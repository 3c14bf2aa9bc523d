// Defaults inside the metadata, apiVersion and kind of a CRD version's root or of an embedded resource (the
// insideMeta branch of apiextensions-apiserver's ValidateDefaults): the API server places the default, at its
// place, into an object whose apiVersion is validation/v1 and kind Validation, and judges that object's type and
// object metadata (schema/objectmeta Validate): apiVersion and kind non-empty strings, kind a DNS-1035 label in any
// case, metadata decodable as ObjectMeta and valid with path-segment names (ValidateObjectMeta). Here: those types,
// the name and generateName, the namespace, labels, annotation keys and finalizers. Not here: apiVersion's
// group/version parse, owner references and managed fields. Sources (kubernetes/kubernetes, staging/src/k8s.io/
// apiextensions-apiserver/pkg/apiserver/schema/): defaulting/validation.go@054d429d9f8b validate (insideMeta),
// objectmeta/validation.go@7fc9c57df507 Validate / validateEmbeddedResource, objectmeta/coerce.go@775a46cb8e5b
// GetObjectMeta; the ObjectMeta name rules are the engine's (schemas/object-meta.json).
import { nameProblems, qualifiedNameProblems, labelValueProblems, words } from '../validate/name-rules';
import { objectMetaFacts } from '../knowledge/object-meta';

/** Fields of ObjectMeta a default can set, with the JSON type the decoder needs. */
const STRING_FIELDS = ['name', 'generateName', 'namespace', 'uid', 'resourceVersion', 'selfLink'];
const STRING_MAPS = ['labels', 'annotations'];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function isObject(v: Json | undefined): v is { [k: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The object the default is judged in: {apiVersion: validation/v1, kind: Validation} with the default at `keys`. */
function surrounding(keys: (string | number)[], value: Json): { [k: string]: Json } {
  const root: { [k: string]: Json } = { apiVersion: 'validation/v1', kind: 'Validation' };
  let here: { [k: string]: Json } | Json[] = root;
  keys.forEach((key, i) => {
    const next: Json = i === keys.length - 1 ? value : typeof keys[i + 1] === 'number' ? [] : {};
    (here as Record<string | number, Json>)[key] = next;
    if (i < keys.length - 1) here = next as { [k: string]: Json } | Json[];
  });
  return root;
}

function metadataProblem(meta: Json): string | undefined {
  if (meta === null) return undefined; // decodes as empty metadata
  if (!isObject(meta)) return 'metadata must be an object';
  for (const f of STRING_FIELDS) if (meta[f] !== undefined && meta[f] !== null && typeof meta[f] !== 'string') return `metadata.${f} must be a string`;
  for (const f of STRING_MAPS) {
    const m = meta[f];
    if (m === undefined || m === null) continue;
    if (!isObject(m) || Object.values(m).some((v) => v !== null && typeof v !== 'string')) return `metadata.${f} must map strings to strings`;
  }
  const finalizers = meta['finalizers'];
  if (finalizers !== undefined && finalizers !== null && (!Array.isArray(finalizers) || finalizers.some((f) => typeof f !== 'string'))) return 'metadata.finalizers must be a list of strings';
  const limits = objectMetaFacts().limits;
  const name = typeof meta['name'] === 'string' && meta['name'] !== '' ? meta['name'] : 'fakename';
  const nameBad = nameProblems('pathSegmentName', name, false, limits);
  if (nameBad.length > 0) return `metadata.name may not be or contain ${words(nameBad)}`;
  const generate = typeof meta['generateName'] === 'string' ? meta['generateName'] : '';
  const generateBad = generate === '' ? [] : nameProblems('pathSegmentName', generate, true, limits);
  if (generateBad.length > 0) return `metadata.generateName may not contain ${words(generateBad)}`;
  const ns = typeof meta['namespace'] === 'string' ? meta['namespace'] : '';
  const nsBad = ns === '' ? [] : nameProblems('dns1123Label', ns, false, limits);
  if (nsBad.length > 0) return `metadata.namespace ${JSON.stringify(ns)} is not a namespace name`;
  for (const [key, value] of Object.entries(isObject(meta['labels']) ? meta['labels'] : {})) {
    if (qualifiedNameProblems(key, limits).length > 0) return `label key ${JSON.stringify(key)} is not a qualified name`;
    if (typeof value === 'string' && labelValueProblems(value, limits).length > 0) return `label value ${JSON.stringify(value)} is not a label value`;
  }
  for (const key of Object.keys(isObject(meta['annotations']) ? meta['annotations'] : {})) {
    if (qualifiedNameProblems(key.toLowerCase(), limits).length > 0) return `annotation key ${JSON.stringify(key)} is not a qualified name`;
  }
  for (const f of Array.isArray(finalizers) ? finalizers : []) {
    if (typeof f === 'string' && qualifiedNameProblems(f, limits).length > 0) return `finalizer ${JSON.stringify(f)} is not a qualified name`;
  }
  return undefined;
}

/** Why the default at `keys` below an embedded resource (e.g. ['metadata', 'labels']) does not make valid object
 *  metadata; undefined when it does. */
export function metaDefaultProblem(keys: (string | number)[], value: Json): string | undefined {
  const obj = surrounding(keys, value);
  for (const field of ['apiVersion', 'kind'] as const) {
    const v = obj[field];
    if (typeof v !== 'string') return `${field} must be a string`;
    if (v === '') return `${field} must not be empty`;
  }
  const kindBad = nameProblems('dns1035Label', (obj['kind'] as string).toLowerCase(), false, objectMetaFacts().limits);
  if (kindBad.length > 0) return `kind ${JSON.stringify(obj['kind'])} is not a DNS-1035 label (in any case)`;
  return 'metadata' in obj ? metadataProblem(obj['metadata'] ?? null) : undefined;
}
