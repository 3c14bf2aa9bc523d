// Structural field paths, as in a finding's `path` (`spec.devices[].consumesCounters[].compatibilityGroups`): what a
// path says without the type graph.

/** A path segment named `status` (the field itself or an ancestor). */
export function isUnderStatus(path: string): boolean {
  // Asked for most fields of every check: a path without the word is answered without splitting it.
  if (!path.includes('status')) return false;
  return path.split('.').some((segment) => segment.replace(/(\[\])+$/, '') === 'status');
}
