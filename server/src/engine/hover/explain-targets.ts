// What `explain NAME` and `explain APIVERSION KIND` refer to when the name is not exact: a gate spelled with
// other letter case, a kind given where a gate was expected, a kind misspelled; each with what to try instead.
import { gateCatalog, kindsNamed, kindsOfApiVersion, loadVersion } from '../knowledge';
import { similarGateNames } from '../gates/catalog-lookup';
import { closestName, sameLetters } from '../base/similar-names';
import type { KubeVersion } from '../base/types';

/** The gate `name` names: itself when the catalog knows it (gate, meta gate or documented non-gate), else the one
 *  gate with the same letters in another case (`caseOnly`), else undefined. */
export function explainedGateName(name: string): { name: string; caseOnly: boolean } | undefined {
  const catalog = gateCatalog();
  const known = [catalog.gates, catalog.notGates].some((m) => Object.prototype.hasOwnProperty.call(m, name)) || catalog.meta.includes(name);
  if (known) return { name, caseOnly: false };
  const other = Object.keys(catalog.gates).filter((g) => sameLetters(name, g));
  return other.length === 1 ? { name: other[0]!, caseOnly: true } : undefined;
}

/** apiVersions serving `kind` in the version (stable first), matched exactly or else case-insensitively. */
function kindMatches(version: KubeVersion, name: string): { kind: string; apiVersions: string[] } | undefined {
  const data = loadVersion(version).data;
  let found = kindsNamed(data, name).filter((k) => !k.removed);
  if (found.length === 0) found = data.kinds.filter((k) => !k.removed && sameLetters(name, k.kind));
  if (found.length === 0) return undefined;
  const rank = (s: string) => (s === 'stable' ? 0 : s === 'beta' ? 1 : 2);
  const sorted = [...found].sort((a, b) => rank(a.stability) - rank(b.stability) || (a.component ? 1 : 0) - (b.component ? 1 : 0));
  return { kind: sorted[0]!.kind, apiVersions: [...new Set(sorted.map((k) => k.apiVersion))] };
}

/** Why a single name is not a gate, and what to try instead (the kind form, or did-you-mean). */
export function gateHint(name: string, version: KubeVersion): string {
  const kind = kindMatches(version, name);
  if (kind) {
    const more = kind.apiVersions.length > 1 ? ` (also served as ${kind.apiVersions.slice(1).join(', ')})` : '';
    return `${name} is a kind, not a feature gate: try \`kubegate explain ${kind.apiVersions[0]} ${kind.kind}\`${more}`;
  }
  const near = similarGateNames(gateCatalog(), name, version);
  return near.length ? `no feature gate ${name} in Kubernetes ${version}; did you mean ${near.join(' or ')}?` : `no feature gate ${name} in Kubernetes ${version}`;
}

/** A did-you-mean for an unknown kind (`; did you mean …?`), or ''. */
export function kindHint(apiVersion: string, kind: string, version: KubeVersion): string {
  const data = loadVersion(version).data;
  const sameApi = kindsOfApiVersion(data, apiVersion).filter((k) => !k.removed).map((k) => k.kind);
  const suggestion = closestName(kind, sameApi) ?? closestName(kind, new Set(data.kinds.map((k) => k.kind)));
  if (!suggestion) return '';
  const where = kindMatches(version, suggestion);
  const api = where && !where.apiVersions.includes(apiVersion) ? where.apiVersions[0] : apiVersion;
  return `; did you mean \`kubegate explain ${api} ${suggestion}\`?`;
}
