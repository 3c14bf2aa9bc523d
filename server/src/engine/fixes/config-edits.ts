// Where a gate goes in each kind of repo config, decided from the kind entries of the version data:
// kind Cluster and component configs with a `featureGates` map, kubeadm argument lists per component.
import { isMap } from 'yaml';
import type { KindEntry, VersionData } from '../knowledge/format';
import type { YamlDoc } from './types';
import { type AnyMap, mapValue, pairByKey, rootMap, stringValue, yamlDocs } from './yaml-nodes';
import { type OffsetEdit, appendToBlockMap, styleOf } from './yaml-edits';
import { componentBlock, enableInArgList, enableInGateMap, FEATURE_GATES_KEY } from './gate-maps';
import { staticPodGateEdits } from './static-pod';
import { patchGateFlips } from './patch-gate-flips';
import { append } from '../append';

/** kubeadm ClusterConfiguration key per control-plane binary (verified against the type data before use). */
const KUBEADM_COMPONENT_KEYS: Record<string, string> = {
  'kube-apiserver': 'apiServer',
  'kube-controller-manager': 'controllerManager',
  'kube-scheduler': 'scheduler',
};
const KUBEADM_ARGS_KEY = 'extraArgs';
const KUBEADM_NODE_KEY = 'nodeRegistration';
const KUBEADM_KUBELET_ARGS_KEY = 'kubeletExtraArgs';
const KUBELET = 'kubelet';

export function kindEntryOf(data: VersionData, apiVersion: string | undefined, kind: string | undefined): KindEntry | undefined {
  if (!apiVersion || !kind) return undefined;
  return data.kinds.find((k) => k.apiVersion === apiVersion && k.kind === kind);
}

export function rootHasField(data: VersionData, entry: KindEntry, field: string): boolean {
  return data.types[entry.root]?.fields.some((f) => f.name === field) ?? false;
}

/** Fields of the root type that reference a type with the given field (e.g. apiServer → extraArgs). */
function fieldTypeHas(data: VersionData, typeName: string, field: string, sub: string): boolean {
  const f = data.types[typeName]?.fields.find((x) => x.name === field);
  const ref = f && 'ref' in f.type ? f.type.ref : undefined;
  return ref ? (data.types[ref]?.fields.some((x) => x.name === sub) ?? false) : false;
}

export interface ConfigDocInfo {
  doc: YamlDoc;
  root: AnyMap;
  entry: KindEntry;
}

export function configDocs(text: string, data: VersionData): ConfigDocInfo[] {
  const out: ConfigDocInfo[] = [];
  for (const d of yamlDocs(text)) {
    const root = rootMap(d);
    if (!root) continue;
    const entry = kindEntryOf(data, stringValue(root, 'apiVersion'), stringValue(root, 'kind'));
    if (entry?.component) out.push({ doc: d, root, entry });
  }
  return out;
}

export interface GateEditPlan {
  edits: OffsetEdit[];
  /** Components the edits turn the gate on for ('all' for a kind Cluster). */
  covers: string[] | 'all';
}

/**
 * Edits that turn `gate` on in one config file for the components that need it.
 * `components` empty = not known: every place the file can set is used.
 */
export function gateEditsForConfig(text: string, gate: string, components: string[], data: VersionData): GateEditPlan {
  const style = styleOf(text);
  const edits: OffsetEdit[] = [];
  const covers = new Set<string>();
  const wants = (c: string) => components.length === 0 || components.includes(c);
  const docs = configDocs(text, data);
  const fileHasKubeletConfig = docs.some((d) => d.entry.component === KUBELET && rootHasField(data, d.entry, FEATURE_GATES_KEY));
  for (const { root, entry } of docs) {
    const push = (e: OffsetEdit | undefined, component: string) => {
      if (e) edits.push(e);
      covers.add(component);
    };
    if (entry.component === 'kubeadm') {
      const rootType = entry.root;
      for (const [binary, key] of Object.entries(KUBEADM_COMPONENT_KEYS)) {
        if (!wants(binary) || !fieldTypeHas(data, rootType, key, KUBEADM_ARGS_KEY)) continue;
        const owner = mapValue(root, key);
        if (owner) push(enableInArgList(text, owner, KUBEADM_ARGS_KEY, gate, style), binary);
        else if (!pairByKey(root, key)) push(appendToBlockMap(text, root, componentBlock(key, KUBEADM_ARGS_KEY, gate, style), style), binary);
      }
      if (wants(KUBELET) && !fileHasKubeletConfig && fieldTypeHas(data, rootType, KUBEADM_NODE_KEY, KUBEADM_KUBELET_ARGS_KEY)) {
        const node = pairByKey(root, KUBEADM_NODE_KEY)?.value;
        if (isMap(node)) push(enableInArgList(text, node as AnyMap, KUBEADM_KUBELET_ARGS_KEY, gate, style), KUBELET);
        else if (!node) push(appendToBlockMap(text, root, componentBlock(KUBEADM_NODE_KEY, KUBEADM_KUBELET_ARGS_KEY, gate, style), style), KUBELET);
      }
      continue;
    }
    if (!rootHasField(data, entry, FEATURE_GATES_KEY)) continue;
    if (entry.component === 'kind') {
      push(enableInGateMap(text, root, gate, style), 'all');
    } else if (wants(entry.component ?? '')) {
      push(enableInGateMap(text, root, gate, style), entry.component ?? '');
    }
  }
  if (docs.length === 0) {
    const pods = staticPodGateEdits(text, gate, wants, style);
    append(edits, pods.edits);
    for (const c of pods.covers) covers.add(c);
  }
  if (covers.has('all')) append(edits, patchGateFlips(text, gate));
  return { edits: mergeSameOffset(edits), covers: covers.has('all') ? 'all' : [...covers] };
}

/** Several inserts at one offset (two new blocks after the same last line) become one edit, in order. */
function mergeSameOffset(edits: OffsetEdit[]): OffsetEdit[] {
  const out: OffsetEdit[] = [];
  for (const e of edits) {
    const prev = out.find((p) => p.start === e.start && p.end === e.start && e.end === e.start);
    if (prev) prev.newText += e.newText.replace(/^\r?\n/, '');
    else out.push({ ...e });
  }
  return out;
}

/** The kind entry of the kind tool's cluster config (a `kind` component kind with a featureGates map). */
export function kindClusterEntry(data: VersionData): KindEntry | undefined {
  return data.kinds.find((k) => k.component === 'kind' && rootHasField(data, k, FEATURE_GATES_KEY));
}
