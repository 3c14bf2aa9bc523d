// Test helpers: facts read from ../shared (tests skip when it is absent) and the generated schemas/.
import { briefFacts, gateCatalog, loadVersion, type BriefFacts, type GateCatalog, type VersionData } from '../../server/src/engine/knowledge';
import { featureGatesFile, gatedSummaryRows, type ReferenceGate } from '../support/shared';

export { hasShared, readShared, referenceGate, repoRoot, sharedDir, type ReferenceGate } from '../support/shared';

export function schemaCatalog(): GateCatalog {
  return gateCatalog();
}
export function schemaBrief(): BriefFacts {
  return briefFacts();
}
export function schemaVersion(v: string): VersionData {
  return loadVersion(v).data;
}

export function referenceNotGates(): Record<string, { alias_of: string | null }> {
  return featureGatesFile().names_that_are_not_gates;
}

export function referenceGatesNotOnPage(): Record<string, ReferenceGate> {
  return featureGatesFile().gates_not_on_page;
}

export function referencePageGates(): ReferenceGate[] {
  return featureGatesFile().gates;
}

/** Rows of ../shared/upstream/gated-fields-summary.tsv for one version. */
export function gatedFieldRows(version: string): Record<string, string>[] {
  return gatedSummaryRows().filter((r) => r['version'] === version);
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
