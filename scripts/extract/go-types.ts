// Go declarations of one API package (k8s.io/api/<group>/<version>, a component config package) → the facts
// `npm run generate` reads from fields.json: struct types with their fields (json name, Go type, kind, optional
// / required, feature gates, list/map markers, declarative `+k8s:` markers) and enum types with their values.
// Markers are the `+…` lines of the doc comment right above a declaration (blank-line separated comment blocks
// above it are package or section comments and do not count, as in upstream's gengo).
import { applyCommentGates } from './comment-gates';
import { commentLines, goImports, matchingClose, tokenizeGo, typedConstTypes, type GoToken } from './go-tokens';

export interface ExtField {
  name: string;
  go: string;
  goType: string;
  kind: 'scalar' | 'object' | 'list' | 'map' | 'untyped';
  scalar?: string;
  ref?: string;
  namedType?: string;
  enumType?: string;
  /** `byte` for []byte (base64 text); `date-time`, `quantity`, … for the apimachinery types (resolve-refs.ts). */
  format?: string;
  elem?: ExtElem;
  inline?: boolean;
  pointer?: boolean;
  optional: boolean;
  optionalFrom: string[];
  required?: boolean;
  markers: string[];
  featureGates: string[];
  featureGatesFromComment?: string[];
  featureGatesCurated?: string[];
  featureGatesFromCommentForValues?: Record<string, string[]>;
  source?: 'overlay';
  listType?: string;
  listMapKeys?: string[];
  mapType?: string;
}

export type ExtElem = Pick<ExtField, 'kind' | 'scalar' | 'ref' | 'namedType' | 'enumType' | 'format' | 'elem'>;

export interface ExtType {
  go: string;
  package: string;
  file: string;
  markers: string[];
  featureGates: string[];
  /** Gates that only the doc comment names (rows of data/comment-gates.tsv, confirmed against the comment). */
  featureGatesFromComment?: string[];
  fields: ExtField[];
  /** `overlay` for the facts of data/overlay.json (overlay.ts). */
  source?: 'overlay';
}

/** A row of data/comment-gates.tsv: a gate linked to a type, a field or some of a field's values. */
export interface CommentGateRow {
  type: string;
  field?: string;
  values?: string[];
  gate: string;
  /** `comment`: applied where the declaration's doc comment names the gate; `curated`: applied as it stands. */
  how: 'comment' | 'curated';
}

/** A row of data/doc-enums.tsv: a string type whose values only its doc comment lists (each in backquotes). */
export interface DocEnumRow {
  type: string;
  values: string[];
}

export interface ExtEnum {
  go: string;
  package: string;
  scalar: string;
  enumSource?: 'doc-comment';
  values: { value: string; const?: string; from?: string; featureGates?: string[] }[];
}

export interface ExtPackage {
  /** e.g. `core/v1`. */
  package: string;
  /** The type-key prefix, e.g. `io.k8s.api.core.v1`. */
  keyPrefix: string;
  types: Record<string, ExtType>;
  enums: Record<string, ExtEnum>;
  /** Named non-struct types: Go name → underlying Go type (`string`, `[]string`, …) and their markers. */
  named: Record<string, { underlying: string; markers: string[]; alias?: boolean }>;
  /** Import name → path, over the package's files. */
  imports: Record<string, string>;
  /** String constants by Go name (to resolve `Type(pkg.Const)` enum values of other packages). */
  consts?: Record<string, string>;
  /** comment-gates.tsv rows whose declaration is here but whose doc comment does not name the gate. */
  unconfirmed?: string[];
}

