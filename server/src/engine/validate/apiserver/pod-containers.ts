// The containers of a pod spec with their server paths (regular, init and ephemeral), shared by the pod-spec rule
// modules: which lists a rule reads is the rule's choice, as upstream validates each list in its own function.
import type { PodSpecTarget } from './rule-types';
import { fieldOf, itemOf, objs, str, type Obj } from './object-view';

const CONTAINER_LISTS = ['containers', 'initContainers', 'ephemeralContainers'] as const;
type ContainerList = (typeof CONTAINER_LISTS)[number];

interface ContainerAt {
  c: Obj;
  path: string;
  list: ContainerList;
}

export const PROBES = ['livenessProbe', 'readinessProbe', 'startupProbe'] as const;

export function containers(t: PodSpecTarget, lists: readonly ContainerList[] = CONTAINER_LISTS): ContainerAt[] {
  const out: ContainerAt[] = [];
  for (const list of lists) {
    const base = fieldOf(t.path, list);
    for (const [c, i] of objs(t.spec[list])) out.push({ c, path: itemOf(base, i), list });
  }
  return out;
}

/** An init container that keeps running beside the regular ones (a sidecar). */
export function isSidecar(c: Obj): boolean {
  return str(c['restartPolicy']) === 'Always';
}

/** The containers whose probes and lifecycle hooks upstream validates: regular ones and sidecars. */
export function handlerContainers(t: PodSpecTarget): ContainerAt[] {
  return containers(t, ['containers', 'initContainers']).filter(({ c, list }) => list === 'containers' || isSidecar(c));
}

/** The path of the metadata beside a pod spec (`metadata`, `spec.template.metadata`, …). */
export function metaPathOf(t: PodSpecTarget): string {
  return t.path === 'spec' ? 'metadata' : `${t.path.slice(0, -'spec'.length)}metadata`;
}
