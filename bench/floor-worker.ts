// The floor, run in a fresh process by floor.ts: what plain `yaml` parsing + ajv validation of the same text
// costs in one process, with no protocol and no editor features. Prints one JSON line (FloorResult).
//
//   node --import tsx bench/floor-worker.ts <input.yaml> <schema.json> <repetitions>
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import Ajv from 'ajv';
import { parseAllDocuments } from 'yaml';
import type { FloorResult } from './floor';

function parseAndValidate(text: string, validate: (data: unknown) => boolean): {
  parseMs: number;
  totalMs: number;
  documents: number;
  errors: number;
} {
  const start = performance.now();
  const docs = parseAllDocuments(text);
  const parsed = performance.now();
  let errors = 0;
  const list = Array.isArray(docs) ? docs : [];
  for (const doc of list) {
    const value: unknown = doc.errors.length === 0 ? doc.toJS() : undefined;
    if (doc.errors.length > 0 || (value !== null && value !== undefined && !validate(value))) errors++;
  }
  const done = performance.now();
  return { parseMs: parsed - start, totalMs: done - start, documents: list.length, errors };
}

function peakRssKb(): number | undefined {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

function main(): void {
  const [file, schemaFile, repsArg] = process.argv.slice(2);
  if (!file || !schemaFile) {
    process.stderr.write('usage: floor-worker.ts <input.yaml> <schema.json> [repetitions]\n');
    process.exit(2);
  }
  const reps = Math.max(1, Number(repsArg ?? 5));
  const text = readFileSync(file, 'utf8');

  const compileStart = performance.now();
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, logger: false });
  const validate = ajv.compile(schema);
  const compileMs = performance.now() - compileStart;

  const cold = parseAndValidate(text, validate);
  const warmMs: number[] = [];
  const warmParseMs: number[] = [];
  for (let i = 0; i < reps; i++) {
    const r = parseAndValidate(text, validate);
    warmMs.push(r.totalMs);
    warmParseMs.push(r.parseMs);
  }
  const result: FloorResult = {
    compileMs,
    coldMs: cold.totalMs,
    warmMs,
    warmParseMs,
    documents: cold.documents,
    errors: cold.errors,
    peakRssKb: peakRssKb(),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main();