const NUMERIC = new Set(['int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'float32', 'float64']);

/** Go import path → type-key prefix: `k8s.io/api/core/v1` → `io.k8s.api.core.v1`. */
export function keyPrefixOf(importPath: string): string {
  const [host, ...rest] = importPath.split('/');
  return [...host.split('.').reverse(), ...rest].join('.');
}

/**
 * The lines of the comment block ending right above token `at` (no blank line in between). With
 * `secondBlock`, also those of the block one blank line above it: type markers often stand apart from the
 * type's doc comment (gengo reads both).
 */
export function commentAbove(toks: GoToken[], at: number, secondBlock = false): string[] {
  const lines: string[] = [];
  let line = toks[at].line;
  let blocks = 0;
  for (let i = at - 1; i >= 0; i--) {
    const t = toks[i];
    if (t.kind !== 'comment' || !t.newlineBefore) break; // a trailing comment belongs to the line before
    const end = t.line + t.text.split('\n').length - 1;
    if (end < line - 1) {
      // a blank line: the first block ends here; the second one counts when asked and one line apart
      if (!secondBlock || blocks > 0 || end < line - 2 || lines.length === 0) break;
      blocks++;
    }
    lines.unshift(...commentLines(t));
    line = t.line;
  }
  return lines;
}

/** The `+…` marker lines of the comment above token `at` (see commentAbove). */
export function markersAbove(toks: GoToken[], at: number, secondBlock = false): string[] {
  return commentAbove(toks, at, secondBlock)
    .filter((l) => l.startsWith('+'))
    .map((l) => l.replace(/\s+$/, ''));
}

function markerValues(markers: string[], name: string): string[] {
  const out: string[] = [];
  for (const m of markers) {
    if (!m.startsWith(`+${name}=`)) continue;
    // `+featureGate=A +optional`: the value ends at the first space
    for (const v of m.slice(name.length + 2).split(/\s/)[0].split(',')) if (v.trim() && !out.includes(v.trim())) out.push(v.trim());
  }
  return out;
}

/** Gates named by `+featureGate=A[,B]` markers. */
export function featureGatesOf(markers: string[]): string[] {
  return markerValues(markers, 'featureGate');
}

function jsonTagOf(tag: string | undefined): { name?: string; omitempty: boolean; omitzero: boolean; inline: boolean; skip: boolean } {
  const m = /(?:^|\s)json:"([^"]*)"/.exec(tag ?? '');
  if (!m) return { omitempty: false, omitzero: false, inline: false, skip: false };
  const [name, ...opts] = m[1].split(',');
  return { name: name || undefined, omitempty: opts.includes('omitempty'), omitzero: opts.includes('omitzero'), inline: opts.includes('inline'), skip: name === '-' };
}

interface Resolver {
  imports: Map<string, string>;
  keyPrefix: string;
  structs: Set<string>;
  named: ExtPackage['named'];
  enums: Set<string>;
}

function elemOf(goType: string, r: Resolver): ExtElem {
  const t = goType.replace(/^\*/, '');
  if (t === '[]byte') return { kind: 'scalar', scalar: 'string', format: 'byte' };
  if (t.startsWith('[]')) return { kind: 'list', elem: elemOf(t.slice(2), r) };
  if (t.startsWith('map[')) {
    const close = t.indexOf(']');
    return { kind: 'map', elem: elemOf(t.slice(close + 1), r) };
  }
  if (t === 'string') return { kind: 'scalar', scalar: 'string' };
  if (t === 'bool') return { kind: 'scalar', scalar: 'boolean' };
  if (NUMERIC.has(t)) return { kind: 'scalar', scalar: 'numeric' };
  if (t === 'interface{}' || t === 'any') return { kind: 'untyped' };
  const dot = t.indexOf('.');
  if (dot > 0) {
    const path = r.imports.get(t.slice(0, dot));
    return { kind: 'object', ref: `${path ? keyPrefixOf(path) : t.slice(0, dot)}.${t.slice(dot + 1)}` };
  }
  const key = `${r.keyPrefix}.${t}`;
  if (r.structs.has(t)) return { kind: 'object', ref: key };
  const named = r.named[t];
  if (named?.alias) return elemOf(named.underlying, r);
  if (named) {
    const under = elemOf(named.underlying, r);
    const out: ExtElem = { ...under, namedType: key };
    if (r.enums.has(t)) out.enumType = key;
    return out;
  }
  return { kind: 'object', ref: key };
}

