// The knowledge loaders over the committed schemas/ (no ../shared needed).
// Internal imports: `knowledge` (the loaders of the generated data and their cache).
// Also `knowledge/data-contract` (the generated data's types FieldDef, TypeRef, which the entry point does not
// export), `knowledge/gates` (onByDefault).
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type VersionData, SUPPORTED_VERSIONS, gateCatalog, loadVersion } from '../../server/src/engine';
import type { FieldDef, TypeRef } from '../../server/src/engine/knowledge/data-contract';
import { clearSchemaCache, fieldOf, findKind, findListKind, gatedFields, gateState, isMetaGate, kindEntry, kindsNamed, kindsOf, listItemKind, resolveGateName } from '../../server/src/engine/knowledge';
import { onByDefault } from '../../server/src/engine/knowledge/gates';
import { locateDataFolder } from '../../server/src/host/data-files';
import { schemasDir } from './shared';

const savedEnv = process.env.KUBEGATE_SCHEMAS;
afterEach(() => {
  if (savedEnv === undefined) delete process.env.KUBEGATE_SCHEMAS;
  else process.env.KUBEGATE_SCHEMAS = savedEnv;
});

/** The struct type a (possibly list/map) type holds. */
function structOf(t: TypeRef): string | undefined {
  if ('ref' in t) return t.ref;
  if ('list' in t) return structOf(t.list);
  if ('map' in t) return structOf(t.map);
  return undefined;
}

describe('locating schemas/', () => {
  it('finds the repository schemas/ from the sources', () => {
    delete process.env.KUBEGATE_SCHEMAS;
    expect(locateDataFolder('schemas')).toBe(schemasDir);
  });

  it('an explicit folder wins, then KUBEGATE_SCHEMAS', () => {
    process.env.KUBEGATE_SCHEMAS = path.join(schemasDir, 'elsewhere');
    expect(locateDataFolder('schemas')).toBe(path.join(schemasDir, 'elsewhere'));
    expect(locateDataFolder('schemas', schemasDir)).toBe(schemasDir);
  });
});

