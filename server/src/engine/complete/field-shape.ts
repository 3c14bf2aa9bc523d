// The text a field completion inserts: the field with the shape of its value, as an LSP snippet.
// Allowed values become a choice (`${1|A,B|}`), a list of allowed values a list item with that choice,
// and an object its explicitly required scalar fields. Everything comes from the version data.
import type { FieldDef, TypeRef, VersionData } from '../knowledge/data-contract';

/** Escapes a value for use inside a snippet choice (`,`, `|`, `$`, `}` and `\` are special there). */
function choiceValue(v: string): string {
  return v.replace(/[\\,|$}]/g, (c) => `\\${c}`);
}

function allowedValues(f: FieldDef, data: VersionData): string[] {
  return (f.enum ? data.enums[f.enum] : undefined) ?? f.configEnum ?? [];
}

function choice(values: readonly string[], tab: number): string {
  return values.length === 1 ? `\${${tab}:${choiceValue(values[0]!)}}` : `\${${tab}|${values.map(choiceValue).join(',')}|}`;
}

function isScalar(t: TypeRef): boolean {
  return 's' in t;
}

/** Required scalar children of an object field, as `name: $n` lines (at most a few, to stay readable). */
function requiredScalars(t: TypeRef, data: VersionData): FieldDef[] {
  if (!('ref' in t)) return [];
  const def = data.types[t.ref];
  return (def?.fields ?? []).filter((c) => c.required && isScalar(c.type)).slice(0, 4);
}

/**
 * Snippet text for completing `f` as a new key at column `column` (the key's indentation), or undefined
 * when a plain `name: ` is best. `$0` ends the snippet where the user types next.
 */
export function fieldShapeSnippet(f: FieldDef, data: VersionData, column: number): string | undefined {
  const pad = ' '.repeat(column);
  const values = allowedValues(f, data);
  if (isScalar(f.type)) return values.length ? `${f.name}: ${choice(values, 1)}$0` : undefined;
  if ('list' in f.type) {
    if (isScalar(f.type.list) && values.length) return `${f.name}:\n${pad}- ${choice(values, 1)}$0`;
    const required = requiredScalars(f.type.list, data);
    if (required.length) {
      const [first, ...rest] = required;
      const lines = [`${pad}- ${first!.name}: $1`, ...rest.map((c, i) => `${pad}  ${c.name}: $${i + 2}`)];
      return `${f.name}:\n${lines.join('\n')}$0`;
    }
    return `${f.name}:\n${pad}- $0`;
  }
  if ('ref' in f.type) {
    const required = requiredScalars(f.type, data);
    if (required.length) return `${f.name}:\n${required.map((c, i) => `${pad}  ${c.name}: $${i + 1}`).join('\n')}$0`;
  }
  return `${f.name}:\n${pad}  $0`;
}
