// Built-in type data + the converted CRD versions of a catalog: one VersionData the walk, hover and completion
// read like the built-in one. Conversion is cached per CRD version; the merged data per (built-in data, catalog).
import type { KindEntry, TypeDef, VersionData } from '../knowledge/data-contract';
import type { CrdCatalog } from './catalog';
import { convertVersion, type ConvertedVersion } from './convert';
import type { CrdDefinition, CrdVersion } from './crd-data';
import { isApiObjectGroup, withApiObjects } from './api-objects';

const converted = new WeakMap<CrdVersion, ConvertedVersion>();

function convertedVersion(def: CrdDefinition, version: CrdVersion): ConvertedVersion {
  let hit = converted.get(version);
  if (!hit) {
    hit = convertVersion(def, version);
    converted.set(version, hit);
  }
  return hit;
}

interface CustomData {
  /** Its kinds are looked up like the built-in data's (knowledge/version-index.ts). */
  data: VersionData;
}

/** Per built-in data and catalog: the data with the CRDs merged so far (all of them, or those its custom resources
 *  were read with), and which. */
const merged = new WeakMap<VersionData, WeakMap<CrdCatalog, { defs: readonly CrdDefinition[]; all: boolean; out: CustomData }>>();

/** The built-in data with every served version of every CRD in the catalog added (kinds, types, enums). */
function customData(base: VersionData, catalog: CrdCatalog): CustomData {
  const perBase = mergedOf(base);
  const hit = perBase.get(catalog);
  if (hit?.all) return hit.out;
  const defs = catalog.all();
  const out = mergedData(base, defs);
  perBase.set(catalog, { defs, all: true, out });
  return out;
}

/** What a custom resource of `def` is read with: the built-in data with `def`'s served versions added, and those of
 *  the catalog's other CRDs read so far (a CRD's types are its own, named by group, version and kind: convert.ts).
 *  One merged copy per catalog, made again when a CRD not in it is asked for. */
export function customDataOf(base: VersionData, catalog: CrdCatalog, def: CrdDefinition): CustomData {
  const perBase = mergedOf(base);
  const hit = perBase.get(catalog);
  if (hit?.defs.includes(def)) return hit.out;
  const defs = [...(hit?.defs ?? []), def];
  const out = mergedData(base, defs);
  perBase.set(catalog, { defs, all: false, out });
  return out;
}

function mergedOf(base: VersionData): WeakMap<CrdCatalog, { defs: readonly CrdDefinition[]; all: boolean; out: CustomData }> {
  let perBase = merged.get(base);
  if (!perBase) {
    perBase = new WeakMap();
    merged.set(base, perBase);
  }
  return perBase;
}

function mergedData(base: VersionData, defs: readonly CrdDefinition[]): CustomData {
  const types: Record<string, TypeDef> = { ...base.types };
  const enums: Record<string, string[]> = { ...base.enums };
  const kinds: KindEntry[] = [...base.kinds];
  for (const def of defs) {
    if (base.builtinGroups.includes(def.group)) continue;
    for (const v of def.versions) {
      if (!v.served) continue;
      const c = convertedVersion(def, v);
      Object.assign(types, c.types);
      Object.assign(enums, c.enums);
      kinds.push(c.entry);
    }
  }
  return { data: { ...base, kinds, types, enums } };
}

/**
 * The data to read one document with: the built-in data when its apiVersion names a built-in group (the
 * catalog, and with it the bundled pack, is not read), else the built-in data with the catalog's CRDs. No
 * apiVersion yet (a document being started): the CRDs too, so that their kinds are offered.
 */
export function dataForApiVersion(base: VersionData, catalog: CrdCatalog | undefined, apiVersion: string | undefined): VersionData {
  // CRD and APIService documents: their built-in types, never a catalog's CRD (api-extensions/api-objects.ts).
  if (apiVersion !== undefined && isApiObjectGroup(apiVersion)) return withApiObjects(base);
  if (!catalog) return base;
  if (apiVersion !== undefined) {
    const slash = apiVersion.indexOf('/');
    const group = slash < 0 ? '' : apiVersion.slice(0, slash);
    if (group === '' || base.builtinGroups.includes(group)) return base;
  }
  return customData(base, catalog).data;
}
