// Every CRD of the bundled ecosystem pack (schemas/crds-pack.json: every project, release and Gateway API
// channel) converts to the walk's type tables; every CEL rule is classified (evaluated / oldSelf / needs the
// Kubernetes CEL library) and the skipped count is printed. With ../shared, every upstream CRD file converts
// the same way straight from its YAML.
// Internal imports: `api-extensions/catalog`, `api-extensions/cel` (the bundled CRD pack and the CEL support table, checked against each
// other).
// Also `api-extensions/convert` (convertVersion: a CRD version into type tables), `api-extensions/crd-data` (the
// pack's types CrdPack, CrdSchema), `knowledge/load-json` (loadSchemaFile: the bundled pack file as shipped).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { definitionOfPackCrd } from '../../server/src/engine/api-extensions/catalog';
import { ruleSupport } from '../../server/src/engine/api-extensions/cel';
import { convertVersion } from '../../server/src/engine/api-extensions/convert';
import { crdFromObject, type CrdDefinition } from '../../server/src/engine';
import type { CrdPack, CrdSchema } from '../../server/src/engine/api-extensions/crd-data';
import { loadSchemaFile } from '../../server/src/engine/knowledge/load-json';
import { hasShared, sharedDir, sharedTitle } from '../support/shared';

const pack = loadSchemaFile<CrdPack>('crds-pack.json');

function allDefinitions(): CrdDefinition[] {
  const out: CrdDefinition[] = [];
  for (const [project, p] of Object.entries(pack.projects)) {
    for (const r of p.releases) {
      for (const crd of r.crds ?? []) out.push(definitionOfPackCrd(pack, crd, `${project} ${r.tag}`));
      for (const [channel, list] of Object.entries(r.channels ?? {})) {
        for (const crd of list) out.push(definitionOfPackCrd(pack, crd, `${project} ${r.tag} ${channel}`, channel, r.tag));
      }
    }
  }
  return out;
}

function rulesOf(schema: CrdSchema | undefined, out: { rule: string }[] = []): { rule: string }[] {
  if (!schema) return out;
  out.push(...(schema['x-kubernetes-validations'] ?? []));
  for (const child of Object.values(schema.properties ?? {})) rulesOf(child, out);
  if (schema.items) rulesOf(schema.items, out);
  if (typeof schema.additionalProperties === 'object') rulesOf(schema.additionalProperties, out);
  return out;
}

/** Every object property of the schema that has properties must become a struct type with the same field names. */
function checkStructs(schema: CrdSchema, converted: ReturnType<typeof convertVersion>, typeKey: string, where: string): number {
  let count = 0;
  const type = converted.types[typeKey];
  expect(type, `${where}: type ${typeKey}`).toBeDefined();
  const names = new Set(type!.fields.map((f) => f.name));
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    expect(names.has(name), `${where}.${name} is a field`).toBe(true);
    const field = type!.fields.find((f) => f.name === name)!;
    expect(!!field.required, `${where}.${name} required`).toBe((schema.required ?? []).includes(name) && !child.nullable);
    count++;
    let ref = field.type;
    let sub: CrdSchema | undefined = child;
    while ('list' in ref && sub?.items) {
      ref = ref.list;
      sub = sub.items;
    }
    if ('ref' in ref && sub?.properties && !ref.ref.startsWith('meta.')) count += checkStructs(sub, converted, ref.ref, `${where}.${name}`);
    if (sub?.enum && sub.enum.every((v) => typeof v === 'string')) {
      expect(field.enum, `${where}.${name} enum`).toBeDefined();
      expect(converted.enums[field.enum!]).toEqual(sub.enum);
    }
    if (sub?.['x-kubernetes-int-or-string']) expect(ref).toEqual({ s: 'int-or-string' });
  }
  return count;
}

const stats = { crds: 0, versions: 0, fields: 0, rules: 0, oldSelf: 0, library: 0 };

describe('bundled CRD pack → type tables', () => {
  const defs = allDefinitions();

  afterAll(() => {
    console.log(
      `\nBundled CRDs: ${stats.crds} CRDs, ${stats.versions} versions, ${stats.fields} fields; CEL rules: ${stats.rules}, ` +
        `evaluated ${stats.rules - stats.oldSelf - stats.library}, skipped ${stats.oldSelf + stats.library} ` +
        `(${stats.oldSelf} read oldSelf, ${stats.library} need the Kubernetes CEL library)\n`,
    );
  });

  it('holds every project of ../shared/upstream/crds with its releases, newest first', () => {
    expect(Object.keys(pack.projects).sort()).toEqual(['external-snapshot-metadata', 'external-snapshotter', 'gateway-api', 'karpenter', 'karpenter-provider-aws']);
    for (const p of Object.values(pack.projects)) {
      const tags = p.releases.map((r) => r.tag);
      expect(tags.length).toBeGreaterThan(1);
      expect(tags[0]).toBe([...tags].sort((a, b) => b.localeCompare(a, undefined, { numeric: true }))[0]);
    }
  });

  it.each(defs.map((d) => [`${d.source.name} ${d.group}/${d.kind}`, d] as const))('%s converts', (_name, def) => {
    stats.crds++;
    for (const v of def.versions) {
      stats.versions++;
      expect(v.schema, `${def.kind} ${v.name} has a schema`).toBeDefined();
      const converted = convertVersion(def, v);
      expect(converted.entry.apiVersion).toBe(`${def.group}/${v.name}`);
      expect(converted.entry.kind).toBe(def.kind);
      stats.fields += checkStructs(v.schema!, converted, converted.entry.root, `${def.kind}/${v.name}`);
      for (const rule of rulesOf(v.schema)) {
        stats.rules++;
        const s = ruleSupport(rule);
        if (s === 'oldSelf') stats.oldSelf++;
        if (s === 'library') stats.library++;
      }
    }
  });
});

describe.skipIf(!hasShared)(sharedTitle('upstream CRD files convert straight from YAML'), () => {
  const dir = path.join(sharedDir, 'upstream', 'crds');
  const index = hasShared ? (JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as { projects: Record<string, { releases: { files: { file: string; fileRole: string }[] }[] }> }) : { projects: {} };
  const files = Object.values(index.projects).flatMap((p) => p.releases.flatMap((r) => r.files.filter((f) => f.fileRole === 'crd').map((f) => f.file)));

  it('lists CRD files', () => expect(files.length).toBeGreaterThan(50));

  it.each(files)('%s', (file) => {
    const docs = parseAllDocuments(fs.readFileSync(path.join(dir, file), 'utf8'));
    const defs = docs.map((d) => crdFromObject(d.toJS(), { kind: 'workspace', name: file })).filter((d): d is CrdDefinition => !!d);
    expect(defs).toHaveLength(1);
    for (const v of defs[0]!.versions) {
      const converted = convertVersion(defs[0]!, v);
      const root = converted.types[converted.entry.root];
      expect(root?.fields.map((f) => f.name).sort()).toEqual([...new Set(['apiVersion', 'kind', 'metadata', ...Object.keys(v.schema?.properties ?? {})])].sort());
    }
  });
});
