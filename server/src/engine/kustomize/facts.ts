// What kustomize does to one file, decided from the kustomization files around it (engine input
// `CheckOptions.kustomize`, computed by the front ends with `kustomizeFactsFor`):
//   - a resource (base) of a kustomization: the required fields kustomize fills in are not missing;
//   - a patch (strategic merge or JSON6902): a partial document, so nothing is required; its fields and values
//     are still checked (a JSON6902 operation's value against the target kind's type at its path).
import * as path from 'path';
import { readKustomization, type Kustomization, type KustomizationText, type PatchTarget } from './kustomization';
import { append } from '../append';

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

function samePath(a: string, b: string): boolean {
  return path.resolve(a) === path.resolve(b);
}

/** Kustomizations that include `k` (its folder or its file among their resources), transitively, `k` first. */
function chainOf(k: Kustomization, all: Kustomization[]): Kustomization[] {
  const out = [k];
  for (let i = 0; i < out.length; i++) {
    const cur = out[i]!;
    for (const other of all) {
      if (out.includes(other)) continue;
      if (other.resources.some((r) => samePath(r, cur.dir) || samePath(r, cur.file))) out.push(other);
    }
  }
  return out;
}

/**
 * The kustomize role of `file`, from the kustomization files the front end found (usually those of the file's
 * folder and its ancestors, nearest first); undefined when no kustomization names it.
 */
export function kustomizeFactsFor(file: string, kustomizations: readonly KustomizationText[]): KustomizeFacts | undefined {
  const all = kustomizations.map(readKustomization).filter((k): k is Kustomization => !!k);
  for (const k of all) {
    const patch = k.patches.find((p) => samePath(p.path, file));
    if (patch) return { role: 'patch', kustomization: k.file, injected: [], ...(patch.target ? { target: patch.target } : {}) };
    if (k.resources.some((r) => samePath(r, file))) {
      const chain = chainOf(k, all);
      const injected: InjectedField[] = [];
      if (chain.some((c) => c.setsSelectors)) append(injected, SELECTOR_FIELDS);
      if (chain.some((c) => c.setsNamespace)) append(injected, NAMESPACE_FIELDS);
      return { role: 'resource', kustomization: k.file, injected };
    }
  }
  return undefined;
}
