// ajv as the referee of the exported JSON Schemas: a strict-mode ajv with formats and our annotation keywords,
// error locations as structural paths, the engine's findings as the same paths, and the per-document check
// used by the corpus tests (engine and schema must flag the same places).
// Internal imports: `schema` (the exported JSON Schemas built here for ajv to referee).
// Also `check` (analyzeFile: the parsed and walked documents before the gate step; the public check gives a report),
// `gates` (environmentForFile: the gate environment of those documents).
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { analyzeFile } from '../../server/src/engine/check';
import { environmentForFile } from '../../server/src/engine/gates';
import { gateCatalog, loadVersion, type GateEnvironment, type Finding, type KubeVersion, Analysis, type SchemaBuildOptions } from '../../server/src/engine';
import { kindSchema, kubectlJson, kubeconformFileName, SCHEMA_KEYWORDS, schemaKinds, type JsonSchemaObject } from '../../server/src/engine/schema';
import { dataOf } from '../support/finding-data';

export function strictAjv(allErrors = true): Ajv {
  // inlineRefs off: each definition is compiled once instead of inlined at every use (same result, half the time).
  const ajv = new Ajv({ strict: true, allErrors, inlineRefs: false });
  addFormats(ajv);
  ajv.addVocabulary([...SCHEMA_KEYWORDS]);
  return ajv;
}

