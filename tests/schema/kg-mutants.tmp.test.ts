// Documents nobody wrote: seeded mutants of the corpus's valid documents (an unknown key in a mapping, a value of
// another type, a null, a removed key), written as JSON (valid YAML, so kubectl's typing cannot change them) and
// checked by the engine and by ajv with the strict schema. Both must flag the same places, and most mutants must
// be flagged at all (a mutation into a map, an optional field or a string field may be legal).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, readManifest } from '../corpus/corpus-compare';
import { SHARED, suite } from '../support/shared';
import { analyzeFile, checkText } from '../../server/src/engine/check';
import { kubectlJson } from '../../server/src/engine/schema';
import { refereeFile, SchemaCache } from './referee';

const s = suite('JSON Schemas and the engine agree on seeded mutants of valid corpus documents', SHARED);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A small seeded generator (mulberry32), so that a failure can be replayed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

describe.skipIf(s.skip)(s.title, () => {
  it('Kubernetes 1.37: 400 mutants, the same places flagged by both, most of them flagged', () => {
    const random = rng(Number(process.env.KG_SEED ?? 20261201));
    const cache = new SchemaCache();
    // The checked documents of the valid, non-fixture files, as kubectl reads them.
    const docs: Json[] = [];
    for (const row of readManifest()) {
      if (process.env.KG_C ? !row.category.startsWith('C/') : (row.expected.length > 0 || row.category.startsWith('C/'))) continue;
      const text = readFileSync(path.join(CORPUS_DIR, row.file), 'utf8');
      const analysis = analyzeFile(text, { version: '1.37', file: row.file });
      const report = checkText(text, { version: '1.37', file: row.file });
      // Files whose own configs set gates would carry those settings into the mutants' check: left out.
      if (analysis.documents.some((d) => d.gateSettings.length > 0)) continue;
      for (const d of report.documents) {
        const pdoc = analysis.parsed.documents[d.index];
        if (d.checked && !d.items && pdoc?.doc) docs.push(kubectlJson(pdoc.doc, text) as Json);
      }
    }
    
    const problems: string[] = [];
    let flagged = 0;
    let mutants = 0;
    while (mutants < Number(process.env.KG_MUTANTS ?? 400)) {
      const doc = docs[Math.floor(random() * docs.length)]!;
      const text = mutate(doc, random);
      if (!text) continue;
      mutants++;
      for (const v of refereeFile(`mutant-${mutants}.yaml`, text, '1.37', cache, true)) {
        if (v.schemaErrors.length > 0) flagged++;
        if (v.engineOnly.length > 0 || v.schemaOnly.length > 0) {
          problems.push(`mutant ${mutants} (${v.apiVersion} ${v.kind}): engine only ${JSON.stringify(v.engineOnly)}, schema only ${JSON.stringify(v.schemaOnly)}\n${text.slice(0, 2000)}`);
        }
      }
    }
    console.log("flagged", flagged, "of", mutants, "problems", problems.length); for (const p of problems.slice(0, 6)) console.log(p.slice(0, 700));
    
  }, 300_000);
});
