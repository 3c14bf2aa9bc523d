// Turns upstream type facts (fields.json structs first, structure.yaml for the apimachinery types that
// fields.json lacks) into the TypeDef/TypeRef shapes of server/src/engine/knowledge/data-contract.ts.
// Types are built on demand from the kind roots, so only reachable types end up in the output.
import type { FieldDef, GoInteger, TypeDef, TypeRef, UnionRule } from '../../server/src/engine/knowledge/data-contract';
import { rulesOfMarkers } from './markers';
import type { FieldsFile, SmdField, SmdType, SmdTypeRef, UpElem, UpEnum, UpField, UpType } from './sources';
import { NameTable } from './names';

/** `+k8s:required` alone or behind a stability prefix only (`+k8s:beta(since: "1.37")=+k8s:required`). */
const REQUIRED_MARKER = /^(\+k8s:(alpha|beta)\(since: "[^"]*"\)=)?\+k8s:required$/;

type Scalar = 'string' | 'number' | 'boolean' | 'int-or-string';

export function scalarKind(upstream: string | undefined): Scalar | undefined {
  switch (upstream) {
    case 'string':
      return 'string';
    case 'numeric':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'int-or-string':
      return 'int-or-string';
    default:
      return undefined;
  }
}

function isQuantityName(name: string | undefined): boolean {
  return !!name && /(^|\.)resource\.Quantity$/.test(name);
}

/** The Go integer type a number decodes into (the pointer, list or map around it stripped; Go's int and uint are
 *  64 bits on the platforms Kubernetes ships for); undefined for other types. */
export function goIntegerType(goType: string): GoInteger | undefined {
  const m = /^(u?)int(8|16|32|64)?$/.exec(goType.replace(/^(?:\*|\[\]|map\[string\])+/, ''));
  return m ? (`${m[1]}int${m[2] ?? '64'}` as GoInteger) : undefined;
}

/** Numbers of a Go float type take fractions, of a Go integer type the range of that type; int-or-string of a
 *  Quantity takes any number (IntOrString: integers). `goType` is the field's (a list's items inherit it). */
function refinedScalar(s: Scalar, goType: string, e: UpElem): TypeRef {
  if (s === 'number' && /float/.test(goType)) return { s, float: true };
  const int = s === 'number' ? goIntegerType(goType) : undefined;
  if (int) return { s, int };
  if (s === 'int-or-string' && (e.format === 'quantity' || isQuantityName(e.ref) || isQuantityName(e.namedType) || /Quantity/.test(goType))) {
    return { s, quantity: true };
  }
  return { s };
}

export function isExplicitlyRequired(f: UpField): boolean {
  const from = f.optionalFrom ?? [];
  if (from.includes('+required') || from.includes('+k8s:required')) return true;
  return (f.markers ?? []).some((m) => REQUIRED_MARKER.test(m.trim()));
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

export interface BuilderInputs {
  /** fields.json struct types (API types of the version + the config types of every config kind). */
  structs: Map<string, UpType>;
  /** +enum API types (fields.json `enums` of the version). */
  apiEnums: Map<string, UpEnum>;
  /** Config-local enums (typed consts / doc comment) of the config fields.json files. */
  configEnums: Map<string, UpEnum>;
  smd: Map<string, SmdType>;
  /** Scalar kind of named scalar types (Time → string, Quantity → int-or-string), as fields.json resolves them. */
  scalarOfRef: Map<string, Scalar>;
  /** Names used by tags that are not gates → the registered gate (names_that_are_not_gates.alias_of). */
  aliases: Map<string, string>;
}

export class TypeBuilder {
  readonly names = new NameTable();
  readonly types = new Map<string, TypeDef>();
  readonly enums = new Map<string, string[]>();
  /** Upstream names referenced but defined nowhere: written as `{ any: true }`. */
  readonly missing = new Set<string>();
  /** Marker names met but not evaluated, with counts (the generator reports them). */
  readonly skippedMarkers = new Map<string, number>();
  private readonly queued = new Set<string>();
  private readonly queue: string[] = [];
  private readonly derivedInline = new Map<string, FieldDef[]>();

  constructor(private readonly inp: BuilderInputs) {}

  /** Key of a root type (enqueued for building); undefined when the type is defined nowhere. */
  root(openapiName: string): string | undefined {
    const r = this.named(openapiName);
    return 'ref' in r ? r.ref : undefined;
  }

  /** Builds every enqueued type (and what they reference). */
  drain(): void {
    while (this.queue.length > 0) {
      const name = this.queue.shift() as string;
      this.types.set(this.names.key(name), this.buildStruct(name));
    }
  }

  private resolveGate(name: string): string {
    return this.inp.aliases.get(name) ?? name;
  }

  private enqueue(name: string): TypeRef {
    if (!this.queued.has(name)) {
      this.queued.add(name);
      this.queue.push(name);
    }
    return { ref: this.names.key(name) };
  }

  private named(name: string): TypeRef {
    if (name.startsWith('__untyped_')) return { any: true };
    if (this.inp.structs.has(name)) return this.enqueue(name);
    const smd = this.inp.smd.get(name);
    if (!smd) {
      const s = this.inp.scalarOfRef.get(name);
      if (s) return s === 'int-or-string' && isQuantityName(name) ? { s, quantity: true } : { s };
      this.missing.add(name);
      return { any: true };
    }
    if (smd.map?.fields) return this.enqueue(name);
    if (smd.scalar !== undefined && !smd.list && !smd.map) {
      const s = scalarKind(smd.scalar) ?? this.inp.scalarOfRef.get(name);
      return s ? { s } : { any: true };
    }
    return this.smdRef(smd);
  }

  private smdRef(t: SmdTypeRef): TypeRef {
    if (t.namedType !== undefined) return this.named(t.namedType);
    const shapes = [t.scalar !== undefined, t.list !== undefined, t.map !== undefined].filter(Boolean).length;
    if (shapes !== 1) return { any: true }; // deduced / untyped
    if (t.scalar !== undefined) {
      const s = scalarKind(t.scalar);
      return s ? { s } : { any: true };
    }
    if (t.list) return { list: this.smdRef(t.list.elementType) };
    const m = t.map as NonNullable<SmdTypeRef['map']>;
    if (m.fields) return { any: true }; // anonymous struct: not used by built-in types
    return m.elementType ? { map: this.smdRef(m.elementType) } : { any: true };
  }

  private elemRef(e: UpElem, goType = (e as UpField).goType ?? ''): TypeRef {
    switch (e.kind) {
      case 'scalar': {
        const s = scalarKind(e.scalar);
        if (!s) throw new Error(`unknown scalar ${String(e.scalar)}`);
        return refinedScalar(s, goType, e);
      }
      case 'untyped':
        return { any: true };
      case 'object':
        return e.ref ? this.named(e.ref) : { any: true };
      case 'list':
        return { list: e.elem ? this.elemRef(e.elem, goType) : { any: true } };
      case 'map':
        return { map: e.elem ? this.elemRef(e.elem, goType) : { any: true } };
    }
  }

  private buildStruct(name: string): TypeDef {
    const up = this.inp.structs.get(name);
    const def: TypeDef = up ? { fields: this.structFields(name, [name]) } : { fields: this.smdFields(name) };
    const unions = up ? this.unionsOf(up) : [];
    if (unions.length > 0) def.unions = unions;
    if (up?.featureGates?.length) def.gates = unique(up.featureGates.map((g) => this.resolveGate(g)));
    if (up?.featureGatesFromComment?.length) {
      def.commentGates = unique(up.featureGatesFromComment.map((g) => this.resolveGate(g)));
    }
    return def;
  }

  /** Unions over the struct's own fields; a struct with a discriminator (mode-driven union) has none here. */
  private unionsOf(up: UpType): UnionRule[] {
    const groups = new Map<string, UnionRule>();
    let discriminated = false;
    for (const f of up.fields) {
      if (f.inline || f.name === undefined || !f.markers?.length) continue;
      const facts = rulesOfMarkers(f.markers);
      if (facts.discriminator) discriminated = true;
      const m = facts.unionMember;
      if (!m) continue;
      const key = `${m.mode}\u0000${m.union}`;
      const g = groups.get(key) ?? { mode: m.mode, members: [], ...(m.stage ? { stage: m.stage } : {}) };
      g.members.push(f.name);
      groups.set(key, g);
    }
    if (discriminated) return [];
    return [...groups.values()].filter((g) => g.members.length > 1 || g.mode === 'exactlyOne');
  }

  private smdFields(name: string): FieldDef[] {
    const fields: SmdField[] = this.inp.smd.get(name)?.map?.fields ?? [];
    return fields.map((f) => ({ name: f.name, type: this.smdRef(f.type) }));
  }

  private structFields(name: string, stack: string[]): FieldDef[] {
    const up = this.inp.structs.get(name) as UpType;
    const out: FieldDef[] = [];
    const seen = new Set<string>();
    const add = (f: FieldDef) => {
      if (!seen.has(f.name)) {
        seen.add(f.name);
        out.push(f);
      }
    };
    for (const f of up.fields) {
      if (f.inline || f.name === undefined) {
        if (!f.ref) throw new Error(`${name}: inline field ${f.go} without ref`);
        if (stack.includes(f.ref)) throw new Error(`${name}: recursive inline ${f.ref}`);
        for (const g of this.inlineFields(f.ref, [...stack, f.ref])) add(g);
      } else {
        add(this.fieldDef(f));
      }
    }
    return out;
  }

  private inlineFields(ref: string, stack: string[]): FieldDef[] {
    if (this.inp.structs.has(ref)) return this.structFields(ref, stack);
    if (this.inp.smd.get(ref)?.map?.fields) return this.smdFields(ref);
    const derived = this.deriveInline(ref);
    if (!derived) throw new Error(`embedded type ${ref} is defined nowhere`);
    return derived;
  }

  /**
   * Fields of an embedded type that neither source defines (TypeMeta, ListMeta): structure.yaml flattens embedded
   * structs into their parents, so the fields a parent has in structure.yaml but not in fields.json are the embedded
   * type's. Every parent that embeds only that type must agree.
   */
  private deriveInline(ref: string): FieldDef[] | undefined {
    const cached = this.derivedInline.get(ref);
    if (cached) return cached;
    let names: string[] | undefined;
    let example: string | undefined;
    for (const [parent, t] of [...this.inp.structs].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const inl = t.fields.filter((f) => f.inline || f.name === undefined);
      if (inl.length !== 1 || inl[0].ref !== ref) continue;
      const smdFields = this.inp.smd.get(parent)?.map?.fields;
      if (!smdFields) continue;
      const own = new Set(t.fields.map((f) => f.name));
      const extra = smdFields.map((f) => f.name).filter((n) => !own.has(n));
      if (names === undefined) {
        names = extra;
        example = parent;
      } else {
        names = names.filter((n) => extra.includes(n));
      }
    }
    if (!names || !example || names.length === 0) return undefined;
    const fields = this.smdFields(example).filter((f) => (names as string[]).includes(f.name));
    this.derivedInline.set(ref, fields);
    return fields;
  }

  private fieldDef(f: UpField): FieldDef {
    const def: FieldDef = { name: f.name as string, type: this.elemRef(f) };
    if (isExplicitlyRequired(f)) def.required = true;
    else if (f.optional) def.optional = true;
    if (f.markers?.length) {
      const facts = rulesOfMarkers(f.markers);
      if (facts.rules.length > 0) def.rules = facts.rules.map((r) => (r.when ? { ...r, when: { ...r.when, gate: this.resolveGate(r.when.gate) } } : r));
      for (const m of facts.skipped) this.skippedMarkers.set(m, (this.skippedMarkers.get(m) ?? 0) + 1);
    }

    const enumType = f.kind === 'list' ? f.elem?.enumType : f.enumType;
    let values: UpEnum['values'] = [];
    if (enumType) {
      const api = this.inp.apiEnums.get(enumType);
      const local = this.inp.configEnums.get(enumType);
      if (api && !api.enumSource && api.values.length > 0) {
        const key = this.names.key(enumType);
        def.enum = key;
        this.enums.set(key, api.values.map((v) => v.value));
        values = api.values;
      } else if (local && local.values.length > 0) {
        def.configEnum = local.values.map((v) => v.value);
        values = local.values;
      }
    }

    const tags = f.featureGates ?? [];
    const curated = f.featureGatesCurated ?? [];
    const all = unique([...tags, ...curated]);
    if (all.length > 0) {
      const resolved = all.map((g) => this.resolveGate(g));
      def.gates = resolved;
      if (resolved.some((g, i) => g !== all[i])) def.gateTags = all;
      if (curated.length > 0) def.gatesCurated = unique(curated.map((g) => this.resolveGate(g)));
    }
    if (f.featureGatesFromComment?.length) {
      def.commentGates = unique(f.featureGatesFromComment.map((g) => this.resolveGate(g)));
    }

    const valueGates: Record<string, string[]> = {};
    const addValueGate = (value: string, gate: string) => {
      const list = (valueGates[value] ??= []);
      const g = this.resolveGate(gate);
      if (!list.includes(g)) list.push(g);
    };
    for (const v of values) for (const g of v.featureGates ?? []) addValueGate(v.value, g);
    for (const [gate, vals] of Object.entries(f.featureGatesFromCommentForValues ?? {})) {
      for (const v of vals) addValueGate(v, gate);
    }
    if (Object.keys(valueGates).length > 0) {
      def.valueGates = Object.fromEntries(Object.keys(valueGates).sort().map((k) => [k, valueGates[k]]));
    }
    return def;
  }
}

/** Named scalar types as fields.json resolves them (a field with `kind: scalar` and a `ref`). */
export function collectScalarRefs(files: FieldsFile[]): Map<string, Scalar> {
  const out = new Map<string, Scalar>();
  const visit = (e: UpElem) => {
    if (e.kind === 'scalar' && e.ref) {
      const s = scalarKind(e.scalar);
      if (s && !out.has(e.ref)) out.set(e.ref, s);
    }
    if (e.elem) visit(e.elem);
  };
  for (const file of files) for (const t of Object.values(file.types)) for (const f of t.fields) visit(f);
  return out;
}
