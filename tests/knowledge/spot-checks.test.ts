// Spot checks of the generated type data: every expected value is read from ../shared, never typed here.
// Internal imports: `knowledge` (the generated data itself, spot-checked).
// Also `knowledge/data-contract` (the generated data's types FieldDef, TypeRef, which the entry point does not
// export).
import { describe, expect, it } from 'vitest';
import { featureGatesFile, sharedTitle } from '../support/shared';
import type { FieldDef, TypeRef } from '../../server/src/engine/knowledge/data-contract';
import { loadVersion } from '../../server/src/engine';
import { fieldOf, findKind, gatedFields, laterVersionOf, typeOf, briefFacts } from '../../server/src/engine/knowledge';
import { hasShared, readShared } from './shared';

interface UpField {
  name?: string;
  inline?: boolean;
  optionalFrom?: string[];
  markers?: string[];
  featureGates?: string[];
  featureGatesCurated?: string[];
  featureGatesFromCommentForValues?: Record<string, string[]>;
  enumType?: string;
  elem?: { enumType?: string };
}
interface FieldsFile {
  types: Record<string, { fields: UpField[] }>;
  enums: Record<string, { enumSource?: string; values: { value: string; featureGates?: string[] }[] }>;
}
interface KindsFile {
  kinds: { apiVersion: string; kind: string; rootType: string; removedInThisVersion: boolean; featureGates?: string[] }[];
}
interface ConfigIndex {
  configs: { component: string; apiVersion: string; kind: string; rootType: string; dirs: Record<string, string> }[];
}

const VERSIONS = ['1.34', '1.35', '1.36', '1.37'];
const short = (n: string) => n.replace(/^io\.k8s\.api\./, '');

/** Follows refs/lists/maps down to the struct type a field holds. */
function structOf(t: TypeRef): string | undefined {
  if ('ref' in t) return t.ref;
  if ('list' in t) return structOf(t.list);
  if ('map' in t) return structOf(t.map);
  return undefined;
}

/** The field at a dotted path from a kind root (list items and map values are stepped through). */
function fieldAt(version: string, apiVersion: string, kind: string, path: string): FieldDef | undefined {
  const k = findKind(version, apiVersion, kind);
  let typeName: string | undefined = k?.root;
  let field: FieldDef | undefined;
  for (const part of path.split('.')) {
    if (!typeName) return undefined;
    field = fieldOf(version, typeName, part);
    if (!field) return undefined;
    typeName = structOf(field.type);
  }
  return field;
}

function upField(file: FieldsFile, type: string, name: string): UpField {
  const f = file.types[type]?.fields.find((x) => x.name === name);
  if (!f) throw new Error(`${type}.${name} not in fields.json`);
  return f;
}

