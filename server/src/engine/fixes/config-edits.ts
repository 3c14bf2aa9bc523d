// Where a gate goes in each kind of repo config: the places of gates/gate-places.ts (kind Cluster and component
// configs with a `featureGates` map, kubeadm argument lists per component), each checked against the version
// data's type of the document before it is used.
import type { KindEntry, VersionData } from '../knowledge/data-contract';
import type { YamlDoc } from './types';
import { type AnyMap, mapValue, pairByKey, rootMap, stringValue } from './yaml-nodes';
import { READ_EACH_TIME } from './reads';
import type { TextReads } from './types';
import { type OffsetEdit, appendToBlockMap, styleOf } from './yaml-edits';
import { componentBlock, enableInArgList, enableInGateMap } from './gate-maps';
import { FEATURE_GATES_KEY, gateMapConfig, kubeadmArgPlaces, KUBEADM_GROUP } from '../gates/gate-places';
import { staticPodGateEdits } from './static-pod';
import { patchGateFlips } from './patch-gate-flips';
import { append } from '../base/append';
import { stepType, structFields } from '../knowledge/type-path';
import { kindEntry } from '../knowledge/version-index';

const KUBELET = 'kubelet';

export function rootHasField(data: VersionData, entry: KindEntry, field: string): boolean {
  return data.types[entry.root]?.fields.some((f) => f.name === field) ?? false;
}

/** Whether `field` of a struct type is a struct with a `sub` field (e.g. apiServer → extraArgs). */
function fieldTypeHas(data: VersionData, typeName: string, field: string, sub: string): boolean {
  return structFields(data, stepType(data, { ref: typeName }, field)?.type)?.some((x) => x.name === sub) ?? false;
}

interface ConfigDocInfo {
  doc: YamlDoc;
  root: AnyMap;
  entry: KindEntry;
}

export function configDocs(text: string, data: VersionData, reads: TextReads = READ_EACH_TIME): ConfigDocInfo[] {
  const out: ConfigDocInfo[] = [];
  for (const d of reads.docs(text)) {
    const root = rootMap(d);
    if (!root) continue;
    const entry = kindEntry(data, stringValue(root, 'apiVersion'), stringValue(root, 'kind'));
    if (entry?.component) out.push({ doc: d, root, entry });
  }
  return out;
}

interface GateEditPlan {
  edits: OffsetEdit[];
  /** Components the edits turn the gate on for ('all' for a kind Cluster). */
  covers: string[] | 'all';
}

/**
 * Edits that turn `gate` on in one config file for the components that need it.
 * `components` empty = not known: every place the file can set is used.
 */
/** `reads`: what the fixes of one call read of texts, once. */
export function gateEditsForConfig(text: string, gate: string, components: string[], data: VersionData, reads: TextReads = READ_EACH_TIME): GateEditPlan {
  const style = styleOf(text);
  const edits: OffsetEdit[] = [];
  const covers = new Set<string>();
  const wants = (c: string) => components.length === 0 || components.includes(c);
  const docs = configDocs(text, data, reads);
  const fileHasKubeletConfig = docs.some((d) => gateMapConfig(d.entry.apiVersion, d.entry.kind)?.configKind === KUBELET && rootHasField(data, d.entry, FEATURE_GATES_KEY));
  for (const { root, entry } of docs) {
    const push = (e: OffsetEdit | undefined, component: string) => {
      if (e) edits.push(e);
      covers.add(component);
    };
    if (entry.group === KUBEADM_GROUP) {
      for (const place of kubeadmArgPlaces(entry.kind)) {
        if (!wants(place.component) || !fieldTypeHas(data, entry.root, place.section, place.args)) continue;
        // A KubeletConfiguration in the same file is where the kubelet's gates go.
        if (place.component === KUBELET && fileHasKubeletConfig) continue;
        const section = mapValue(root, place.section);
        if (section) push(enableInArgList(text, section, place.args, gate, style), place.component);
        else if (!pairByKey(root, place.section)) {
          push(appendToBlockMap(text, root, componentBlock(place.section, place.args, gate, style), style), place.component);
        }
      }
      continue;
    }
    const config = gateMapConfig(entry.apiVersion, entry.kind);
    if (!config || !rootHasField(data, entry, FEATURE_GATES_KEY)) continue;
    if (config.components === 'all') {
      push(enableInGateMap(text, root, gate, style), 'all');
    } else if (wants(entry.component ?? '')) {
      push(enableInGateMap(text, root, gate, style), entry.component ?? '');
    }
  }
  if (docs.length === 0) {
    const pods = staticPodGateEdits(text, gate, wants, style, reads);
    append(edits, pods.edits);
    for (const c of pods.covers) covers.add(c);
  }
  if (covers.has('all')) append(edits, patchGateFlips(text, gate, reads));
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

/** The kind entry of the kind tool's cluster config (a gate-map config for every component, in the version data). */
export function kindClusterEntry(data: VersionData): KindEntry | undefined {
  return data.kinds.find((k) => gateMapConfig(k.apiVersion, k.kind)?.components === 'all' && rootHasField(data, k, FEATURE_GATES_KEY));
}
