// The JSON Schema builder (engine/schema) against the data it is built from: kubeconform file names, one file per
// served kind, required as the engine's missing-field rule, scalar typing as the decoder's, gate annotations from
// the catalog, --strict leaving out what a gate that is off guards, and the kubectl reading of YAML instances.
// Internal imports: `schema` (the JSON Schema builder, its names and required lists).
// Also `knowledge` (the generated data's types FieldDef, KindEntry, TypeRef, which the entry point does not export).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSchemaCommand } from '../../server/src/cli/commands/schema';
import {
  buildGateEnvironment,
  explicitSettings,
  gateCatalog,
  loadVersion,
  SUPPORTED_VERSIONS,
  exportSchemaFiles,
  schemaForKind,
  type SchemaBuildOptions,
} from '../../server/src/engine';
import { type FieldDef, type KindEntry, type TypeRef } from '../../server/src/engine/knowledge';
import { definitionName, isRequired, kindSchema, kubectlJson, kubeconformFileName, schemaKinds, type JsonSchemaObject } from '../../server/src/engine/schema';
import { memoryIO } from '../support/cli-io';
import { strictAjv } from './referee';

const catalog = gateCatalog();
/** Kinds the API server may serve (not removed, not of a group-version it never serves; payloads and configs kept). */
function servedKinds(version: string): KindEntry[] {
  const data = loadVersion(version).data;
  return data.kinds.filter((k) => !k.removed && (k.component || k.payload || data.served?.notServed[k.apiVersion] === undefined));
}

const optsFor = (version: string, extra: Partial<SchemaBuildOptions> = {}): SchemaBuildOptions => ({
  data: loadVersion(version).data,
  catalog,
  ...extra,
});

type Obj = Record<string, unknown>;
const obj = (v: unknown) => v as Obj;

/** The definition of a type in a kind file (API variant). */
function definition(schema: JsonSchemaObject, type: string): Obj {
  const d = obj(schema.definitions)[type];
  if (!d) throw new Error(`no definition ${type}`);
  return obj(d);
}

/** A field schema (its properties entry) in a definition. */
function property(schema: JsonSchemaObject, type: string, field: string): Obj | undefined {
  return obj(definition(schema, type).properties)[field] as Obj | undefined;
}

/** The first struct field of a version matching a test, with the served kind that reaches its type. */
function findField(version: string, test: (f: FieldDef, type: string) => boolean): { type: string; field: FieldDef; kind: KindEntry } {
  const data = loadVersion(version).data;
  for (const kind of schemaKinds(optsFor(version)).filter((k) => !k.component)) {
    const reached = Object.keys(obj(kindSchema(kind, optsFor(version)).definitions));
    for (const type of reached) {
      const def = data.types[type];
      const field = def?.fields.find((f) => test(f, type));
      if (field) return { type, field, kind };
    }
  }
  throw new Error(`no field found in ${version}`);
}

describe('kubeconform file names', () => {
  it('are {kind}-{first group label}-{version}.json, core {kind}-{version}.json', () => {
    expect(kubeconformFileName({ kind: 'Deployment', group: 'apps', version: 'v1' })).toBe('deployment-apps-v1.json');
    expect(kubeconformFileName({ kind: 'Pod', group: '', version: 'v1' })).toBe('pod-v1.json');
    expect(kubeconformFileName({ kind: 'ResourceSlice', group: 'resource.k8s.io', version: 'v1' })).toBe('resourceslice-resource-v1.json');
  });

  it.each(SUPPORTED_VERSIONS)('Kubernetes %s: one file per served kind (config kinds included), all.json, _definitions.json', (version) => {
    const opts = optsFor(version);
    const files = exportSchemaFiles(opts);
    const served = servedKinds(version);
    expect(files.filter((f) => f.kind)).toHaveLength(served.length);
    const names = new Set(files.map((f) => f.name));
    expect(names.size).toBe(files.length);
    for (const k of served) expect(names.has(kubeconformFileName(k)), `${k.apiVersion} ${k.kind}`).toBe(true);
    for (const k of loadVersion(version).data.kinds.filter((x) => !served.includes(x))) {
      expect(files.some((f) => f.kind?.apiVersion === k.apiVersion && f.kind.kind === k.kind)).toBe(false);
    }
    expect(names.has('all.json') && names.has('_definitions.json')).toBe(true);
    const components = new Set(served.filter((k) => k.component).map((k) => k.component));
    for (const c of ['kubelet', 'kind', 'kubeadm', 'kube-proxy', 'kube-scheduler']) expect(components.has(c), c).toBe(true);
  });
});

