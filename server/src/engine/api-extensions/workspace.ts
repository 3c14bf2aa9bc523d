// CRD documents in the workspace: the CRDs of a manifest's own folder, else of the nearest ancestor folder that
// has any (never above the workspace root), plus CRD files named in settings / .kubegate.yaml / --crd. Several
// CRDs of the same kind: the first file (sorted by name) wins. File access is injected (buffers before disk).
import * as path from 'path';
import { LineCounter, type Document } from 'yaml';
import { rangeOf } from '../parse/ranges';
import { crdFromObject } from './definition';
import type { CrdDefinition } from './crd-data';
import { append } from '../base/append';
import { folderYamlFiles, loadNamedFiles, nearestFolderWith, type FolderLimitNote } from '../base/nearest-folder';
import { addDuplicateKeyErrors, parseDocuments } from '../parse/parseFile';
import { fewAliases } from '../parse/aliases';
import { documentMarkers } from '../parse/cut-documents';
import { MAX_NESTING, tooDeepAt } from '../parse/nesting';

export interface CrdFileAccess {
  /** File names (not paths) directly inside `dir`; [] when the folder cannot be read. */
  listFiles(dir: string): string[];
  /** File text, or undefined when it cannot be read. */
  readFile(file: string): string | undefined;
  /** The CRDs of a file, when the caller keeps them (saves reading a file again). */
  crdsOf?(file: string): CrdDefinition[];
  /** A folder with more than MAX_FOLDER_FILES YAML files: only the first ones were read (base/nearest-folder.ts). */
  onFolderLimit?(note: FolderLimitNote): void;
}

/** A text that may define CRDs (a cheap test before any parse). */
export function mayHoldCrd(text: string): boolean {
  return /\bCustomResourceDefinition\b/.test(text);
}

/** How deep a CRD schema is followed when a resource is checked (engine/api-extensions/constraints.ts MAX_DEPTH). */
const CHECKED_SCHEMA_DEPTH = 100;

/** The CRDs defined in one file's text (apiextensions.k8s.io/v1 CustomResourceDefinition documents, or a List of them). */
export function crdsFromText(text: string, file: string): CrdDefinition[] {
  return crdsAndProblems(text, file).defs;
}

/**
 * What in a CRD file was not used, one sentence per problem naming the file and line: a document that mentions
 * CustomResourceDefinition but does not parse or nests too deeply to read (parse/nesting.ts), a CRD without group
 * or kind, a schema nested deeper than Kubegate follows. Nothing is skipped silently.
 */
export function crdFileProblems(text: string, file: string): string[] {
  return crdsAndProblems(text, file).problems;
}

function crdsAndProblems(text: string, file: string): CrdFileFacts {
  // Not kept here: the project keeps what it derives from a file per version of the file (project/file-facts.ts).
  if (!mayHoldCrd(text)) return { defs: [], problems: [] };
  return readCrdFile(text, file);
}

/** What a file gives as CRDs: its definitions, and what in it could not be used (one sentence each). */
export interface CrdFileFacts {
  defs: CrdDefinition[];
  problems: string[];
}

/**
 * Reads the CRDs of a file's text, parsing only its documents that name CustomResourceDefinition: the others (a
 * bundle's Deployments, RBAC, Services) are blanked first, keeping every offset, so they cost a scan, not a parse.
 * A `---` line at the start of a line always ends a document, so cutting there is exact.
 */
export function readCrdFile(text: string, file: string): CrdFileFacts {
  if (!mayHoldCrd(text)) return { defs: [], problems: [] };
  return parseCrdDocuments(onlyCrdDocuments(text), file);
}

/** The text with every document that does not name CustomResourceDefinition turned into blank lines (cut at its
 *  document marker lines, parse/cut-documents.ts). */
function onlyCrdDocuments(text: string): string {
  const starts = documentMarkers(text).filter((at) => at > 0);
  if (starts.length === 0) return text;
  starts.unshift(0);
  let out = '';
  for (let i = 0; i < starts.length; i++) {
    const doc = text.slice(starts[i], starts[i + 1] ?? text.length);
    out += mayHoldCrd(doc) ? doc : doc.replace(/[^\n]/g, ' ');
  }
  return out;
}

function parseCrdDocuments(text: string, file: string): CrdFileFacts {
  const facts: CrdFileFacts = { defs: [], problems: [] };
  const lineCounter = new LineCounter();
  let docs;
  try {
    docs = parseDocuments(text, lineCounter);
  } catch (err) {
    return { defs: [], problems: [`${file}: does not parse (${err instanceof Error ? err.message : String(err)}): its CRDs are not used`] };
  }
  for (const doc of docs) {
    addDuplicateKeyErrors(doc);
    addCrdFacts(doc, text, file, lineCounter, facts);
  }
  return facts;
}

/**
 * Adds what one parsed document of a file gives as CRDs to `facts`, when the document names
 * CustomResourceDefinition (others give nothing). The document has its duplicate-key errors already
 * (addDuplicateKeyErrors). The check of a file calls this on the documents it parses (check/index.ts), so a CRD
 * file that is checked need not be parsed again for its CRDs: the same documents give the same facts.
 */
