// Feature-gate facts of a field, enum value or kind as JSON Schema annotations (`x-kubernetes-feature-gate`),
// and whether a gate is off for the schema's gate environment (the same test as the `feature-gate` finding:
// Alpha, or Beta and off by default, and not known to be on for every component that needs it).
import { describeState, isOffByDefault } from '../gates/catalog-lookup';
import { versionWords } from '../base/kube-version';
import { componentsFor, overallState, statesFor } from '../gates/gate-findings';
import type { GateCatalog } from '../knowledge/data-contract';
import type { GateEnvironment } from '../model';

/** The value of `x-kubernetes-feature-gate` for one gate (an array of these when a field has several). */
export interface GateAnnotation {
  gate: string;
  /** The name the upstream marker uses, when it is an alias of the registered gate. */
  tag?: string;
  /** Stage in the schema's Kubernetes version; null when the gate does not exist there or is not verified. */
  stage: string | null;
  default: boolean | null;
  locked?: true;
  kep?: { number: number; url: string };
  /** Only named in the field's comment (config kinds). */
  fromComment?: true;
  /** Whether the schema's gate environment has the gate on (omitted when it is not off by default). */
  enabled?: boolean;
}

export interface GateContext {
  catalog: GateCatalog;
  version: string;
  environment?: GateEnvironment;
  /** Set inside kubelet, kube-proxy and kube-scheduler config kinds: only that component needs the gate. */
  component?: string;
}

/** True when a use of `gate` gets a `feature-gate` warning in this context (the gate is off). */
export function gateIsOff(ctx: GateContext, gate: string): boolean {
  const state = ctx.catalog.gates[gate]?.byVersion[ctx.version];
  if (!state || !isOffByDefault(state)) return false;
  const components = componentsFor(ctx.catalog, gate, ctx.component ? { component: ctx.component } : undefined);
  return overallState(statesFor(ctx.environment, gate, components)) === 'off';
}

/** Whether a gate is on (the test of gate-conditional declarative rules, as the gate step makes it): every
 *  component that needs it on, none off, else the gate's default in the version. */
export function gateIsOn(ctx: GateContext, gate: string): boolean {
  const state = ctx.catalog.gates[gate]?.byVersion[ctx.version];
  const byDefault = state?.exists === true && state.default === true;
  const states = statesFor(ctx.environment, gate, componentsFor(ctx.catalog, gate));
  if (states.some((s) => s.state === 'off')) return false;
  if (states.length > 0 && states.every((s) => s.state === 'on')) return true;
  return byDefault;
}

export function gateAnnotation(ctx: GateContext, gate: string, extra: { tag?: string; fromComment?: boolean } = {}): GateAnnotation {
  const entry = ctx.catalog.gates[gate];
  const state = entry?.byVersion[ctx.version];
  const exists = state?.exists === true;
  const a: GateAnnotation = {
    gate,
    ...(extra.tag && extra.tag !== gate ? { tag: extra.tag } : {}),
    stage: exists ? (state.stage ?? null) : null,
    default: exists ? (state.default ?? null) : null,
  };
  if (exists && state.locked) a.locked = true;
  if (entry?.kep) a.kep = { number: entry.kep.number, url: entry.kep.url };
  if (extra.fromComment) a.fromComment = true;
  if (state && isOffByDefault(state)) a.enabled = !gateIsOff(ctx, gate);
  return a;
}

/** One line naming the gate, its state in the version and its KEP, e.g.
 *  `Feature gate DRAOptionalNodeOperations (KEP-5945): Alpha, off by default in 1.37.` */
export function gateLine(ctx: GateContext, gate: string, what = 'Feature gate'): string {
  const entry = ctx.catalog.gates[gate];
  const state = entry?.byVersion[ctx.version];
  const kep = entry?.kep ? ` (KEP-${entry.kep.number}, ${entry.kep.url})` : '';
  const words = state ? describeState(state) : 'not in the gate catalog';
  const on = state && isOffByDefault(state) ? (gateIsOff(ctx, gate) ? ' Off for this schema.' : ' On for this schema.') : '';
  return `${what} ${gate}${kep}: ${words} in ${versionWords(ctx.version, state)}.${on}`;
}

/** `x-kubernetes-feature-gate`: one object, or an array when several gates apply. */
export function annotationValue(list: GateAnnotation[]): GateAnnotation | GateAnnotation[] {
  return list.length === 1 ? list[0]! : list;
}
