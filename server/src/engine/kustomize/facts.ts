// What kustomize does to one file, decided from the kustomization files around it (engine input
// `CheckOptions.kustomize`, computed by the front ends with `kustomizeFactsFor`):
//   - a resource (base) of a kustomization: the required fields kustomize fills in are not missing;
//   - a patch (strategic merge or JSON6902): a partial document, so nothing is required; its fields and values
//     are still checked (a JSON6902 operation's value against the target kind's type at its path).
import { normal } from '../base/paths';
import { MAX_KUSTOMIZATION_ENTRIES, readKustomization, type Kustomization, type ParsedKustomizations, type KustomizationText, type LabelReach, type PatchTarget } from './kustomization';
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

// Fields kustomize's built-in label transformer creates when absent: its default field specs with `create: true`,
// by the reach of the labels (kustomization.ts). Read in kubernetes-sigs/kustomize at 12f9e6391464:
// api/internal/konfig/builtinpluginconsts/metadatalabels.go (metadataLabelsFieldSpecs: templates),
// commonlabels.go (commonLabelFieldSpecs: selectors, plus the template specs), and
// api/internal/target/kusttarget_configplugin.go (the LabelTransformer entry: `labels` without includeSelectors
// or includeTemplates create metadata/labels only; includeSelectors and `commonLabels` take the selector specs).
const METADATA_LABEL_FIELDS: InjectedField[] = [{ kinds: '*', path: 'metadata.labels' }];
const TEMPLATE_LABEL_FIELDS: InjectedField[] = [
  ...METADATA_LABEL_FIELDS,
  { kinds: ['ReplicationController', 'Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet', 'Job'], path: 'spec.template.metadata.labels' },
  { kinds: ['CronJob'], path: 'spec.jobTemplate.metadata.labels' },
  { kinds: ['CronJob'], path: 'spec.jobTemplate.spec.template.metadata.labels' },
];
const SELECTOR_LABEL_FIELDS: InjectedField[] = [
  ...TEMPLATE_LABEL_FIELDS,
  // spec/selector of a Service and a ReplicationController; spec/selector/matchLabels of the apps workloads.
  { kinds: ['Service', 'ReplicationController', 'Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet'], path: 'spec.selector' },
];
const LABEL_FIELDS: Record<LabelReach, InjectedField[]> = {
  metadata: METADATA_LABEL_FIELDS,
  templates: TEMPLATE_LABEL_FIELDS,
  selectors: SELECTOR_LABEL_FIELDS,
};
/** Widest first. */
const REACH_ORDER: readonly LabelReach[] = ['selectors', 'templates', 'metadata'];
const NAMESPACE_FIELDS: InjectedField[] = [{ kinds: '*', path: 'metadata.namespace' }];

/** How many kustomizations deep the chain of bases is followed (each including the previous one). */
export const MAX_KUSTOMIZE_CHAIN = 100;

/** Kustomizations that include `k` (its folder or its file among their resources or components), transitively,
 *  `k` first; breadth first over an index of those entries (linear in them), at most MAX_KUSTOMIZE_CHAIN levels. */
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

/** The kustomizations of a chain and the components each includes (transitively: a component may include
 *  components): a component's transformers act on the resources of the kustomization that includes it. */
function withComponents(chain: Kustomization[], all: readonly Kustomization[]): Kustomization[] {
  const byDir = new Map(all.map((k) => [normal(k.dir), k]));
  const out = [...chain];
  const seen = new Set(chain);
  for (let i = 0; i < out.length; i++) {
    for (const dir of out[i]!.components) {
      const c = byDir.get(normal(dir));
      if (c && !seen.has(c)) {
        seen.add(c);
        out.push(c);
      }
    }
  }
  return out;
}

/**
 * The kustomize role of `file`, from the kustomization files the front end found (usually those of the file's
 * folder and its ancestors, nearest first); undefined when no kustomization names it. `notes` receives what was
 * not read (a kustomization with more than MAX_KUSTOMIZATION_ENTRIES entries, a chain deeper than
 * MAX_KUSTOMIZE_CHAIN): the front end shows them. `kept`: the project's parsed kustomizations.
 */
export function kustomizeFactsFor(file: string, kustomizations: readonly KustomizationText[], notes: string[] = [], kept?: ParsedKustomizations): KustomizeFacts | undefined {
  const all = kustomizations.map((k) => readKustomization(k, kept)).filter((k): k is Kustomization => !!k);
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
        for (const r of [...other.resources, ...other.components]) {
          const list = byResource.get(r);
          if (list) list.push(other);
          else byResource.set(r, [other]);
        }
      }
      const acting = withComponents(chainOf(k, byResource, notes), all);
      const injected: InjectedField[] = [];
      const reach = REACH_ORDER.find((r) => acting.some((c) => c.labelReach === r));
      if (reach) append(injected, LABEL_FIELDS[reach]);
      if (acting.some((c) => c.setsNamespace)) append(injected, NAMESPACE_FIELDS);
      return { role: 'resource', kustomization: k.file, injected };
    }
  }
  return undefined;
}
