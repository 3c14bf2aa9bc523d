// schemas/api-objects.json from the hand-assembled tables in scripts/generate/api-objects/: fields.tsv (the
// fields of CustomResourceDefinition and APIService, one row per field with its upstream source) and
// facts.json (kinds with served / removed versions, value sets, limits, rule sources). ../shared holds neither
// group's types (k8s.io/api does not define them); each row names the upstream file and commit it was read from.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ApiObjectsData, FieldDef, KindEntry, TypeDef, TypeRef } from '../../server/src/engine/knowledge/data-contract';
import { sortedRecord } from './write-json';

export const API_OBJECTS_DIR = path.join(__dirname, 'api-objects');

const SOURCE = /^[\w.-]+\/[\w.-]+( \([^)]*\))?:[^@\s]+@[0-9a-f]{40}$/;

interface FactsJson {
  kinds: { apiVersion: string; kind: string; root?: string; listKind?: string; namespaced?: boolean; removedIn?: string; deprecatedIn?: string; replacement?: string; source: string }[];
  values: Record<string, { values: string[]; source: string }>;
  limits: Record<string, { min?: number; max?: number; source: string }>;
  rules: Record<string, { source: string }>;
}

function checkSource(source: string, where: string): void {
  if (!SOURCE.test(source)) throw new Error(`${where}: source "${source}" is not repository:path@commit`);
}

function typeRef(text: string, where: string): TypeRef {
  if (text === 'string' || text === 'boolean') return { s: text };
  if (text === 'number') return { s: 'number' };
  if (text === 'float') return { s: 'number', float: true };
  if (text === 'any') return { any: true };
  if (text === 'meta') return { ref: 'meta.v1.ObjectMeta' };
  if (text.startsWith('ref:')) return { ref: text.slice(4) };
  if (text.startsWith('list:')) return { list: typeRef(text.slice(5), where) };
  if (text.startsWith('map:')) return { map: typeRef(text.slice(4), where) };
  throw new Error(`${where}: unknown type "${text}"`);
}

export function buildApiObjects(dir = API_OBJECTS_DIR): ApiObjectsData {
  const types: Record<string, TypeDef> = {};
  const lines = fs.readFileSync(path.join(dir, 'fields.tsv'), 'utf8').split('\n').filter((l) => l !== '' && !l.startsWith('#'));
  const header = lines.shift()?.split('\t');
  if (header?.join(',') !== 'type,field,ref,required,source') throw new Error('fields.tsv: unexpected header');
  for (const [i, line] of lines.entries()) {
    const where = `fields.tsv row ${i + 1}`;
    const [type, field, ref, required, source] = line.split('\t');
    if (!type || !field || !ref || source === undefined) throw new Error(`${where}: five columns expected`);
    checkSource(source, where);
    const def: FieldDef = { name: field, type: typeRef(ref, where), ...(required === 'yes' ? { required: true as const } : { optional: true as const }) };
    (types[type] ??= { fields: [] }).fields.push(def);
  }
  for (const [key, t] of Object.entries(types)) {
    for (const f of t.fields) {
      const refs: string[] = [];
      const collect = (r: TypeRef): void => {
        if ('ref' in r) refs.push(r.ref);
        else if ('list' in r) collect(r.list);
        else if ('map' in r) collect(r.map);
      };
      collect(f.type);
      for (const r of refs) if (!types[r] && r !== 'meta.v1.ObjectMeta') throw new Error(`${key}.${f.name}: type ${r} has no rows`);
    }
  }
  const facts = JSON.parse(fs.readFileSync(path.join(dir, 'facts.json'), 'utf8')) as FactsJson;
  const kinds: KindEntry[] = facts.kinds.map((k) => {
    checkSource(k.source, `facts.json kind ${k.apiVersion} ${k.kind}`);
    const [group, version] = k.apiVersion.split('/') as [string, string];
    if (k.removedIn) {
      return { apiVersion: k.apiVersion, kind: k.kind, group, version, root: '', stability: 'beta', removed: true, removedIn: k.removedIn, deprecated: true, ...(k.deprecatedIn ? { deprecatedIn: k.deprecatedIn } : {}), ...(k.replacement ? { replacement: k.replacement } : {}) } satisfies KindEntry;
    }
    if (!k.root || !types[k.root]) throw new Error(`facts.json kind ${k.apiVersion} ${k.kind}: root type ${k.root} has no rows`);
    return { apiVersion: k.apiVersion, kind: k.kind, group, version, root: k.root, stability: 'stable', ...(k.listKind ? { listKind: k.listKind } : {}), namespaced: k.namespaced ?? null } satisfies KindEntry;
  });
  const values: ApiObjectsData['values'] = {};
  for (const [name, v] of Object.entries(facts.values)) {
    checkSource(v.source, `facts.json values ${name}`);
    values[name] = { values: v.values, source: v.source };
  }
  const limits: ApiObjectsData['limits'] = {};
  for (const [name, v] of Object.entries(facts.limits)) {
    checkSource(v.source, `facts.json limits ${name}`);
    limits[name] = { ...(v.min !== undefined ? { min: v.min } : {}), ...(v.max !== undefined ? { max: v.max } : {}), source: v.source };
  }
  const rules: ApiObjectsData['rules'] = {};
  for (const [id, v] of Object.entries(facts.rules)) {
    checkSource(v.source, `facts.json rule ${id}`);
    rules[id] = { source: v.source };
  }
  return { kinds, types: sortedRecord(types), values: sortedRecord(values), limits: sortedRecord(limits), rules: sortedRecord(rules) };
}