describe('types, required and null', () => {
  const version = '1.37';
  const opts = optsFor(version);
  const data = loadVersion(version).data;

  it('required lists exactly the fields the engine reports as missing (API kinds, not status, not numbers or booleans)', () => {
    const all = obj(exportSchemaFiles(opts).find((f) => f.name === '_definitions.json')!.schema.definitions);
    let checked = 0;
    for (const [type, def] of Object.entries(data.types)) {
      const api = obj(all[definitionName(type, { mode: 'api' })]);
      const expected = def.fields.filter((f) => f.required && f.name !== 'status' && !('s' in f.type && (f.type.s === 'number' || f.type.s === 'boolean')));
      expect((api.required as string[] | undefined) ?? [], type).toEqual(expected.map((f) => f.name));
      for (const f of def.fields) expect(isRequired(f, { mode: 'status' })).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('a required scalar number is not required, and null is refused only on explicitly required fields', () => {
    const { type, field, kind } = findField(version, (f) => !!f.required && 's' in f.type && f.type.s === 'number');
    const schema = kindSchema(kind, opts);
    expect((definition(schema, type).required as string[] | undefined) ?? []).not.toContain(field.name);
    expect(JSON.stringify(property(schema, type, field.name))).not.toContain('"null"');
    const optional = findField(version, (f) => !f.required && 's' in f.type && f.type.s === 'string' && !f.enum && !f.rules);
    expect(property(kindSchema(optional.kind, opts), optional.type, optional.field.name)).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
  });

  it('numbers are integers unless the Go type is a float; IntOrString takes whole numbers, Quantity any number', () => {
    const count = { int: 0, float: 0, ios: 0, quantity: 0 };
    const ajv = strictAjv(false);
    for (const kind of schemaKinds(opts).filter((k) => !k.component)) {
      const schema = kindSchema(kind, opts);
      for (const [type, raw] of Object.entries(obj(schema.definitions))) {
        const def = data.types[type];
        if (!def) continue;
        for (const f of def.fields) {
          if (!('s' in f.type) || f.rules || f.enum) continue;
          const p = obj(obj(raw).properties)[f.name] as Obj | undefined;
          if (!p || 'not' in p) continue;
          const t = f.type as Extract<TypeRef, { s: unknown }>;
          const text = JSON.stringify(p);
          if (t.s === 'number') {
            expect(text, `${type}.${f.name}`).toContain(t.float ? '"number"' : '"integer"');
            t.float ? count.float++ : count.int++;
          }
          if (t.s === 'int-or-string') {
            const validate = ajv.compile(p);
            expect(validate('50%') && validate(3), `${type}.${f.name}`).toBe(true);
            expect(validate(1.5), `${type}.${f.name} 1.5`).toBe(!!t.quantity);
            expect(validate(true)).toBe(false);
            t.quantity ? count.quantity++ : count.ios++;
          }
        }
      }
      if (count.int && count.ios && count.quantity) break;
    }
    expect(count.int).toBeGreaterThan(0);
    expect(count.ios).toBeGreaterThan(0);
    expect(count.quantity).toBeGreaterThan(0);
  });

  it('kind Cluster takes what its decoder takes: any scalar for a string, a quoted "yes" for a boolean', () => {
    const cluster = schemaKinds(opts).find((k) => k.component === 'kind' && k.kind === 'Cluster')!;
    const validate = strictAjv().compile(kindSchema(cluster, opts));
    const root = data.types[cluster.root]!;
    const str = root.fields.find((f) => 's' in f.type && f.type.s === 'string' && !f.enum && f.name !== 'apiVersion' && f.name !== 'kind');
    expect(str).toBeDefined();
    expect(validate({ apiVersion: cluster.apiVersion, kind: 'Cluster', [str!.name]: 123 })).toBe(true);
    expect(validate({ apiVersion: cluster.apiVersion, kind: 'Cluster', [str!.name]: {} })).toBe(false);
  });

  it('an ordinary manifest passes and decoder mismatches fail (ajv, strict schema)', () => {
    const validate = strictAjv().compile(schemaForKind({ ...opts, strict: true }, 'apps/v1', 'Deployment')!);
    const deployment = (replicas: unknown, extra: Obj = {}) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', labels: { app: 'web' } },
      spec: {
        replicas,
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 80 }], ...extra }] } },
      },
    });
    expect(validate(deployment(3)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(deployment(null))).toBe(true);
    expect(validate(deployment('3'))).toBe(false);
    expect(validate(deployment(1.5))).toBe(false);
    expect(validate(deployment(3, { imagePullPolicy: 'Sometimes' }))).toBe(false);
    expect(validate(deployment(3, { imagePulPolicy: 'Always' }))).toBe(false);
    expect(validate(deployment(3, { env: [{ name: 'PORT', value: 8080 }] }))).toBe(false);
  });
});

