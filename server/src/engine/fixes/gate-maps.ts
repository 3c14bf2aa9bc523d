// Edits that turn a gate on inside a config: a `featureGates` map (kind Cluster, KubeletConfiguration,
// KubeProxyConfiguration) or a `--feature-gates` style argument list (kubeadm v1beta4 `extraArgs`).
import { isMap, isScalar, isSeq } from 'yaml';
import { type AnyMap, type AnyPair, type AnySeq, nodeRange, pairByKey, stringValue } from './yaml-nodes';
import { parseFeatureGatesValue } from '../gates/feature-gates-flag';
import { FEATURE_GATES_FLAG, FEATURE_GATES_KEY } from '../gates/gate-places';
import {
  type Line,
  type OffsetEdit,
  type YamlStyle,
  appendToBlockMap,
  appendToBlockSeq,
  appendToFlowMap,
  fillEmptyValue,
  isEmptyValue,
  isTrue,
  replaceNode,
  seqItemLines,
} from './yaml-edits';

/** `featureGates: {gate: true}` in a mapping (usually a document root); undefined when already on. */
export function enableInGateMap(text: string, owner: AnyMap, gate: string, style: YamlStyle): OffsetEdit | undefined {
  return setMapEntry(text, owner, FEATURE_GATES_KEY, { key: gate, keyText: gate, valueText: 'true', isSet: isTrue }, style);
}

interface MapEntrySpec {
  key: string;
  /** The key as written (quoted when needed). */
  keyText: string;
  valueText: string;
  /** Whether an existing value already says the same. */
  isSet: (value: unknown) => boolean;
}

/** `owner[mapKey][entry.key] = entry.value`: add the map or the entry, or replace a different value. */
export function setMapEntry(text: string, owner: AnyMap, mapKey: string, entry: MapEntrySpec, style: YamlStyle): OffsetEdit | undefined {
  const pair = pairByKey(owner, mapKey);
  const line = `${entry.keyText}: ${entry.valueText}`;
  if (!pair) return appendToBlockMap(text, owner, [[0, `${mapKey}:`], [1, line]], style);
  const map = pair.value;
  if (isEmptyValue(map)) return fillEmptyValue(text, pair, [[0, line]], style);
  if (!isMap(map)) return undefined;
  const existing = pairByKey(map as AnyMap, entry.key);
  if (existing) return entry.isSet(existing.value) ? undefined : replaceValue(existing, entry.valueText);
  if ((map as { flow?: boolean }).flow) return appendToFlowMap(text, map as AnyMap, line);
  return appendToBlockMap(text, map as AnyMap, [[0, line]], style);
}

function replaceValue(pair: AnyPair, valueText: string): OffsetEdit | undefined {
  if (isEmptyValue(pair.value)) {
    const kr = nodeRange(pair.key);
    const vr = nodeRange(pair.value);
    const at = vr ? vr[0] : kr ? kr[1] + 1 : undefined;
    return at === undefined ? undefined : { start: at, end: vr ? vr[1] : at, newText: vr ? valueText : ` ${valueText}` };
  }
  return replaceNode(pair.value, valueText);
}

/** Offset inside the source text where the content of a plain or quoted scalar starts. */
function contentStart(text: string, node: unknown): number | undefined {
  const r = nodeRange(node);
  if (!r) return undefined;
  return text[r[0]] === '"' || text[r[0]] === "'" ? r[0] + 1 : r[0];
}

/**
 * Turn a gate on in the value of a flag (`A=true,B=true`): append it or flip its value. `prefix` characters of
 * the scalar come before the list (`--feature-gates=` in a command line item).
 */