/** A named non-struct type of `pkg` as a field of that type is written (with its namedType, and enumType). */
export function elemOfNamed(pkg: ExtPackage, name: string): ExtElem {
  const structs = new Set(Object.keys(pkg.types).map((k) => k.slice(pkg.keyPrefix.length + 1)));
  const enums = new Set(Object.keys(pkg.enums).map((k) => k.slice(pkg.keyPrefix.length + 1)));
  for (const [n, t] of Object.entries(pkg.named)) if (t.markers.includes('+enum')) enums.add(n);
  return elemOf(name, { imports: new Map(Object.entries(pkg.imports)), keyPrefix: pkg.keyPrefix, structs, named: pkg.named, enums });
}

/** Tokens of a Go type expression starting at `i`, up to the field tag / end of line. */
function readType(toks: GoToken[], i: number): { text: string; next: number } {
  let text = '';
  let depth = 0;
  let j = i;
  for (; j < toks.length; j++) {
    const t = toks[j];
    if (j > i && depth === 0 && (t.newlineBefore || t.kind === 'string' || t.kind === 'comment' || t.text === '}' || t.text === ';')) break;
    if (t.text === '[' || t.text === '(' || t.text === '{') depth++;
    if (t.text === ']' || t.text === ')' || t.text === '}') depth--;
    text += t.text;
  }
  return { text, next: j };
}

function fieldOf(go: string, goType: string, tag: string | undefined, markers: string[], r: Resolver, embedded: boolean): ExtField | undefined {
  const json = jsonTagOf(tag);
  // An embedded struct without a json name is inlined (encoding/json promotes its fields).
  if (embedded && !json.name) json.inline = true;
  if (json.skip) return undefined;
  const elem = elemOf(goType, r);
  const optionalFrom: string[] = [];
  if (markers.includes('+required')) optionalFrom.push('+required');
  if (markers.some((m) => /^\+k8s:required\b/.test(m))) optionalFrom.push('+k8s:required');
  if (markers.includes('+optional')) optionalFrom.push('+optional');
  if (markers.some((m) => /^\+k8s:optional\b/.test(m))) optionalFrom.push('+k8s:optional');
  if (json.omitempty) optionalFrom.push('omitempty');
  if (json.omitzero) optionalFrom.push('omitzero');
  const required = markers.some((m) => m === '+required' || /^\+k8s:required\b/.test(m) || /^\+k8s:(alpha|beta)\([^)]*\)=\+k8s:required\b/.test(m));
  const f: ExtField = {
    name: json.inline ? '' : (json.name ?? go),
    go,
    goType,
    ...elem,
    optional: optionalFrom.length > 0 && !required,
    optionalFrom,
    markers,
    featureGates: featureGatesOf(markers),
  };
  if (goType.startsWith('*')) f.pointer = true;
  if (json.inline) f.inline = true;
  if (required) f.required = true;
  const listType = markerValues(markers, 'listType')[0];
  if (listType) f.listType = listType;
  const keys = markers.filter((m) => m.startsWith('+listMapKey=')).map((m) => m.slice('+listMapKey='.length));
  if (keys.length) f.listMapKeys = keys;
  const mapType = markerValues(markers, 'mapType')[0];
  if (mapType) f.mapType = mapType;
  return f;
}

interface FileDecls {
  file: string;
  toks: GoToken[];
}

/**
 * One package from its Go files (name → text). `importPath` names the package (`k8s.io/api/core/v1`); test
 * and generated files (`_test.go`, `zz_generated*`, `generated.pb.go`) are skipped.
 */
