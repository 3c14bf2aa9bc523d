// Structural field paths, as in a finding's `path` (`spec.devices[].consumesCounters[].compatibilityGroups`): what a
// path says without the type graph.

/** The object's `status` (the field itself or below it). Only the top-level field: a `status` deeper down (a Job's
 *  podFailurePolicy condition patterns) is written by the user and validated. */
export function isUnderStatus(path: string): boolean {
  return path === 'status' || path.startsWith('status.') || path.startsWith('status[');
}
