// ajv as the referee over the public corpus (../shared/corpus): documents parsed as kubectl reads them, validated
// with the exported schemas, compared with the engine and with MANIFEST.tsv.
//   - engine agreement: for every checked document (and List entry) of every file, the strict schema built for
//     the file's own gate environment flags the same places as the engine's unknown-field, field-not-in-version,
//     invalid-value (errors), missing-field and feature-gate warnings; the open schema the same places as
//     invalid-value and missing-field. Kubernetes 1.37 and 1.34.
//   - MANIFEST.tsv (1.37): documents of valid files pass; every expected unknown-field / invalid-value place fails.
//   - the documented uses: kubeconform's layout (files exported by `kubegate schema export`, looked up as
//     {{.ResourceKind}}{{.KindSuffix}}.json from the document's apiVersion and kind, ajv standing in for
//     kubeconform) and `yaml.schemas` (all.json for every document of a file).
// Internal imports: `schema` (the kubectl JSON form of a document, as the schema export reads it).
// Also `check` (analyzeFile: the parsed and walked documents before the gate step; the public check gives a report).
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSchemaCommand } from '../../server/src/cli/commands/schema';
import { analyzeFile } from '../../server/src/engine/check';
import { kubectlJson } from '../../server/src/engine/schema';
import { type KubeVersion, Analysis } from '../../server/src/engine';
import { CORPUS_DIR, readManifest, type ManifestRow } from '../corpus/corpus-compare';
import { memoryIO } from '../support/cli-io';
import { SHARED, suite } from '../support/shared';
import { leafLocations, pathMatches, pathUnder, refereeFile, SchemaCache, strictAjv, type DocumentVerdict } from './referee';

const s = suite('JSON Schemas refereed by ajv over the corpus', SHARED);

/** Documents where schema and engine may disagree, with the reason (README "Known limits"). */
const KNOWN_DISAGREEMENTS: { file: string; why: string }[] = [
  {
    file: 'A-gated/kubernetes__enhancements/keps/sig-scheduling/5491-dra-list-types-for-attributes/README.md.L311-367.yaml',
    why: 'a union judged after the drop stage: `strings` is dropped while DRAListTypeAttributes is off, so the attribute is empty; an open schema keeps the gated member in its oneOf',
  },
];

function read(row: ManifestRow): string {
  return readFileSync(path.join(CORPUS_DIR, row.file), 'utf8');
}

/** The checked documents of a file as JSON instances (List entries on their own), with their apiVersion and kind. */
function checkedInstances(row: ManifestRow, version: KubeVersion): { apiVersion: string; kind: string; value: Record<string, unknown> }[] {
  const text = read(row);
  const analysis = analyzeFile(text, { version, file: row.file });
  const report = new Analysis({ version, file: row.file }).check(text);
  const out: { apiVersion: string; kind: string; value: Record<string, unknown> }[] = [];
  for (const d of report.documents) {
    const pdoc = analysis.parsed.documents[d.index];
    if (!pdoc?.doc) continue;
    const json = kubectlJson(pdoc.doc, text) as Record<string, unknown>;
    if (d.items) {
      const items = Array.isArray(json['items']) ? (json['items'] as Record<string, unknown>[]) : [];
      for (const item of d.items) {
        if (item.checked && item.apiVersion && item.kind && items[item.index]) {
          out.push({ apiVersion: item.apiVersion, kind: item.kind, value: { apiVersion: item.apiVersion, kind: item.kind, ...items[item.index] } });
        }
      }
    } else if (d.checked && d.apiVersion && d.kind) out.push({ apiVersion: d.apiVersion, kind: d.kind, value: json });
  }
  return out;
}

/** Places where the engine knows more than MANIFEST.tsv: fields the API server drops while their gate is off
 *  without an upstream marker (drop-gated-fields.tsv; the manifest's rule 5 reads markers only). The engine warns
 *  there and a strict schema leaves them out; on a `valid` file of the manifest those are expected. */
function engineGatePlaces(row: ManifestRow): string[] {
  return new Analysis({ version: '1.37', file: row.file }).check(read(row))
    .findings.filter((f) => f.code === 'feature-gate' && f.severity === 'warning' && f.path)
    .map((f) => f.path!);
}

