// Documents nobody wrote: seeded mutants of the corpus's valid documents (an unknown key in a mapping, a value of
// another type, a null, a removed key), written as JSON (valid YAML, so kubectl's typing cannot change them) and
// checked by the engine and by ajv with the strict schema. Both must flag the same places, and most mutants must
// be flagged at all (a mutation into a map, an optional field or a string field may be legal).
// Internal imports: `schema` (the kubectl JSON form of a document, as the schema export reads it).
// Also `check` (analyzeFile: the parsed and walked documents before the gate step; the public check gives a report).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, readManifest } from '../corpus/corpus-compare';
import { rng } from '../support/random';
import { SHARED, suite } from '../support/shared';
import { Analysis } from '../../server/src/engine';
import { analyzeFile } from '../../server/src/engine/check';
import { kubectlJson } from '../../server/src/engine/schema';
import { refereeFile, SchemaCache } from './referee';

const s = suite('JSON Schemas and the engine agree on seeded mutants of valid corpus documents', SHARED);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every place in a value: [parent, key] pairs (the root has none). */
function places(v: Json, out: [Json[] | { [k: string]: Json }, string | number][] = []): [Json[] | { [k: string]: Json }, string | number][] {
  if (Array.isArray(v)) v.forEach((x, i) => (out.push([v, i]), places(x, out)));
  else if (v && typeof v === 'object') for (const k of Object.keys(v)) out.push([v, k]), places(v[k]!, out);
  return out;
}

const MUTATIONS = ['unknown-key', 'retype', 'null', 'remove'] as const;

function mutate(doc: Json, random: () => number): string | undefined {
  const copy = JSON.parse(JSON.stringify(doc)) as Json;
  const all = places(copy).filter(([parent, key]) => !(parent === copy && (key === 'apiVersion' || key === 'kind')));
  if (all.length === 0) return undefined;
  const [parent, key] = all[Math.floor(random() * all.length)]!;
  const value = (parent as Record<string | number, Json>)[key]!;
  const kind = MUTATIONS[Math.floor(random() * MUTATIONS.length)]!;
  switch (kind) {
    case 'unknown-key': {
      const target = value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
      if (!target) return undefined;
      target['kubegateMutantField'] = 'x';
      break;
    }
    case 'retype':
      (parent as Record<string | number, Json>)[key] =
        typeof value === 'string' ? 12345 : typeof value === 'number' ? 'not-a-number' : typeof value === 'boolean' ? 'true' : Array.isArray(value) ? { a: 'b' } : value && typeof value === 'object' ? ['x'] : 7;
      break;
    case 'null':
      (parent as Record<string | number, Json>)[key] = null;
      break;
    case 'remove':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
      break;
  }
  return JSON.stringify(copy, null, 1);
}

/** The checked documents of the chosen files, as kubectl reads them (files whose own configs set gates are left
 *  out: their settings would carry into the mutants' check). */
function documentsOf(pick: (row: { expected: string[]; category: string }) => boolean): Json[] {
  const docs: Json[] = [];
  for (const row of readManifest()) {
    if (!pick(row)) continue;
    const text = readFileSync(path.join(CORPUS_DIR, row.file), 'utf8');
    const analysis = analyzeFile(text, { version: '1.37', file: row.file });
    if (analysis.documents.some((d) => d.gateSettings.length > 0)) continue;
    const report = new Analysis({ version: '1.37', file: row.file }).check(text);
    for (const d of report.documents) {
      const pdoc = analysis.parsed.documents[d.index];
      if (d.checked && !d.items && pdoc?.doc) docs.push(kubectlJson(pdoc.doc, text) as Json);
    }
  }
  return docs;
}

function runMutants(docs: Json[], count: number, seed: number): { problems: string[]; flagged: number } {
  const random = rng(seed);
  const cache = new SchemaCache();
  const problems: string[] = [];
  let flagged = 0;
  let mutants = 0;
  while (mutants < count) {
    const doc = docs[Math.floor(random() * docs.length)]!;
    const text = mutate(doc, random);
    if (!text) continue;
    mutants++;
    for (const v of refereeFile(`mutant-${mutants}.yaml`, text, '1.37', cache, true)) {
      if (v.schemaErrors.length > 0) flagged++;
      if (v.engineOnly.length > 0 || v.schemaOnly.length > 0) {
        problems.push(`seed ${seed}, mutant ${mutants} (${v.apiVersion} ${v.kind}): engine only ${JSON.stringify(v.engineOnly)}, schema only ${JSON.stringify(v.schemaOnly)}\n${text.slice(0, 2000)}`);
      }
    }
  }
  return { problems, flagged };
}

describe.skipIf(s.skip)(s.title, () => {
  it('Kubernetes 1.37: 400 mutants of valid documents, the same places flagged by both, most of them flagged', () => {
    const docs = documentsOf((row) => row.expected.length === 0 && !row.category.startsWith('C/'));
    expect(docs.length).toBeGreaterThan(200);
    const { problems, flagged } = runMutants(docs, 400, 20261201);
    expect(problems.slice(0, 3)).toEqual([]);
    expect(flagged).toBeGreaterThan(100);
  }, 300_000);

  it('Kubernetes 1.37: 150 mutants of the k8s.io/api fixtures (every field set), the same places flagged by both', () => {
    const docs = documentsOf((row) => row.category.startsWith('C/'));
    expect(docs.length).toBeGreaterThan(50);
    const { problems, flagged } = runMutants(docs, 150, 5);
    expect(problems.slice(0, 3)).toEqual([]);
    expect(flagged).toBeGreaterThan(50);
  }, 300_000);
});
