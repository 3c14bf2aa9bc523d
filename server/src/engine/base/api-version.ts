// The parts of an apiVersion string: `apps/v1` is group `apps`, version `v1`; the core group's `v1` has group "".
// Dependency-free, so the cluster adapter can use it too.

/** `apps/v1` → ['apps', 'v1']; `v1` → ['', 'v1']. */
export function splitApiVersion(apiVersion: string): [group: string, version: string] {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
}

/** `apps/v1` → 'apps'; `v1` → '' (the core group). */
export function groupOf(apiVersion: string): string {
  return splitApiVersion(apiVersion)[0];
}

/** `apps/v1` → 'v1'; `v1` → 'v1'. */
export function versionOf(apiVersion: string): string {
  return splitApiVersion(apiVersion)[1];
}
