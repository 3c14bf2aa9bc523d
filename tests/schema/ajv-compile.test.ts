// Every exported schema of every supported version, open and strict, compiles with ajv in strict mode (formats
// from ajv-formats, our x-kubernetes-* annotation keywords registered): no unknown keyword, no ignored keyword,
// no type ambiguity, every $ref resolvable inside its own file.
import { describe, expect, it } from 'vitest';
import { gateCatalog, loadVersion, exportSchemaFiles, SUPPORTED_VERSIONS } from '../../server/src/engine';
import { strictAjv } from './referee';

describe('exported schemas compile with ajv (strict mode)', () => {
  for (const version of SUPPORTED_VERSIONS) {
    for (const strict of [false, true]) {
      it(`Kubernetes ${version}${strict ? ' --strict' : ''}: every file`, () => {
        const files = exportSchemaFiles({ data: loadVersion(version).data, catalog: gateCatalog(), strict });
        const failures: string[] = [];
        for (const f of files) {
          // A fresh instance per file, as a user compiles one schema file (no $id is shared between files).
          const ajv = strictAjv(false);
          try {
            ajv.compile(f.schema);
          } catch (err) {
            failures.push(`${f.name}: ${err instanceof Error ? err.message : String(err)}`);
          }
        }
        expect(failures).toEqual([]);
        expect(files.length).toBeGreaterThan(100);
      }, 120_000);
    }
  }
});
