import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { readManifest, CORPUS_DIR } from '../corpus/corpus-compare';
import { refereeFile, SchemaCache } from './referee';
const cache = new SchemaCache();
for (const version of ['1.37', '1.34'] as const) {
  const t = Date.now(); let docs = 0, bad = 0;
  for (const row of readManifest()) {

    const text = readFileSync(path.join(CORPUS_DIR, row.file), 'utf8');
    for (const v of refereeFile(row.file, text, version, cache)) {
      docs++;
      if (v.engineOnly.length || v.schemaOnly.length) { bad++; console.log(version, row.file, v.document, v.kind, 'engineOnly', v.engineOnly, 'schemaOnly', v.schemaOnly); }
    }
  }
  console.log(version, 'docs', docs, 'disagree', bad, Date.now() - t, 'ms', 'compiles', cache.compiles);
}
for (const version of ['1.37'] as const) {
  let docs = 0, bad = 0;
  for (const row of readManifest()) {
    const text = readFileSync(path.join(CORPUS_DIR, row.file), 'utf8');
    for (const v of refereeFile(row.file, text, version, cache, false)) {
      docs++;
      if (v.engineOnly.length || v.schemaOnly.length) { bad++; console.log('open', version, row.file, v.document, v.kind, 'engineOnly', v.engineOnly, 'schemaOnly', v.schemaOnly); }
    }
  }
  console.log('open', version, 'docs', docs, 'disagree', bad);
}