/** Where an error is: the instance path, plus the property for additionalProperties / required. */
function location(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return `${e.instancePath}/${String(e.params['additionalProperty'])}`;
  // A union member that is null (`not: {type: null}` in a oneOf branch or a condition) is an error of the object.
  if (e.keyword === 'not' && /\/(oneOf\/\d+|if|then)\/properties\/[^/]+\/not$/.test(e.schemaPath)) return e.instancePath.replace(/\/[^/]*$/, '');
  // A member missing from a union branch (oneOf) or a condition is an error of the object, not of the member.
  if (e.keyword === 'required' && !/\/(oneOf|not|if|then)\//.test(e.schemaPath)) return `${e.instancePath}/${String(e.params['missingProperty'])}`;
  if (e.keyword === 'required') return e.instancePath;
  return e.instancePath;
}

/** Error locations (JSON pointers). A location that only echoes a deeper error is dropped: the `anyOf` of a
 *  nullable or int-or-string value and its other branches (`null` not allowed either), when a deeper place holds
 *  the real error. Union (`oneOf`, `not`) and other errors on an object are kept. */
export function leafLocations(errors: readonly ErrorObject[] | null | undefined): string[] {
  const list = errors ?? [];
  const echo = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'if' || (e.keyword === 'type' && e.schemaPath.includes('/anyOf/'));
  const all = [...new Set(list.map(location))];
  return all
    .filter((p) => {
      const deeper = all.some((q) => q !== p && (p === '' ? q !== '' : q.startsWith(`${p}/`)));
      if (!deeper) return true;
      return list.some((e) => location(e) === p && !echo(e));
    })
    .sort();
}

/** Whether a structural path (`spec.devices[].capacity.*`, `spec.x=Value`, `(kind)`) names a JSON pointer. */
export function pathMatches(structural: string, pointer: string): boolean {
  const bare = structural.replace(/=.*$/, '');
  if (bare === '(kind)') return pointer === '';
  const want = bare
    .replace(/\[\]/g, '.[]')
    .split('.')
    .filter((s) => s !== '');
  const got = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (want.length !== got.length) return false;
  return want.every((w, i) => (w === '[]' ? /^\d+$/.test(got[i]!) : w === '*' ? true : w === got[i]));
}

/** Whether a JSON pointer names a proper ancestor of a structural path (a strict schema rejects a whole field
 *  whose gate is off; the engine still reports what is wrong inside it). */
export function pathUnder(structural: string, pointer: string): boolean {
  const depth = pointer.split('/').length - 1;
  const want = structural.replace(/=.*$/, '').replace(/\[\]/g, '.[]').split('.').filter((s) => s !== '');
  if (want.length <= depth) return false;
  return pathMatches(want.slice(0, depth).join('.').replace(/\.\[\]/g, '[]'), pointer);
}

/** The codes whose places a schema can flag: unknown and out-of-version fields, bad values, missing fields, and
 *  (strict schemas) fields, values and kinds whose gate is off. */
const SCHEMA_CODES = new Set(['invalid-value', 'missing-field']);
const CLOSED_CODES = new Set(['unknown-field', 'field-not-in-version']);

/** A schema states rules, not the API server's pipeline: a rule broken inside a gate-dropped field or under `status`
 *  is a place it flags although the engine's verdict there is a warning or information. */
const RULE_VERDICTS = new Set(['rejected', 'rejected-once-enabled', 'status']);

export function schemaRelevant(f: Finding, strict: boolean): boolean {
  // Hand-written validation (data.source: its upstream row: ObjectMeta, containers, ports, percentages,
  // quantities, repeated list keys, CRD objects) and a missing apiVersion/kind are not in the exported schemas.
  if (SCHEMA_CODES.has(f.code)) return RULE_VERDICTS.has(String(f.data?.verdict)) && dataOf(f, 'invalid-value', 'missing-field')?.source === undefined && f.data?.rule !== 'typeMeta';
  if (strict && CLOSED_CODES.has(f.code)) return true;
  return strict && f.code === 'feature-gate' && f.severity === 'warning' && f.path !== undefined;
}

export interface DocumentVerdict {
  file: string;
  document: number;
  apiVersion: string;
  kind: string;
  /** Engine finding paths the schema does not flag. */
  engineOnly: string[];
  /** Schema error locations the engine does not report. */
  schemaOnly: string[];
  /** All schema error locations. */
  schemaErrors: string[];
}

/** Compiled strict kind schemas, per version, gate environment key and file name. */
export class SchemaCache {
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly ajv = strictAjv();
  compiles = 0;

  validator(opts: SchemaBuildOptions, envKey: string, apiVersion: string, kind: string): ValidateFunction | undefined {
    const entry = schemaKinds(opts).find((k) => k.apiVersion === apiVersion && k.kind === kind);
    if (!entry) return undefined;
    // The kubeconform layout: {kind}-{group}-{version}.json of the document's apiVersion and kind.
    const key = `${opts.data.version} ${opts.strict ? 'strict' : 'open'} ${envKey} ${kubeconformFileName(entry)}`;
    let v = this.compiled.get(key);
    if (!v) {
      v = this.ajv.compile(kindSchema(entry, opts) as JsonSchemaObject);
      this.compiles++;
      this.compiled.set(key, v);
    }
    return v;
  }
}

/** Checks every checked document (and List entry) of a file with the engine and with the strict kind schema built
 *  for the file's own gate environment (its config documents included, as the engine does). */
export function refereeFile(file: string, text: string, version: KubeVersion, cache: SchemaCache, strict = true): DocumentVerdict[] {
  const analysis = analyzeFile(text, { version, file });
  const report = new Analysis({ version, file }).check(text);
  const catalog = gateCatalog();
  const env: GateEnvironment = environmentForFile(analysis.documents, { version, knowledge: { catalog } });
  const settings = analysis.documents.flatMap((d) => d.gateSettings.map((s) => `${s.gate}=${String(s.value)}@${String(s.components)}`));
  const envKey = settings.length === 0 ? 'default' : `${file}`;
  const opts: SchemaBuildOptions = { data: loadVersion(version).data, catalog, environment: env, strict };
  const verdicts: DocumentVerdict[] = [];
  for (const docReport of report.documents) {
    const pdoc = analysis.parsed.documents[docReport.index];
    if (!pdoc?.doc) continue;
    const json = kubectlJson(pdoc.doc, text) as Record<string, unknown> | null;
    const targets: { apiVersion: string; kind: string; value: unknown }[] = [];
    if (docReport.items) {
      const items = Array.isArray(json?.['items']) ? (json!['items'] as unknown[]) : [];
      for (const item of docReport.items) {
        if (item.checked && item.apiVersion && item.kind) targets.push({ apiVersion: item.apiVersion, kind: item.kind, value: items[item.index] });
      }
    } else if (docReport.checked && docReport.apiVersion && docReport.kind) {
      targets.push({ apiVersion: docReport.apiVersion, kind: docReport.kind, value: json });
    }
    if (targets.length === 0) continue;
    const enginePaths = [
      ...new Set(
        report.findings
          .filter((f) => f.document === docReport.index && schemaRelevant(f, strict) && !(docReport.items && f.path === 'items'))
          .map((f) => f.path ?? ''),
      ),
    ];
    const schemaErrors: string[] = [];
    for (const t of targets) {
      const validate = cache.validator(opts, envKey, t.apiVersion, t.kind);
      if (!validate) continue;
      if (t.value && typeof t.value === 'object' && !Array.isArray(t.value)) {
        // A typed-list entry may omit apiVersion and kind (the list names them).
        const value = { apiVersion: t.apiVersion, kind: t.kind, ...(t.value as object) };
        if (!validate(value)) schemaErrors.push(...leafLocations(validate.errors));
      }
    }
    verdicts.push({
      file,
      document: docReport.index,
      apiVersion: targets[0]!.apiVersion,
      kind: targets[0]!.kind,
      // The same place, or the object that holds it: a strict schema rejects a field whose gate is off as a whole
      // (the engine still reports what is wrong inside), and a union is one error on the object for JSON Schema
      // (the engine names the second member set).
      engineOnly: enginePaths.filter((p) => !schemaErrors.some((e) => pathMatches(p, e) || pathUnder(p, e))).sort(),
      schemaOnly: schemaErrors.filter((e) => !enginePaths.some((p) => pathMatches(p, e) || pathUnder(p, e))).sort(),
      schemaErrors: [...new Set(schemaErrors)].sort(),
    });
  }
  return verdicts;
}
