// Words for a CRD source, and the version a document should move to.
import type { CrdDefinition, CrdVersion } from './crd-data';
import { compareText } from '../base/compare-text';

export function describeSource(def: CrdDefinition): string {
  switch (def.source.kind) {
    case 'cluster':
      return `the cluster's CRD ${def.plural ?? def.kind.toLowerCase()}.${def.group}`;
    case 'workspace':
      return `the CRD in ${shownFile(def)}`;
    default:
      return `the bundled CRD of ${def.source.name}`;
  }
}

/** The file of a workspace CRD as the user knows it: below its project's root, else as it was named. */
export function shownFile(def: CrdDefinition): string {
  return def.source.shown ?? def.source.file ?? def.source.name;
}

/** The version to move to: a served, non-deprecated one (stable first, then storage). */
export function preferredVersion(def: CrdDefinition, except?: string): CrdVersion | undefined {
  const rank = (v: CrdVersion) => (/alpha/.test(v.name) ? 2 : /beta/.test(v.name) ? 1 : 0);
  return def.versions
    .filter((v) => v.served && !v.deprecated && v.name !== except)
    .sort((a, b) => rank(a) - rank(b) || Number(b.storage) - Number(a.storage) || compareText(b.name, a.name))[0];
}
