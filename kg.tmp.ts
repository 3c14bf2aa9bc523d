import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { gateCatalog, loadVersion } from './server/src/engine/knowledge';
import { exportSchemaFiles, SCHEMA_KEYWORDS } from './server/src/engine/schema';
for (const inlineRefs of [true, false]) {
  const files = exportSchemaFiles({ data: loadVersion('1.37').data, catalog: gateCatalog(), strict: true });
  const t = Date.now();
  for (const f of files) { const ajv = new Ajv({ strict: true, inlineRefs }); addFormats(ajv); ajv.addVocabulary([...SCHEMA_KEYWORDS]); ajv.compile(f.schema); }
  console.log('inlineRefs', inlineRefs, Date.now() - t);
}
