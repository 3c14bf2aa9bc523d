// Expected texts of the suite, read from the generated data (schemas/) or, when a file is missing there,
// from ../shared: never typed by hand. The subject is the field the issue names: ResourceSlice
// spec.skipNodeOperations in Kubernetes 1.37.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SUBJECT = { apiVersion: 'resource.k8s.io/v1', kind: 'ResourceSlice', path: 'spec.skipNodeOperations', version: '1.37' } as const;

export interface GateFacts {
  field: string;
  gate: string;
  kep: number;
}

const repo = resolve(__dirname, '..', '..', '..');
const shared = resolve(repo, '..', 'shared');

function fromSchemas(): { gate: string; kep: number } | undefined {
  const rowsFile = join(repo, 'schemas', `gated-fields-${SUBJECT.version}.json`);
  const gatesFile = join(repo, 'schemas', 'gates.json');
  if (!existsSync(rowsFile) || !existsSync(gatesFile)) return undefined;
  const rows = JSON.parse(readFileSync(rowsFile, 'utf8')) as { apiVersion: string; kind: string; path: string; gate: string }[];
  const row = rows.find((r) => r.apiVersion === SUBJECT.apiVersion && r.kind === SUBJECT.kind && r.path === SUBJECT.path);
  if (!row) return undefined;
  const catalog = JSON.parse(readFileSync(gatesFile, 'utf8')) as { gates: Record<string, { kep?: { number: number } }> };
  const kep = catalog.gates[row.gate]?.kep?.number;
  return kep ? { gate: row.gate, kep } : undefined;
}

function fromShared(): { gate: string; kep: number } | undefined {
  const tsv = join(shared, 'upstream', 'gated-fields-summary.tsv');
  const gatesFile = join(shared, 'reference', 'feature-gates.json');
  if (!existsSync(tsv) || !existsSync(gatesFile)) return undefined;
  const [header, ...lines] = readFileSync(tsv, 'utf8').split('\n');
  const cols = header.split('\t');
  const at = (name: string): number => cols.indexOf(name);
  const row = lines
    .map((l) => l.split('\t'))
    .find((c) => c[at('version')] === SUBJECT.version && c[at('apiVersion')] === SUBJECT.apiVersion && c[at('kindOrType')] === SUBJECT.kind && c[at('path')] === SUBJECT.path);
  if (!row) return undefined;
  const gate = row[at('gate')];
  const ref = JSON.parse(readFileSync(gatesFile, 'utf8')) as { gates: { name: string; kep?: number }[] };
  const kep = ref.gates.find((g) => g.name === gate)?.kep;
  return kep ? { gate, kep } : undefined;
}

export function subjectFacts(): GateFacts {
  const found = fromSchemas() ?? fromShared();
  if (!found) throw new Error(`no data for ${SUBJECT.kind} ${SUBJECT.path} in schemas/ or ../shared`);
  return { field: SUBJECT.path.split('.').pop() ?? SUBJECT.path, ...found };
}

/** A VS Code snippet from snippets/*.code-snippets whose body uses the subject field. */
export function subjectSnippet(field: string): { name: string; prefix: string } {
  const file = join(repo, 'snippets', 'kubegate.code-snippets');
  // .code-snippets files are JSON with comments.
  const text = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const snippets = JSON.parse(text) as Record<string, { prefix: string | string[]; body: string | string[] }>;
  for (const [name, s] of Object.entries(snippets)) {
    const body = Array.isArray(s.body) ? s.body.join('\n') : s.body;
    if (body.includes(field) && body.includes(SUBJECT.kind)) return { name, prefix: Array.isArray(s.prefix) ? s.prefix[0] : s.prefix };
  }
  throw new Error(`no snippet in ${file} uses ${field}`);
}