export function addCrdFacts(doc: Document.Parsed, text: string, file: string, lineCounter: LineCounter, facts: CrdFileFacts): void {
  if (!mayHoldCrd(text.slice(doc.range[0], doc.range[2]))) return;
  const line = () => lineCounter.linePos((doc.contents as { range?: [number, number, number] } | null)?.range?.[0] ?? doc.range[0]).line;
  const deep = tooDeepAt(doc);
  if (deep !== undefined) {
    facts.problems.push(`${file}:${lineCounter.linePos(deep).line}: a CustomResourceDefinition document nested deeper than ${MAX_NESTING} levels: not used`);
    return;
  }
  if (doc.errors.length > 0 || !fewAliases(doc)) {
    facts.problems.push(`${file}:${line()}: a CustomResourceDefinition document that does not parse (${doc.errors[0]?.message.split('\n')[0] ?? 'too many aliases'}): not used`);
    return;
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    facts.problems.push(`${file}:${line()}: a CustomResourceDefinition document that cannot be read (${err instanceof Error ? err.message : String(err)}): not used`);
    return;
  }
  const objects = isList(value) ? ((value as { items: unknown[] }).items ?? []) : [value];
  for (const o of objects) {
    let def: CrdDefinition | undefined;
    try {
      def = crdFromObject(o, { kind: 'workspace', name: path.basename(file), file });
    } catch (err) {
      facts.problems.push(`${file}:${line()}: a CustomResourceDefinition that cannot be read (${err instanceof Error ? err.message : String(err)}): not used`);
      continue;
    }
    if (!def) {
      if (isCrdLike(o)) facts.problems.push(`${file}:${line()}: a CustomResourceDefinition without spec.group or spec.names.kind: not used`);
      continue;
    }
    const r = doc.range;
    def.source.range = rangeOf(lineCounter, r[0], r[1]);
    const deep = def.versions.find((v) => v.schema && schemaDepth(v.schema, CHECKED_SCHEMA_DEPTH + 1) > CHECKED_SCHEMA_DEPTH);
    if (deep) facts.problems.push(`${file}:${line()}: the schema of ${def.kind} ${deep.name} nests more than ${CHECKED_SCHEMA_DEPTH} levels; deeper fields are not checked`);
    facts.defs.push(def);
  }
}

function isCrdLike(o: unknown): boolean {
  return !!o && typeof o === 'object' && (o as { kind?: unknown }).kind === 'CustomResourceDefinition';
}

/** Depth of nested schemas (properties, items, additionalProperties), counted up to `stop`. */
function schemaDepth(schema: CrdDefinition['versions'][number]['schema'], stop: number): number {
  let deepest = 0;
  const stack: { s: NonNullable<typeof schema>; d: number }[] = schema ? [{ s: schema, d: 0 }] : [];
  let visited = 0;
  while (stack.length > 0 && deepest < stop && visited++ < 200_000) {
    const { s, d } = stack.pop()!;
    deepest = Math.max(deepest, d);
    for (const child of Object.values(s.properties ?? {})) stack.push({ s: child, d: d + 1 });
    if (s.items) stack.push({ s: s.items, d: d + 1 });
    if (typeof s.additionalProperties === 'object') stack.push({ s: s.additionalProperties, d: d + 1 });
  }
  return deepest;
}

function isList(value: unknown): boolean {
  return !!value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'List' && Array.isArray((value as { items?: unknown }).items);
}

function crdsInFolder(dir: string, access: CrdFileAccess): CrdDefinition[] {
  const out: CrdDefinition[] = [];
  for (const name of folderYamlFiles(dir, access.listFiles(dir), access.onFolderLimit?.bind(access))) {
    const file = path.join(dir, name);
    if (access.crdsOf) {
      append(out, access.crdsOf(file));
      continue;
    }
    const text = access.readFile(file);
    if (text !== undefined) append(out, crdsFromText(text, file));
  }
  return out;
}

/** CRDs for a manifest: its folder's, else the nearest ancestor folder's that has any (not above the root). */
export function discoverCrds(manifest: string, workspaceRoot: string | undefined, access: CrdFileAccess): CrdDefinition[] {
  return nearestFolderWith(manifest, workspaceRoot, (dir) => crdsInFolder(dir, access));
}

/** CRDs of files named explicitly (settings, --crd FILE). Unreadable files are reported by name. */
export function loadCrdFiles(files: string[], access: Pick<CrdFileAccess, 'readFile'>): { crds: CrdDefinition[]; unreadable: string[]; problems: string[] } {
  const problems: string[] = [];
  const { found, unreadable } = loadNamedFiles(files, (f) => access.readFile(f), (text, file) => {
    const r = crdsAndProblems(text, file);
    append(problems, r.problems);
    if (r.defs.length === 0 && r.problems.length === 0) problems.push(`${file}: no CustomResourceDefinition in it`);
    return r.defs;
  });
  return { crds: found, unreadable, problems };
}