describe.skipIf(!hasShared)(sharedTitle('type data spot checks against ../shared/upstream'), () => {
  const fields = (v: string) => readShared<FieldsFile>('upstream', `k8s-${v}`, 'fields.json');
  const kinds = (v: string) => readShared<KindsFile>('upstream', `k8s-${v}`, 'kinds.json');
  const alias = (g: string) => featureGatesFile().names_that_are_not_gates[g]?.alias_of ?? g;

  it('ResourceSlice spec.skipNodeOperations: gated in 1.37, absent in 1.36 with later = 1.37', () => {
    const up = upField(fields('1.37'), 'io.k8s.api.resource.v1.ResourceSliceSpec', 'skipNodeOperations');
    const f37 = fieldAt('1.37', 'resource.k8s.io/v1', 'ResourceSlice', 'spec.skipNodeOperations');
    expect(f37?.gates).toEqual(up.featureGates?.map(alias));
    expect(fields('1.36').types['io.k8s.api.resource.v1.ResourceSliceSpec'].fields.some((f) => f.name === 'skipNodeOperations')).toBe(false);
    expect(fieldAt('1.36', 'resource.k8s.io/v1', 'ResourceSlice', 'spec.skipNodeOperations')).toBeUndefined();
    expect(laterVersionOf('1.36', short('io.k8s.api.resource.v1.ResourceSliceSpec'), 'skipNodeOperations')).toBe('1.37');
    const row = gatedFields('1.37').find(
      (r) => r.apiVersion === 'resource.k8s.io/v1' && r.kind === 'ResourceSlice' && r.path === 'spec.skipNodeOperations',
    );
    expect(row?.gate).toBe(up.featureGates?.[0]);
  });

  it('KubeletConfiguration defaultPodSysctls carries its curated gate', () => {
    const idx = readShared<ConfigIndex>('upstream', 'configs', 'index.json');
    const entry = idx.configs.find((c) => c.kind === 'KubeletConfiguration');
    const cfg = readShared<FieldsFile>('upstream', entry?.dirs['k8s-1.37'] ?? '', 'fields.json');
    const up = upField(cfg, entry?.rootType ?? '', 'defaultPodSysctls');
    expect(up.featureGatesCurated?.length).toBeGreaterThan(0);
    const f = fieldAt('1.37', entry?.apiVersion ?? '', 'KubeletConfiguration', 'defaultPodSysctls');
    expect(f?.gates).toEqual(up.featureGatesCurated);
    expect(f?.gatesCurated).toEqual(up.featureGatesCurated);
    const row = gatedFields('1.37').find((r) => r.kind === 'KubeletConfiguration' && r.path === 'defaultPodSysctls');
    expect(row?.source).toBe('curated');
  });

  it('toleration operator: enum values and value gates from the field comment', () => {
    const up = upField(fields('1.37'), 'io.k8s.api.core.v1.Toleration', 'operator');
    const f = fieldAt('1.37', 'v1', 'Pod', 'spec.tolerations.operator');
    expect(f?.enum).toBe(short(up.enumType ?? ''));
    expect(loadVersion('1.37').data.enums[f?.enum ?? '']).toEqual(fields('1.37').enums[up.enumType ?? ''].values.map((v) => v.value));
    const expected: Record<string, string[]> = {};
    for (const [gate, values] of Object.entries(up.featureGatesFromCommentForValues ?? {})) {
      for (const v of values) (expected[v] ??= []).push(gate);
    }
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(f?.valueGates).toEqual(expected);
    const rows = gatedFields('1.37').filter((r) => r.apiVersion === 'v1' && r.kind === 'Pod' && r.path === 'spec.tolerations[].operator');
    expect(rows.map((r) => r.value).sort()).toEqual(Object.keys(expected).sort());
  });

  it('StatefulSet updateStrategy.type: the gate of a single enum value', () => {
    const up = upField(fields('1.37'), 'io.k8s.api.apps.v1.StatefulSetUpdateStrategy', 'type');
    const gated = fields('1.37').enums[up.enumType ?? ''].values.filter((v) => v.featureGates?.length);
    expect(gated.length).toBeGreaterThan(0);
    const f = fieldAt('1.37', 'apps/v1', 'StatefulSet', 'spec.updateStrategy.type');
    for (const v of gated) expect(f?.valueGates?.[v.value]).toEqual(v.featureGates);
  });

  it('a tag naming an alias resolves to the registered gate and keeps the tag name', () => {
    const fg = featureGatesFile();
    const aliases = Object.entries(fg.names_that_are_not_gates).filter(([, v]) => v.alias_of);
    let seen = 0;
    for (const [typeName, t] of Object.entries(fields('1.37').types)) {
      for (const uf of t.fields) {
        const tag = (uf.featureGates ?? []).find((g) => aliases.some(([n]) => n === g));
        if (!tag || !uf.name || !typeOf('1.37', short(typeName))) continue;
        const f = fieldOf('1.37', short(typeName), uf.name);
        const i = f?.gateTags?.indexOf(tag) ?? -1;
        expect(i).toBeGreaterThanOrEqual(0);
        expect(f?.gates?.[i]).toBe(fg.names_that_are_not_gates[tag].alias_of);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('kind-level gates come from kinds.json', () => {
    for (const v of VERSIONS) {
      for (const k of kinds(v).kinds.filter((x) => x.featureGates?.length)) {
        expect(findKind(v, k.apiVersion, k.kind)?.gates, `${v} ${k.apiVersion} ${k.kind}`).toEqual(k.featureGates);
      }
    }
  });

  it('every served kind and every config kind of the version has its root type', () => {
    const idx = readShared<ConfigIndex>('upstream', 'configs', 'index.json');
    for (const v of VERSIONS) {
      for (const k of kinds(v).kinds) {
        const entry = findKind(v, k.apiVersion, k.kind);
        expect(entry, `${v} ${k.apiVersion} ${k.kind}`).toBeDefined();
        expect(entry?.removed === true).toBe(k.removedInThisVersion);
        if (!k.removedInThisVersion) expect(typeOf(v, entry?.root ?? ''), `${v} ${k.kind} root`).toBeDefined();
      }
      for (const c of idx.configs) {
        const labels = Object.keys(c.dirs);
        const applies = labels.includes(`k8s-${v}`) || (labels.length === 1 && !labels[0].startsWith('k8s-'));
        const entry = findKind(v, c.apiVersion, c.kind);
        if (!applies) {
          expect(entry, `${v} ${c.kind}`).toBeUndefined();
          continue;
        }
        expect(entry?.component, `${v} ${c.kind}`).toBe(c.component);
        expect(typeOf(v, entry?.root ?? '')).toBeDefined();
      }
    }
  });

  it('required only where explicitly marked; conditional markers do not count', () => {
    const file = fields('1.37');
    let withPrefix = 0;
    let conditional = 0;
    for (const [typeName, t] of Object.entries(file.types)) {
      if (!typeOf('1.37', short(typeName))) continue;
      for (const uf of t.fields) {
        if (!uf.name || uf.inline) continue;
        const f = fieldOf('1.37', short(typeName), uf.name);
        const explicit = (uf.optionalFrom ?? []).some((o) => o === '+required' || o === '+k8s:required');
        const markers = uf.markers ?? [];
        const prefixed = markers.some((m) => /^\+k8s:(alpha|beta)\(since: "[^"]*"\)=\+k8s:required$/.test(m));
        const plain = markers.includes('+k8s:required');
        if (explicit || plain || prefixed) expect(f?.required, `${typeName}.${uf.name}`).toBe(true);
        else expect(f?.required, `${typeName}.${uf.name}`).toBeUndefined();
        if (prefixed && !explicit && !plain) withPrefix++;
        if (!explicit && !plain && !prefixed && markers.some((m) => m.endsWith('+k8s:required'))) conditional++;
      }
    }
    expect(withPrefix).toBeGreaterThan(0);
    expect(conditional).toBeGreaterThan(0);
  });

  it('apimachinery types come from structure.yaml with unknown optionality; RawExtension is open', () => {
    const meta = typeOf('1.37', findKind('1.37', 'v1', 'Pod')?.root ?? '')?.fields.find((f) => f.name === 'metadata');
    const metaType = meta && 'ref' in meta.type ? typeOf('1.37', meta.type.ref) : undefined;
    expect(metaType?.fields.length).toBeGreaterThan(0);
    for (const f of metaType?.fields ?? []) {
      expect(f.required).toBeUndefined();
      expect(f.optional).toBeUndefined();
    }
    for (const [typeName, t] of Object.entries(fields('1.37').types)) {
      if (!typeOf('1.37', short(typeName))) continue;
      for (const uf of t.fields as (UpField & { kind?: string })[]) {
        if (uf.kind === 'untyped' && uf.name) expect(fieldOf('1.37', short(typeName), uf.name)?.type).toEqual({ any: true });
      }
    }
  });

  it('brief: the designed-not-shipped checkpoint API and Pod field', () => {
    const brief = readShared<{ features: { kep?: { number: number } | null; shipped_in_v1_37_0: string; surfaces: { kind: string; apiVersion?: string; object?: string; path?: string }[] }[] }>(
      'reference',
      'brief-features.json',
    );
    const designed = brief.features
      .filter((f) => f.shipped_in_v1_37_0.startsWith('no'))
      .flatMap((f) => f.surfaces.filter((s) => s.kind === 'designed, not shipped').map((s) => ({ ...s, kep: f.kep?.number })));
    expect(designed.length).toBeGreaterThan(0);
    const facts = briefFacts();
    for (const s of designed) {
      const served = loadVersion('1.37').byApiVersion.get(s.apiVersion ?? '')?.some((k) => !k.removed) ?? false;
      if (served) {
        expect(facts.notShippedFields.some((x) => x.apiVersion === s.apiVersion && x.kind === s.object && x.kep === s.kep)).toBe(true);
      } else {
        expect(facts.notShippedApis.some((x) => x.apiVersion === s.apiVersion && x.kind === s.object && x.kep === s.kep)).toBe(true);
      }
    }
  });
});
