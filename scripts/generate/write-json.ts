// Deterministic output: records are rebuilt with sorted keys before writing; JSON has one record per line and
// one trailing newline, so regenerating from the same inputs gives the same bytes.
import * as fs from 'node:fs';
import * as path from 'node:path';

export function sortedRecord<T>(rec: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k of Object.keys(rec).sort()) out[k] = rec[k];
  return out;
}

/**
 * JSON with one record per line: the top level and each of its objects or arrays are broken into lines (one
 * per type, kind, gate, row, …), everything deeper is compact. A change upstream then shows as a few changed
 * lines in a diff, not as one changed 300 KB line.
 */
export function recordLines(value: unknown, depth = 0): string {
  if (depth > 1 || value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => recordLines(v, depth + 1)).join(',\n')}\n]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${JSON.stringify(k)}:${recordLines(v, depth + 1)}`).join(',\n')}\n}`;
}

export function writeJson(dir: string, name: string, value: unknown): { file: string; bytes: number } {
  fs.mkdirSync(dir, { recursive: true });
  const text = recordLines(value) + '\n';
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return { file: name, bytes: Buffer.byteLength(text) };
}
