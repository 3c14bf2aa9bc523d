// Test helpers: facts read from ../shared (tests skip when it is absent) and the generated schemas/.
import { existsSync, readFileSync } from 'fs';
import * as path from 'path';
import { briefFacts, gateCatalog, loadVersion, type BriefFacts, type GateCatalog, type VersionData } from '../../server/src/engine/knowledge';

export const repoRoot = path.resolve(__dirname, '../..');
/** ../shared beside the project; KUBEGATE_TEST_SHARED_DIR overrides it (e.g. to check that the tests skip). */
export const sharedDir = process.env.KUBEGATE_TEST_SHARED_DIR ?? path.resolve(repoRoot, '../shared');
export const hasShared = existsSync(path.join(sharedDir, 'reference', 'feature-gates.json'));

export function readShared<T = unknown>(rel: string): T {
  return JSON.parse(readFileSync(path.join(sharedDir, rel), 'utf8')) as T;
}

export function schemaCatalog(): GateCatalog {
  return gateCatalog();
}
export function schemaBrief(): BriefFacts {
  return briefFacts();
}
export function schemaVersion(v: string): VersionData {
  return loadVersion(v).data;
}

export interface ReferenceGate {
  name: string;
  components?: string[] | null;
  by_version: Record<string, { exists: boolean | null; stage?: string; default?: boolean | null; locked?: boolean | null }>;
  stages: { stage: string; default: boolean; since: string; until: string | null }[];
  kep?: number | null;
  keps?: { number: number; title: string }[];
  kep_url?: string;
  replaced_by?: string;
}

interface FeatureGatesJson {
  gates: ReferenceGate[];
  gates_not_on_page: Record<string, ReferenceGate>;
  names_that_are_not_gates: Record<string, { alias_of: string | null }>;
}

/** A gate as ../shared/reference/feature-gates.json describes it (page gates, then gates not on the page). */
export function referenceGate(name: string): ReferenceGate | undefined {
  const fg = readShared<FeatureGatesJson>('reference/feature-gates.json');
  return fg.gates.find((g) => g.name === name) ?? fg.gates_not_on_page[name];
}

export function referenceNotGates(): Record<string, { alias_of: string | null }> {
  return readShared<FeatureGatesJson>('reference/feature-gates.json').names_that_are_not_gates;
}

export function referenceGatesNotOnPage(): Record<string, ReferenceGate> {
  return readShared<FeatureGatesJson>('reference/feature-gates.json').gates_not_on_page;
}

export function referencePageGates(): ReferenceGate[] {
  return readShared<FeatureGatesJson>('reference/feature-gates.json').gates;
}

/** Rows of ../shared/upstream/gated-fields-summary.tsv for one version. */
export function gatedFieldRows(version: string): Record<string, string>[] {
  const text = readFileSync(path.join(sharedDir, 'upstream', 'gated-fields-summary.tsv'), 'utf8');
  const [head, ...lines] = text.split('\n').filter((l) => l.length > 0);
  const cols = head!.split('\t');
  return lines
    .map((l) => Object.fromEntries(l.split('\t').map((v, i) => [cols[i]!, v])))
    .filter((r) => r['version'] === version);
}

/** Components of a gate as corpus rule 1 normalises them. */
export function normalisedComponents(raw: string[] | null | undefined): string[] {
  const out: string[] = [];
  for (const entry of raw ?? []) {
    for (const part of entry.split(',')) {
      const name = part.trim().toLowerCase().replace(/\s+via\s.*$/, '');
      if (/^[a-z0-9-]+$/.test(name) && !out.includes(name)) out.push(name);
    }
  }
  return out;
}