export function extractPackage(importPath: string, files: Record<string, string>, pkgLabel = importPath.replace(/^k8s\.io\/api\//, ''), opts: { typedConstEnums?: boolean; commentGates?: CommentGateRow[]; docEnums?: DocEnumRow[] } = {}): ExtPackage {
  const decls: FileDecls[] = Object.keys(files)
    .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go') && !/(^|\/)(zz_generated|generated\.pb)/.test(f))
    .sort()
    .map((file) => ({ file, toks: tokenizeGo(files[file]) }));
  const keyPrefix = keyPrefixOf(importPath);
  const pkg: ExtPackage = { package: pkgLabel, keyPrefix, types: {}, enums: {}, named: {}, imports: {} };
  const structs = new Set<string>();
  const enums = new Set<string>();
  // Pass 1: names of struct and named types.
  for (const { toks } of decls) {
    forEachTypeDecl(toks, (name, at, bodyStart) => {
      if (toks[bodyStart]?.text === 'struct') structs.add(name);
      else {
        const markers = markersAbove(toks, at, true);
        pkg.named[name] = { underlying: readType(toks, bodyStart).text, markers, ...(toks[bodyStart - 1]?.text === '=' ? { alias: true } : {}) };
        if (markers.includes('+enum')) enums.add(name);
        const doc = opts.docEnums?.find((row) => row.type === `${keyPrefix}.${name}`);
        if (doc) {
          const text = commentAbove(toks, at, true).join(' ');
          if (doc.values.every((v) => text.includes(`\`${v}\``))) {
            enums.add(name);
            pkg.enums[`${keyPrefix}.${name}`] = { go: name, package: pkgLabel, scalar: 'string', enumSource: 'doc-comment', values: doc.values.map((value) => ({ value })) };
          } else (pkg.unconfirmed ??= []).push(`${keyPrefix}.${name}: the doc comment does not list ${doc.values.join(', ')}`);
        }
      }
    });
  }
  // Component configs mark no `+enum`: there a string type with typed string constants is an enum.
  if (opts.typedConstEnums) for (const { toks } of decls) for (const n of typedConstTypes(toks)) if (pkg.named[n]?.underlying === 'string') enums.add(n);
  // Pass 2: fields and enum values.
  for (const { file, toks } of decls) {
    const r: Resolver = { imports: goImports(toks), keyPrefix, structs, named: pkg.named, enums };
    for (const [k, v] of r.imports) pkg.imports[k] ??= v;
    forEachTypeDecl(toks, (name, at, bodyStart) => {
      if (toks[bodyStart]?.text !== 'struct' || toks[bodyStart + 1]?.text !== '{') return;
      const markers = markersAbove(toks, at, true);
      const t: ExtType = { go: name, package: pkgLabel, file: `${pkgLabel}/${file}`, markers, featureGates: featureGatesOf(markers), fields: [] };
      const close = matchingClose(toks, bodyStart + 1);
      const docs = new Map<string, string>();
      let i = bodyStart + 2;
      while (i < close) {
        const tok = toks[i];
        if (tok.kind === 'comment' || tok.text === ';') {
          i++;
          continue;
        }
        const fieldMarkers = markersAbove(toks, i);
        // `Name Type tag` or embedded `Type tag` / `pkg.Type tag` / `*Type tag`.
        const next = toks[i + 1];
        const embedded = tok.text === '*' || next?.text === '.' || next?.kind === 'string' || next?.newlineBefore || next?.text === '}';
        const typeAt = embedded ? i : i + 1;
        const { text: goType, next: after } = readType(toks, typeAt);
        const tag = toks[after]?.kind === 'string' && !toks[after].newlineBefore ? toks[after].value : undefined;
        const goName = embedded ? goType.replace(/^\*/, '').split('.').pop() ?? goType : tok.text;
        const f = fieldOf(goName, goType, tag, fieldMarkers, r, embedded);
        if (f) {
          t.fields.push(f);
          docs.set(f.name || f.go, commentAbove(toks, i).join(' '));
        }
        i = tag !== undefined ? after + 1 : after;
      }
      pkg.types[`${keyPrefix}.${name}`] = t;
      const rows = (opts.commentGates ?? []).filter((row) => row.type === `${keyPrefix}.${name}`);
      if (rows.length) applyCommentGates(t, rows, commentAbove(toks, at, true).join(' '), docs, (msg) => (pkg.unconfirmed ??= []).push(msg));
    });
    collectConsts(toks, pkg, enums, r.imports);
  }
  return pkg;
}

/** Calls `fn(name, indexOfName, indexOfTypeBody)` for each `type Name …` (also inside `type ( … )`). */
function forEachTypeDecl(toks: GoToken[], fn: (name: string, at: number, body: number) => void): void {
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.kind !== 'ident' || t.text !== 'type' || !t.newlineBefore) continue;
    if (toks[i + 1]?.text === '(') {
      const close = matchingClose(toks, i + 1);
      for (let j = i + 2; j < close; j++) {
        if (toks[j].kind === 'ident' && toks[j].newlineBefore) {
          const body = toks[j + 1]?.text === '=' ? j + 2 : j + 1;
          fn(toks[j].text, j, body);
          j = toks[body]?.text === 'struct' ? matchingClose(toks, body + 1) : readType(toks, body).next - 1;
        }
      }
      i = close;
    } else if (toks[i + 1]?.kind === 'ident') {
      const body = toks[i + 2]?.text === '=' ? i + 3 : i + 2;
      fn(toks[i + 1].text, i, body);
    }
  }
}