export function enableInFlagValue(text: string, valueNode: unknown, gate: string, prefix = 0): OffsetEdit | undefined {
  if (!isScalar(valueNode) || typeof valueNode.value !== 'string' || valueNode.value.slice(prefix).trim() === '') {
    if (prefix === 0) return replaceNode(valueNode, `${gate}=true`);
  }
  if (!isScalar(valueNode) || typeof valueNode.value !== 'string') return undefined;
  const full = valueNode.value;
  const head = full.slice(0, prefix);
  const raw = full.slice(prefix);
  const open = contentStart(text, valueNode);
  const r = nodeRange(valueNode);
  if (open === undefined || !r) return undefined;
  const start = open + prefix;
  const found = parseFeatureGatesValue(raw).find((e) => e.name === gate);
  const plainSpan = text.slice(open, r[1]).indexOf(full) === 0; // content stored verbatim (no escapes or folding)
  const q = quoteLike(text, valueNode);
  if (found) {
    if (found.value === true) return undefined;
    if (!plainSpan) return replaceNode(valueNode, `${q}${head}${raw.slice(0, found.itemStart)}${gate}=true${raw.slice(found.itemEnd)}${q}`);
    return { start: start + found.itemStart, end: start + found.itemEnd, newText: `${gate}=true` };
  }
  const body = raw.trimEnd();
  const sep = body === '' || body.endsWith(',') ? '' : ',';
  if (!plainSpan) return replaceNode(valueNode, `${q}${head}${body}${sep}${gate}=true${q}`);
  const at = start + body.length;
  return { start: at, end: at, newText: `${sep}${gate}=true` };
}

function quoteLike(text: string, node: unknown): string {
  const r = nodeRange(node);
  const c = r ? text[r[0]] : '';
  return c === '"' || c === "'" ? c : '';
}

/** kubeadm v1beta4 argument list (`- name: feature-gates` / `value: …`) under `owner[listKey]`. */
export function enableInArgList(text: string, owner: AnyMap, listKey: string, gate: string, style: YamlStyle): OffsetEdit | undefined {
  const entries = [`name: ${FEATURE_GATES_FLAG}`, `value: ${gate}=true`];
  const pair = pairByKey(owner, listKey);
  if (!pair) {
    const depth = style.seqIndented ? 1 : 0;
    return appendToBlockMap(text, owner, [[0, `${listKey}:`], ...seqItemLines(depth, entries)], style);
  }
  const list = pair.value;
  if (isEmptyValue(list)) return fillEmptyValue(text, pair, seqItemLines(0, entries), style, true);
  if (isMap(list)) {
    // v1beta3 map form (`feature-gates: "A=true"`), read without a schema.
    const flag = pairByKey(list as AnyMap, FEATURE_GATES_FLAG);
    if (flag) return enableInFlagValue(text, flag.value, gate);
    const entry = `${FEATURE_GATES_FLAG}: ${gate}=true`;
    return (list as { flow?: boolean }).flow
      ? appendToFlowMap(text, list as AnyMap, entry)
      : appendToBlockMap(text, list as AnyMap, [[0, entry]], style);
  }
  if (!isSeq(list)) return undefined;
  for (const item of (list as AnySeq).items) {
    if (!isMap(item) || stringValue(item as AnyMap, 'name') !== FEATURE_GATES_FLAG) continue;
    const value = pairByKey(item as AnyMap, 'value');
    if (value) return enableInFlagValue(text, value.value, gate);
    return appendToBlockMap(text, item as AnyMap, [[0, `value: ${gate}=true`]], style);
  }
  if ((list as { flow?: boolean }).flow) return undefined;
  return appendToBlockSeq(text, list as AnySeq, entries, style);
}

/** Lines for a new component block (`apiServer:` + `extraArgs:` + the flag item). */
export function componentBlock(componentKey: string, listKey: string, gate: string, style: YamlStyle): Line[] {
  const depth = style.seqIndented ? 2 : 1;
  return [[0, `${componentKey}:`], [1, `${listKey}:`], ...seqItemLines(depth, [`name: ${FEATURE_GATES_FLAG}`, `value: ${gate}=true`])];
}
