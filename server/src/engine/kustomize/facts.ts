// What kustomize does to one file, decided from the kustomization files around it (engine input
// `CheckOptions.kustomize`, computed by the front ends with `kustomizeFactsFor`):
//   - a resource (base) of a kustomization: the required fields kustomize fills in are not missing;
//   - a patch (strategic merge or JSON6902): a partial document, so nothing is required; its fields and values
//     are still checked (a JSON6902 operation's value against the target kind's type at its path).
import { normal } from '../base/paths';
import { MAX_KUSTOMIZATION_ENTRIES, readKustomization, type Kustomization, type KustomizationText, type PatchTarget } from './kustomization';
import { append } from '../base/append';

export interface InjectedField {
  /** Kinds whose resources get the field; '*' for every kind. */
  kinds: readonly string[] | '*';
  /** Structural path of the field (a `missing-field` with this path, or under it, is not reported). */
  path: string;
}

export interface KustomizeFacts {
  role: 'resource' | 'patch';
  /** The kustomization file that names this file (for messages). */
  kustomization: string;
  /** For a resource: fields kustomize fills in. */
  injected: InjectedField[];
  /** For a patch: the target it names (JSON6902 operations are checked against the target's kind). */
  target?: PatchTarget;
}

// Fields that kustomize's built-in label transformer creates when absent (its default field specs with
// `create: true` for selectors): the label selector of the apps workloads and of a ReplicationController.
const SELECTOR_FIELDS: InjectedField[] = [
  { kinds: ['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet', 'ReplicationController'], path: 'spec.selector' },
  { kinds: '*', path: 'spec.template.metadata.labels' },
  { kinds: '*', path: 'metadata.labels' },
];
const NAMESPACE_FIELDS: InjectedField[] = [{ kinds: '*', path: 'metadata.namespace' }];

/** How many kustomizations deep the chain of bases is followed (each including the previous one). */
export const MAX_KUSTOMIZE_CHAIN = 100;

/** Kustomizations that include `k` (its folder or its file among their resources), transitively, `k` first;
 *  breadth first over an index of resources (linear in the entries), at most MAX_KUSTOMIZE_CHAIN levels. */
function chainOf(k: Kustomization, byResource: Map<string, Kustomization[]>, notes: string[]): Kustomization[] {
  const out = [k];
  const seen = new Set([k]);
  let level = [k];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth >= MAX_KUSTOMIZE_CHAIN) {
      notes.push(`${k.file} is included through more than ${MAX_KUSTOMIZE_CHAIN} levels of kustomizations; the outer ones are not read`);
      break;
    }
    const next: Kustomization[] = [];
    for (const cur of level) {
      for (const other of [...(byResource.get(normal(cur.dir)) ?? []), ...(byResource.get(normal(cur.file)) ?? [])]) {
        if (seen.has(other)) continue;
        seen.add(other);
        out.push(other);
        next.push(other);
      }
    }
    level = next;
  }
  return out;
}

/**
 * The kustomize role of `file`, from the kustomization files the front end found (usually those of the file's
 * folder and its ancestors, nearest first); undefined when no kustomization names it. `notes` receives what was
 * not read (a kustomization with more than MAX_KUSTOMIZATION_ENTRIES entries, a chain deeper than
 * MAX_KUSTOMIZE_CHAIN): the front end shows them.
 */
export function kustomizeFactsFor(file: string, kustomizations: readonly KustomizationText[], notes: string[] = []): KustomizeFacts | undefined {
  const all = kustomizations.map(readKustomization).filter((k): k is Kustomization => !!k);
  for (const k of all) if (k.unread) notes.push(k.unread);
  const target = normal(file);
  for (const k of all) {
    const patch = k.patches.find((p) => p.path === target);
    if (patch) return { role: 'patch', kustomization: k.file, injected: [], ...(patch.target ? { target: patch.target } : {}) };
    if (k.resources.includes(target)) {
      if (k.dropped) notes.push(`${k.file} lists ${k.dropped} entries more than the ${MAX_KUSTOMIZATION_ENTRIES} read`);
      const byResource = new Map<string, Kustomization[]>();
      for (const other of all) {
        if (other.dropped && other !== k) notes.push(`${other.file} lists ${other.dropped} entries more than the ${MAX_KUSTOMIZATION_ENTRIES} read`);
        for (const r of other.resources) {
          const list = byResource.get(r);
          if (list) list.push(other);
          else byResource.set(r, [other]);
        }
      }
      const chain = chainOf(k, byResource, notes);
      const injected: InjectedField[] = [];
      if (chain.some((c) => c.setsSelectors)) append(injected, SELECTOR_FIELDS);
      if (chain.some((c) => c.setsNamespace)) append(injected, NAMESPACE_FIELDS);
      return { role: 'resource', kustomization: k.file, injected };
    }
  }
  return undefined;
}
