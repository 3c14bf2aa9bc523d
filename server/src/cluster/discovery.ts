// Reads the group/versions an API server serves from its discovery answers (pure):
//   GET /api  → APIVersions  { versions: ["v1"] }                    → "v1"
//   GET /apis → APIGroupList { groups: [{ versions: [{ groupVersion }] }] } → "apps/v1", …

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Core versions from an APIVersions object ("v1"). */
export function coreVersionsOf(body: unknown): string[] {
  if (!isRecord(body) || !Array.isArray(body.versions)) return [];
  return body.versions.filter((v): v is string => typeof v === 'string' && v !== '');
}

/** "group/version" strings of an APIGroupList, every served version of every group (not only the preferred). */
export function groupVersionsOf(body: unknown): string[] {
  if (!isRecord(body) || !Array.isArray(body.groups)) return [];
  const out: string[] = [];
  for (const group of body.groups) {
    if (!isRecord(group) || !Array.isArray(group.versions)) continue;
    for (const version of group.versions) {
      if (!isRecord(version)) continue;
      if (typeof version.groupVersion === 'string' && version.groupVersion !== '') {
        out.push(version.groupVersion);
      } else if (typeof group.name === 'string' && typeof version.version === 'string') {
        out.push(`${group.name}/${version.version}`);
      }
    }
  }
  return out;
}

/** Both answers merged: core versions first, then groups, without duplicates, sorted within each part. */
export function servedGroupVersions(apiBody: unknown, apisBody: unknown): string[] {
  const core = [...new Set(coreVersionsOf(apiBody))].sort();
  const groups = [...new Set(groupVersionsOf(apisBody))].sort();
  return [...core, ...groups];
}