function disagreements(verdicts: DocumentVerdict[]): string[] {
  return verdicts
    .filter((v) => v.engineOnly.length > 0 || v.schemaOnly.length > 0)
    .filter((v) => !KNOWN_DISAGREEMENTS.some((k) => k.file === v.file))
    .map((v) => `${v.file}#${v.document} ${v.apiVersion} ${v.kind}: engine only ${JSON.stringify(v.engineOnly)}, schema only ${JSON.stringify(v.schemaOnly)}`);
}

describe.skipIf(s.skip)(s.title, () => {
  const rows = s.skip ? [] : readManifest();
  const cache = new SchemaCache();

  for (const version of ['1.37', '1.34'] as const) {
    it(`Kubernetes ${version}, strict schemas: the same places as the engine in every checked document`, () => {
      const verdicts = rows.flatMap((row) => refereeFile(row.file, read(row), version, cache, true));
      expect(verdicts.length).toBeGreaterThan(500);
      // The comparison is not empty: both sides flag places.
      expect(verdicts.filter((v) => v.schemaErrors.length > 0).length).toBeGreaterThan(20);
      expect(disagreements(verdicts)).toEqual([]);
    }, 300_000);
  }

  it('Kubernetes 1.37, open schemas: the same invalid values and missing fields as the engine', () => {
    const verdicts = rows.flatMap((row) => refereeFile(row.file, read(row), '1.37', cache, false));
    expect(verdicts.filter((v) => v.schemaErrors.length > 0).length).toBeGreaterThan(5);
    expect(disagreements(verdicts)).toEqual([]);
  }, 300_000);

  it('MANIFEST.tsv (1.37): valid files pass; expected unknown-field and invalid-value places fail there', () => {
    let validDocs = 0;
    let expectedPlaces = 0;
    const problems: string[] = [];
    for (const row of rows) {
      if (row.category.startsWith('C/')) continue; // rule 11: invalid-value is not expected on C fixtures
      const wanted = row.expected.filter((k) => k.startsWith('unknown-field:') || k.startsWith('invalid-value:'));
      if (row.expected.length > 0 && wanted.length === 0) continue;
      const verdicts = refereeFile(row.file, read(row), '1.37', cache, true);
      if (row.expected.length === 0) {
        const known = engineGatePlaces(row);
        for (const v of verdicts) {
          validDocs++;
          const wrong = v.schemaErrors.filter((e) => !known.some((p) => pathMatches(p, e)));
          if (wrong.length > 0) problems.push(`${row.file}#${v.document} valid, schema says ${wrong.join(', ')}`);
        }
        continue;
      }
      for (const key of wanted) {
        expectedPlaces++;
        const place = key.slice(key.indexOf(':') + 1);
        const hit = verdicts.some((v) => v.schemaErrors.some((e) => pathMatches(place, e) || pathUnder(place, e)));
        if (!hit) problems.push(`${row.file}: ${key} not flagged by the schema`);
      }
    }
    expect(validDocs).toBeGreaterThan(300);
    expect(expectedPlaces).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  }, 300_000);

  describe('documented uses with exported files', () => {
    let dir = '';
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'kubegate-schemas-'));
      for (const [sub, extra] of [
        ['strict', ['--strict']],
        ['open', []],
      ] as const) {
        const io = memoryIO();
        const code = await makeSchemaCommand().run(['export', '--kubernetes-version', '1.37', ...extra, '--out', path.join(dir, sub)], io);
        if (code !== 0) throw new Error(io.stderr);
      }
    }, 120_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /** kubeconform's template values for a document: ResourceKind = lower-case kind, KindSuffix = -{group's first
     *  label}-{version} (core: -{version}), all lower case. */
    function kubeconformPath(folder: string, apiVersion: string, kind: string): string {
      const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
      const suffix = group ? `-${group!.split('.')[0]}-${version}` : `-${version}`;
      return path.join(folder, `${kind}${suffix}`.toLowerCase() + '.json');
    }

    it("kubeconform layout (-schema-location DIR/{{.ResourceKind}}{{.KindSuffix}}.json -strict): valid files pass, unknown fields fail", () => {
      const compiled = new Map<string, ValidateFunction>();
      const ajv = strictAjv();
      const validatorFor = (file: string) => {
        let v = compiled.get(file);
        if (!v) {
          v = ajv.compile(JSON.parse(readFileSync(file, 'utf8')) as object);
          compiled.set(file, v);
        }
        return v;
      };
      let passed = 0;
      let rejected = 0;
      const problems: string[] = [];
      for (const row of rows) {
        if (row.category.startsWith('C/')) continue;
        const unknown = row.expected.filter((k) => k.startsWith('unknown-field:'));
        const valid = row.expected.length === 0;
        if (!valid && unknown.length === 0) continue;
        const text = read(row);
        // Files whose own configs switch gates on need a schema exported with those gates (--config FILE).
        if (/featureGates|feature-gates/.test(text)) continue;
        for (const doc of checkedInstances(row, '1.37')) {
          const file = kubeconformPath(path.join(dir, 'strict'), doc.apiVersion, doc.kind);
          if (!existsSync(file)) {
            problems.push(`${row.file}: no ${path.basename(file)}`);
            continue;
          }
          const validate = validatorFor(file);
          const ok = validate(doc.value);
          if (valid) {
            const known = engineGatePlaces(row);
            const wrong = ok ? [] : leafLocations(validate.errors).filter((e) => !known.some((p) => pathMatches(p, e)));
            if (wrong.length === 0) passed++;
            else problems.push(`${row.file} ${doc.kind}: ${wrong.join(', ')}`);
          } else if (!ok && unknown.some((k) => leafLocations(validate.errors).some((e) => pathMatches(k.slice(k.indexOf(':') + 1), e)))) rejected++;
        }
      }
      expect(problems).toEqual([]);
      expect(passed).toBeGreaterThan(250);
      expect(rejected).toBeGreaterThan(10);
    }, 300_000);

    it('yaml.schemas with all.json: every document of a valid file passes; gated fields pass the open file and fail the strict one', () => {
      const ajv = strictAjv();
      const open = ajv.compile(JSON.parse(readFileSync(path.join(dir, 'open', 'all.json'), 'utf8')) as object);
      const strict = strictAjv().compile(JSON.parse(readFileSync(path.join(dir, 'strict', 'all.json'), 'utf8')) as object);
      let docs = 0;
      const problems: string[] = [];
      for (const row of rows) {
        if (row.expected.length > 0 || row.category.startsWith('C/')) continue;
        const text = read(row);
        const analysis = analyzeFile(text, { version: '1.37', file: row.file });
        for (const pdoc of analysis.parsed.documents) {
          if (!pdoc.doc || pdoc.templated || pdoc.errors.length > 0) continue;
          // Every document, checked or not (CRDs, fragments): the router leaves the others alone.
          const value = kubectlJson(pdoc.doc, text);
          docs++;
          if (!open(value)) problems.push(`${row.file}#${pdoc.index}: ${leafLocations(open.errors).join(', ')}`);
        }
      }
      expect(problems).toEqual([]);
      expect(docs).toBeGreaterThan(300);

      // A gated field (gate off by default): annotated and accepted by the open file, rejected by the strict one.
      const gated = rows.find((r) => r.expected.some((k) => k.startsWith('feature-gate:')) && !r.category.startsWith('C/') && r.expected.every((k) => k.startsWith('feature-gate:')));
      expect(gated).toBeDefined();
      const instances = checkedInstances(gated!, '1.37');
      expect(instances.every((i) => open(i.value))).toBe(true);
      expect(instances.some((i) => !strict(i.value))).toBe(true);

      // The router: an unknown kind of a served apiVersion fails, a custom resource is left alone.
      expect(open({ apiVersion: 'apps/v1', kind: 'Deplyment', metadata: { name: 'x' } })).toBe(false);
      expect(open({ apiVersion: 'example.com/v1', kind: 'Widget', spec: { anything: 1 } })).toBe(true);
      expect(open({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'ConfigMap', data: { a: 1 } }] })).toBe(false);
      // A kind the version no longer serves (removed, or of a group-version the API server never serves).
      expect(open({ apiVersion: 'extensions/v1beta1', kind: 'Deployment', metadata: { name: 'x' } })).toBe(false);
      expect(open({ apiVersion: 'rbac.authorization.k8s.io/v1alpha1', kind: 'Role', metadata: { name: 'x' } })).toBe(false);
    }, 300_000);
  });
});