describe('feature gates', () => {
  // A gated field of 1.37 whose gate is off by default: the annotation comes from the catalog.
  const version = '1.37';
  const opts = optsFor(version);
  const offByDefault = (g: string) => {
    const s = catalog.gates[g]?.byVersion[version];
    return s?.exists === true && (s.stage === 'Alpha' || (s.stage === 'Beta' && s.default === false));
  };
  const found = findField(version, (f) => (f.gates ?? []).length === 1 && offByDefault(f.gates![0]!) && !f.gatesDropped && !f.rules);
  const gate = found.field.gates![0]!;
  const entry = catalog.gates[gate]!;

  it('a gated field carries x-kubernetes-feature-gate and a description naming gate and KEP', () => {
    const p = property(kindSchema(found.kind, opts), found.type, found.field.name)!;
    const a = obj(p['x-kubernetes-feature-gate']);
    expect(a.gate).toBe(gate);
    expect(a.stage).toBe(entry.byVersion[version]!.stage);
    expect(a.default).toBe(entry.byVersion[version]!.default);
    expect(a.enabled).toBe(false);
    if (entry.kep) {
      expect(a.kep).toEqual({ number: entry.kep.number, url: entry.kep.url });
      expect(p.description).toContain(`KEP-${entry.kep.number}`);
    }
    expect(p.description).toContain(gate);
  });

  it('--strict leaves the field out while the gate is off, and keeps it once the gate is on', () => {
    expect(property(kindSchema(found.kind, { ...opts, strict: true }), found.type, found.field.name)).toBeUndefined();
    const environment = buildGateEnvironment({ catalog, version, explicit: explicitSettings([`${gate}=true`]) });
    const on = property(kindSchema(found.kind, { ...opts, strict: true, environment }), found.type, found.field.name);
    expect(on).toBeDefined();
    expect(obj(on!['x-kubernetes-feature-gate']).enabled).toBe(true);
    expect(definition(kindSchema(found.kind, { ...opts, strict: true }), found.type).additionalProperties).toBe(false);
    expect(definition(kindSchema(found.kind, opts), found.type).additionalProperties).toBeUndefined();
  });

  it('a gated enum value is its own annotated branch, left out by --strict while its gate is off', () => {
    const v = findField(version, (f) => !!f.enum && !!f.valueGates && Object.values(f.valueGates).some((gs) => gs.some(offByDefault)));
    const [value, gates] = Object.entries(v.field.valueGates!).find(([, gs]) => gs.some(offByDefault))!;
    const text = JSON.stringify(property(kindSchema(v.kind, opts), v.type, v.field.name));
    expect(text).toContain(`"const":${JSON.stringify(value)}`);
    expect(text).toContain(`"gate":"${gates[0]}"`);
    const strictText = JSON.stringify(property(kindSchema(v.kind, { ...opts, strict: true }), v.type, v.field.name));
    expect(strictText).not.toContain(`"const":${JSON.stringify(value)}`);
  });
});

describe('kubectl reading of YAML (the JSON instance)', () => {
  const json = (text: string) => kubectlJson(parseDocument(text), text);

  it('types plain scalars as YAML 1.1 and keeps quoted ones as strings', () => {
    expect(json('a: yes\nb: "yes"\nc: 0644\nd: "0644"\ne: 1:30\nf: 2001-12-14\ng: 1.0\nh: ~\ni: 0x1F\nj: 1_000\nk: off\n')).toEqual({
      a: true,
      b: 'yes',
      c: 420,
      d: '0644',
      e: '1:30',
      f: '2001-12-14',
      g: 1,
      h: null,
      i: 31,
      j: 1000,
      k: false,
    });
  });

  it('turns typed keys into strings and resolves anchors and merge keys', () => {
    expect(json('yes: 1\n0644: 2\n')).toEqual({ true: 1, '420': 2 });
    expect(json('base: &b {p: 1, q: 2}\nobj:\n  <<: *b\n  q: 3\n')).toEqual({ base: { p: 1, q: 2 }, obj: { p: 1, q: 3 } });
    // `y` is a YAML 1.1 boolean, also as a key.
    expect(json('y: 1\n')).toEqual({ true: 1 });
  });
});

describe('kubegate schema (CLI, in-process)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kubegate-schema-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('export writes one file per kind plus all.json and _definitions.json', async () => {
    const io = memoryIO();
    const out = path.join(dir, 'strict');
    const code = await makeSchemaCommand().run(['export', '--kubernetes-version', '1.36', '--strict', '--feature-gates', 'AllAlpha=true', '--out', out], io);
    expect(code, io.stderr).toBe(0);
    const files = readdirSync(out);
    const served = servedKinds('1.36');
    expect(files.length).toBe(served.length + 2);
    expect(io.stdout).toContain(`Wrote ${served.length + 2} files`);
    const pod = JSON.parse(readFileSync(path.join(out, 'pod-v1.json'), 'utf8')) as Obj;
    expect(pod.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(obj(definition(pod as JsonSchemaObject, 'core.v1.PodSpec')).additionalProperties).toBe(false);
  });

  it('print writes one kind to stdout; unknown kinds and missing options are reported', async () => {
    const io = memoryIO();
    expect(await makeSchemaCommand().run(['print', 'resource.k8s.io/v1', 'ResourceSlice'], io)).toBe(0);
    expect(obj(JSON.parse(io.stdout)).description).toContain('ResourceSlice (resource.k8s.io/v1) in Kubernetes 1.37');
    const unknown = memoryIO();
    expect(await makeSchemaCommand().run(['print', 'apps/v1', 'Deplyment'], unknown)).toBe(1);
    expect(unknown.stderr).toContain('serves no apps/v1 Deplyment');
    const usage = memoryIO();
    expect(await makeSchemaCommand().run(['export'], usage)).toBe(2);
    expect(usage.stderr).toContain('--out DIR');
  });
});
