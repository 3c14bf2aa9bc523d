// What the walker carries through one routed document (or List item), and helpers to record findings.
import type { Document, LineCounter, Node } from 'yaml';
import { finding, type FindingData } from '../codes';
import type { BriefFacts, KindEntry, VersionData } from '../knowledge/data-contract';
import type { GatedUse } from '../model';
import { comparePositions, rangeOf } from '../parse/ranges';
import type { Finding, FindingCode } from '../codes/finding';
import type { Range, Severity } from '../base/types';

export interface WalkContext {
  data: VersionData;
  brief?: BriefFacts;
  text: string;
  lineCounter: LineCounter;
  /** The YAML document, to resolve aliases. */
  doc: Document.Parsed;
  document: number;
  /** The mapping the walk starts at (the object, or the List item): where server field paths begin. */
  root?: Node;
  entry: KindEntry;
  /** True for component config kinds (kubelet, kube-proxy, kube-scheduler, kind, kubeadm). */
  isConfig: boolean;
  /** Set inside kubelet, kube-proxy and kube-scheduler config documents: only that component needs a gate. */
  component?: string;
  findings: Finding[];
  gatedUses: GatedUse[];
  /** Values the decoder refuses (a wrong type, a number beyond its Go type): kube-apiserver stops there, so no
   *  later stage (validation, warnings) reports on them or inside them a second time. */
  refused?: Range[];
}

/** Config kinds whose own component alone needs the gates of their fields (the others
 *  are read by several components). */
const SINGLE_COMPONENT_CONFIGS = new Set(['kubelet', 'kube-proxy', 'kube-scheduler']);

export function gateComponentOf(entry: KindEntry): string | undefined {
  return entry.component && SINGLE_COMPONENT_CONFIGS.has(entry.component) ? entry.component : undefined;
}

export function addFinding<C extends FindingCode>(
  ctx: WalkContext,
  code: C,
  message: string,
  range: Range,
  path: string | undefined,
  data?: FindingData[C],
  extra?: { fix?: string; detail?: string; severity?: Severity },
): void {
  if (laterStage(data) && refusedByDecoder(ctx, range)) return;
  const f = finding(code, { ...(extra?.severity ? { severity: extra.severity } : {}), message, range, document: ctx.document });
  if (extra?.fix) f.fix = extra.fix;
  if (extra?.detail) f.detail = extra.detail;
  if (path !== undefined) f.path = path;
  if (data && Object.keys(data).length > 0) f.data = data;
  ctx.findings.push(f);
}

/** A value the decoder refuses (the walker's type checks): findings of later stages on it are not added. */
export function refuseValue(ctx: WalkContext, range: Range): void {
  (ctx.refused ??= []).push(range);
}

/** True when `range` lies in a value the decoder refused (a later stage says nothing there). */
export function refusedByDecoder(ctx: WalkContext, range: Range): boolean {
  return ctx.refused?.some((r) => within(range, r)) ?? false;
}

function laterStage(data: unknown): boolean {
  const stage = (data as { pipelineStage?: unknown } | undefined)?.pipelineStage;
  return stage === 'validation' || stage === 'warning';
}

function within(inner: Range, outer: Range): boolean {
  return comparePositions(outer.start, inner.start) <= 0 && comparePositions(inner.end, outer.end) <= 0;
}

/** Range of a node's value (without trailing comments); `fallback` when the node has no source. */
export function rangeOfNode(ctx: Pick<WalkContext, 'lineCounter'>, node: Node | null | undefined, fallback?: Range): Range {
  const r = node?.range;
  if (!r || r[1] <= r[0]) return fallback ?? (r ? rangeOf(ctx.lineCounter, r[0], r[0]) : zeroRange());
  return rangeOf(ctx.lineCounter, r[0], r[1]);
}

/** From a key to the end of its value (what the drop stage removes with the key). */
export function extentOf(ctx: WalkContext, keyRange: Range, value: Node | null): Range {
  const end = value?.range ? rangeOfNode(ctx, value, keyRange).end : keyRange.end;
  return { start: keyRange.start, end };
}

function zeroRange(): Range {
  return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
}

/** `core.v1.PodSpec` → `PodSpec` (for messages). */
export function shortTypeName(typeKey: string): string {
  const dot = typeKey.lastIndexOf('.');
  return dot < 0 ? typeKey : typeKey.slice(dot + 1);
}

export function joinPath(parent: string, field: string): string {
  return parent === '' ? field : `${parent}.${field}`;
}