describe('version data loaders', () => {
  it('loads each supported version once and caches it', () => {
    clearSchemaCache();
    for (const v of SUPPORTED_VERSIONS) {
      const started = process.hrtime.bigint();
      const first = loadVersion(v);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(`load ${v}: ${ms.toFixed(1)} ms, ${Object.keys(first.data.types).length} types, ${first.data.kinds.length} kinds`);
      expect(first.data.version).toBe(v);
      expect(loadVersion(v)).toBe(first);
    }
  });

  it('finds every kind and list kind it lists', () => {
    for (const v of SUPPORTED_VERSIONS) {
      const data: VersionData = loadVersion(v).data;
      const wrong = data.kinds.filter(
        (k) =>
          findKind(v, k.apiVersion, k.kind) !== k ||
          !kindsOf(v, k.apiVersion).includes(k) ||
          (k.listKind !== undefined && findListKind(v, k.apiVersion, k.listKind) !== k),
      );
      expect(wrong).toEqual([]);
      expect(findKind(v, 'example.com/v1', 'Nothing')).toBeUndefined();
    }
  });

  it('indexes any VersionData once: a served kind wins over a removed one of the same key', () => {
    const base = loadVersion('1.37').data;
    const removed = { ...base.kinds[0]!, kind: 'Thing', listKind: 'ThingList', apiVersion: 'x.example/v1', removed: true as const };
    const served = { ...removed, removed: undefined };
    const data: VersionData = { ...base, kinds: [removed, served, { ...removed }] };
    expect(kindEntry(data, 'x.example/v1', 'Thing')).toBe(served);
    expect(listItemKind(data, 'x.example/v1', 'ThingList')).toBe(served);
    expect(kindsNamed(data, 'Thing')).toEqual([removed, served, removed]);
    expect(kindEntry(data, undefined, 'Thing')).toBeUndefined();
    expect(kindEntry(base, 'x.example/v1', 'Thing')).toBeUndefined();
  });

  it('every type reference points to a type of the same file', () => {
    const dangling: string[] = [];
    let refs = 0;
    let enums = 0;
    for (const v of SUPPORTED_VERSIONS) {
      const data = loadVersion(v).data;
      for (const [name, t] of Object.entries(data.types)) {
        for (const f of t.fields) {
          const ref = structOf(f.type);
          if (ref !== undefined) {
            refs++;
            if (!Object.hasOwn(data.types, ref)) dangling.push(`${v} ${name}.${f.name} → ${ref}`);
          }
          if (f.enum !== undefined) {
            enums++;
            if (!Object.hasOwn(data.enums, f.enum)) dangling.push(`${v} ${name}.${f.name} enum ${f.enum}`);
          }
        }
      }
    }
    expect(dangling).toEqual([]);
    // the walk saw references of both kinds in every version
    expect(refs).toBeGreaterThan(1000 * SUPPORTED_VERSIONS.length);
    expect(enums).toBeGreaterThan(10 * SUPPORTED_VERSIONS.length);
  });

  it('every gated-field row resolves to a field that carries its gate', () => {
    const wrong: string[] = [];
    for (const v of SUPPORTED_VERSIONS) {
      for (const row of gatedFields(v)) {
        const where = `${v} ${row.apiVersion} ${row.kind} ${row.path} ${row.gate}`;
        const kind = findKind(v, row.apiVersion, row.kind);
        if (row.path === '(kind)') {
          if (!kind?.gates?.includes(row.gate)) wrong.push(where);
          continue;
        }
        let typeName = kind?.root;
        let field: FieldDef | undefined;
        for (const seg of row.path.split('.')) {
          if (seg === '*') continue; // map value: same struct
          field = typeName ? fieldOf(v, typeName, seg.replace(/(\[\])+$/, '')) : undefined;
          typeName = field ? structOf(field.type) : undefined;
        }
        const gates =
          row.source === 'enum-value'
            ? field?.valueGates?.[row.value ?? '']
            : row.source === 'comment'
              ? field?.commentGates
              : field?.gates;
        if (!gates?.includes(row.gate)) wrong.push(where);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('gate loaders', () => {
  it('reads a gate state per version from byVersion', () => {
    const cat = gateCatalog();
    const [name, entry] = Object.entries(cat.gates)[0];
    for (const v of SUPPORTED_VERSIONS) {
      expect(gateState(name, v)?.state).toEqual(entry.byVersion[v]);
    }
  });

  it('resolves aliases for field markers only', () => {
    const cat = gateCatalog();
    const aliases = Object.entries(cat.notGates).filter(([, v]) => v.aliasOf !== null);
    expect(aliases.length).toBeGreaterThan(0);
    for (const [name, v] of aliases) {
      expect(resolveGateName(name, false)).toBeUndefined();
      expect(gateState(name, '1.37')).toBeUndefined();
      expect(gateState(name, '1.37', { viaFieldMarker: true })?.gate).toBe(v.aliasOf);
    }
    for (const m of cat.meta) {
      expect(isMetaGate(m)).toBe(true);
      expect(gateState(m, '1.37')).toBeUndefined();
    }
  });
});

describe('onByDefault (the gate state the API server rules assume)', () => {
  it('follows the version default, and counts a gate removed after GA as on', () => {
    expect(onByDefault('ClusterTrustBundleProjection', '1.36')).toBe(false);
    expect(onByDefault('ClusterTrustBundleProjection', '1.37')).toBe(true);
    expect(onByDefault('CrossNamespaceVolumeDataSource', '1.37')).toBe(false);
    // Removed in 1.37 after years at GA: the feature stays.
    expect(onByDefault('AnyVolumeDataSource', '1.37')).toBe(true);
    expect(onByDefault('NoSuchGate', '1.37')).toBe(false);
  });
});