/**
 * The string constants of a file: every `Name [Type] = "value"` goes into `pkg.consts`; the values of an enum
 * type (with `+featureGate` markers per value) into `pkg.enums`, also in the conversion forms `Name = Type("value")`
 * and `Name = Type(pkg.Const)` (a constant of another package, resolved in resolve-refs.ts).
 */
function collectConsts(toks: GoToken[], pkg: ExtPackage, enums: Set<string>, imports: Map<string, string>): void {
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (t.kind !== 'ident' || t.text !== 'const' || !t.newlineBefore) continue;
    const specs: number[] = [];
    if (toks[i + 1]?.text === '(') {
      const close = matchingClose(toks, i + 1);
      for (let j = i + 2; j < close; j++) if (toks[j].kind === 'ident' && toks[j].newlineBefore) specs.push(j);
      i = close;
    } else specs.push(i + 1);
    for (const at of specs) {
      const v = constValue(toks, at, imports);
      if (!v) continue;
      if (v.value !== undefined) (pkg.consts ??= {})[toks[at].text] = v.value;
      if (!v.type || !enums.has(v.type)) continue;
      const key = `${pkg.keyPrefix}.${v.type}`;
      const e = (pkg.enums[key] ??= { go: v.type, package: pkg.package, scalar: 'string', values: [] });
      const gates = featureGatesOf(markersAbove(toks, at));
      e.values.push({ value: v.value ?? '', const: toks[at].text, ...(v.from ? { from: v.from } : {}), ...(gates.length ? { featureGates: gates } : {}) });
    }
  }
}

/** A const spec's type and string value (or, for `Type(pkg.Const)`, the key of the constant it takes). */
function constValue(toks: GoToken[], at: number, imports: Map<string, string>): { type?: string; value?: string; from?: string } | undefined {
  const [a, b, c, d, e, f, g, h] = toks.slice(at + 1, at + 9);
  if (a?.kind === 'ident' && b?.text === '=' && c?.kind === 'string') return { type: a.text, value: c.value ?? '' };
  if (a?.text !== '=') return undefined;
  if (b?.kind === 'string') return { value: b.value ?? '' };
  if (b?.kind !== 'ident' || c?.text !== '(') return undefined;
  if (d?.kind === 'string' && e?.text === ')') return { type: b.text, value: d.value ?? '' };
  const path = d?.kind === 'ident' && e?.text === '.' && f?.kind === 'ident' && g?.text === ')' ? imports.get(d.text) : undefined;
  void h;
  return path && f ? { type: b.text, from: `${keyPrefixOf(path)}.${f.text}` } : undefined;
}
