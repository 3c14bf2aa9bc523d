// Control-plane static Pods (kube-apiserver, kube-controller-manager, kube-scheduler manifests): turn a gate on
// in the container's `--feature-gates` flag, or add the flag to its command. Other containers are left alone,
// as the gate model ignores their flags too.
import { isMap, isScalar, isSeq } from 'yaml';
import { controlPlaneBinaryIn, FEATURE_GATES_FLAG, STATIC_POD } from '../gates/gate-places';
import { type AnyMap, type AnySeq, mapValue, pairByKey, rootMap, stringValue } from './yaml-nodes';
import { READ_EACH_TIME } from './reads';
import type { TextReads } from './types';
import { type OffsetEdit, type YamlStyle, appendToBlockSeq } from './yaml-edits';
import { enableInFlagValue } from './gate-maps';

const FLAG = `--${FEATURE_GATES_FLAG}`;

function binaryOf(container: AnyMap): string | undefined {
  const command = pairByKey(container, 'command')?.value;
  const first = isSeq(command) && isScalar((command as AnySeq).items[0]) ? String(((command as AnySeq).items[0] as { value: unknown }).value) : '';
  const image = stringValue(container, 'image') ?? '';
  return controlPlaneBinaryIn(first) ?? controlPlaneBinaryIn(image);
}

function flagEdit(text: string, seq: AnySeq, gate: string): OffsetEdit | undefined | 'absent' {
  const items = seq.items;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!isScalar(item) || typeof item.value !== 'string') continue;
    if (item.value.startsWith(`${FLAG}=`)) return enableInFlagValue(text, item, gate, FLAG.length + 1);
    if (item.value === FLAG && isScalar(items[i + 1])) return enableInFlagValue(text, items[i + 1], gate);
  }
  return 'absent';
}

/** Edits for every control-plane container of the file's static Pods whose component is wanted. */
export function staticPodGateEdits(
  text: string,
  gate: string,
  wants: (component: string) => boolean,
  style: YamlStyle,
  reads: TextReads = READ_EACH_TIME,
): { edits: OffsetEdit[]; covers: string[] } {
  const edits: OffsetEdit[] = [];
  const covers: string[] = [];
  for (const d of reads.docs(text)) {
    const root = rootMap(d);
    const containers = root && mapValue(root, 'spec') ? pairByKey(mapValue(root, 'spec')!, 'containers')?.value : undefined;
    if (!isSeq(containers)) continue;
    for (const c of (containers as AnySeq).items) {
      if (!isMap(c)) continue;
      const component = binaryOf(c as AnyMap);
      if (!component || !wants(component)) continue;
      const lists = STATIC_POD.argLists.map((k) => pairByKey(c as AnyMap, k)?.value).filter((v): v is AnySeq => isSeq(v));
      let result: OffsetEdit | undefined | 'absent' = 'absent';
      for (const l of lists) {
        result = flagEdit(text, l, gate);
        if (result !== 'absent') break;
      }
      if (result === 'absent') {
        const target = lists[lists.length - 1];
        result = target && !(target as { flow?: boolean }).flow ? appendToBlockSeq(text, target, [`${FLAG}=${gate}=true`], style) : undefined;
        if (!result) continue;
      }
      if (result) edits.push(result);
      covers.push(component);
    }
  }
  return { edits, covers };
}
