// Deterministic output: records are rebuilt with sorted keys before writing; JSON is compact with one trailing
// newline, so regenerating from the same inputs gives the same bytes.
import * as fs from 'node:fs';
import * as path from 'node:path';

export function sortedRecord<T>(rec: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k of Object.keys(rec).sort()) out[k] = rec[k];
  return out;
}

export function writeJson(dir: string, name: string, value: unknown): { file: string; bytes: number } {
  fs.mkdirSync(dir, { recursive: true });
  const text = JSON.stringify(value) + '\n';
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return { file: name, bytes: Buffer.byteLength(text) };
}
