// BriefFacts from ../shared/reference/brief-features.json: surfaces designed for 1.37 but not shipped in v1.37.0,
// and the curated "also requires" gate links.
import type { BriefFacts, GateCatalog, VersionData } from '../../server/src/engine/knowledge/data-contract';
import type { BriefFile } from './sources';
import { cmp } from './version-data';
import { sortedRecord } from './write-json';

const DESIGNED_NOT_SHIPPED = /^designed,? not shipped$/i;

export function buildBrief(brief: BriefFile, latest: VersionData, catalog: GateCatalog): BriefFacts {
  const served = new Set(latest.kinds.filter((k) => !k.removed).map((k) => k.apiVersion));
  const out: BriefFacts = { notShippedApis: [], notShippedFields: [], alsoRequires: {} };
  for (const f of brief.features) {
    const kep = f.kep?.number;
    const notShipped = /^no\b/i.test(f.shipped_in_v1_37_0.trim());
    if (notShipped && kep !== undefined) {
      const gateName = f.gate?.as_shipped ?? f.gate?.in_kep_yaml;
      const why = gateName ? catalog.gates[gateName]?.byVersion[latest.version]?.why : undefined;
      const extra = why ? { note: why } : {};
      for (const s of f.surfaces) {
        if (!DESIGNED_NOT_SHIPPED.test(s.kind.trim()) || !s.apiVersion || !s.object) continue;
        if (!served.has(s.apiVersion)) {
          out.notShippedApis.push({ apiVersion: s.apiVersion, kind: s.object, kep, feature: f.name, ...extra });
        } else if (s.path) {
          for (const p of s.path.split(',').map((x) => x.trim()).filter(Boolean)) {
            out.notShippedFields.push({ apiVersion: s.apiVersion, kind: s.object, path: p, kep, feature: f.name, ...extra });
          }
        }
      }
    }
    const gate = f.gate?.as_shipped;
    if (gate && f.also_requires_gates?.length) {
      // Entries are free text ("DRAPartitionableDevices (Beta, on by default since 1.36)"): keep the leading
      // name when the catalog knows it as a gate.
      const names = f.also_requires_gates
        .map((t) => /^[A-Za-z0-9]+/.exec(t.trim())?.[0])
        .filter((n): n is string => n !== undefined && n in catalog.gates && n !== gate);
      if (names.length > 0) out.alsoRequires[gate] = [...new Set([...(out.alsoRequires[gate] ?? []), ...names])];
    }
  }
  out.notShippedApis.sort((a, b) => cmp(a.apiVersion, b.apiVersion) || cmp(a.kind, b.kind));
  out.notShippedFields.sort((a, b) => cmp(a.apiVersion, b.apiVersion) || cmp(a.kind, b.kind) || cmp(a.path, b.path));
  out.alsoRequires = sortedRecord(out.alsoRequires);
  return out;
}
