// Controller feature gates (snapshot-controller CSIVolumeGroupSnapshot, Karpenter StaticCapacity, NodeOverlay, …):
// gates of a component named after the controller. State: an explicit setting
// (`snapshot-controller:CSIVolumeGroupSnapshot=true` in kubegate.featureGates / --feature-gates), else the gate's
// default in the controller release in use. A governed kind or field with the gate off is a `feature-gate` finding.
import { isAlias, isMap, isScalar, type Document, type LineCounter, type Node, type Pair } from 'yaml';
import { finding } from '../codes';
import { rangeOf } from '../parse/ranges';
import type { Finding } from '../codes/finding';
import type { Range } from '../base/types';
import type { CrdCatalog } from './catalog';
import type { ControllerGateFact } from './crd-data';

/** Splits `controller:Gate` entries from Kubernetes gate entries (`Name`). */
export function splitControllerGates(gates: Record<string, boolean>): { controller: Record<string, boolean>; kubernetes: Record<string, boolean> } {
  const controller: Record<string, boolean> = {};
  const kubernetes: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(gates)) (isControllerGateName(k) ? controller : kubernetes)[k] = v;
  return { controller, kubernetes };
}

export function isControllerGateName(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]*:[A-Za-z0-9]+$/.test(name);
}

interface ControllerGateUse {
  fact: ControllerGateFact;
  release: string;
  stage?: string;
  default?: boolean;
  /** '(kind)' or the field path. */
  path: string;
  range: Range;
}

interface GateContext {
  lineCounter: LineCounter;
  doc: Document.Parsed;
  document: number;
  findings: Finding[];
}

/** Kinds and fields of this document governed by a controller gate of the releases in use. */
export function controllerGateUses(
  ctx: GateContext,
  catalog: CrdCatalog,
  group: string,
  version: string,
  kind: string,
  root: Node,
  kindRange: Range,
): ControllerGateUse[] {
  const uses: ControllerGateUse[] = [];
  for (const g of catalog.controllerGates()) {
    if (!g.exists) continue;
    const base = { fact: g.fact, release: g.release, stage: g.stage, default: g.default };
    if (g.fact.governsKinds.some((k) => k.group === group && k.kind === kind && (!k.version || k.version === version))) {
      uses.push({ ...base, path: '(kind)', range: kindRange });
    }
    for (const f of g.fact.governsFields) {
      if (f.group !== group || f.kind !== kind || f.version !== version) continue;
      const keyRange = keyRangeAt(ctx, root, f.path.split('.'));
      if (keyRange) uses.push({ ...base, path: f.path, range: keyRange });
    }
  }
  return uses;
}

function keyRangeAt(ctx: GateContext, root: Node, segments: string[]): Range | undefined {
  let node: Node | null | undefined = root;
  let range: Range | undefined;
  for (const seg of segments) {
    for (let i = 0; node && isAlias(node) && i < 50; i++) node = (node.resolve(ctx.doc) as Node | undefined) ?? null;
    if (!node || !isMap(node) || seg.includes('[')) return undefined;
    const pair: Pair<Node | null, Node | null> | undefined = (node.items as Pair<Node | null, Node | null>[]).find((p) => isScalar(p.key) && String(p.key.value) === seg);
    if (!pair?.key?.range) return undefined;
    range = rangeOf(ctx.lineCounter, pair.key.range[0], pair.key.range[1]);
    node = pair.value;
  }
  return range;
}

function controllerGateState(catalog: CrdCatalog, use: Pick<ControllerGateUse, 'fact' | 'default'>): { on: boolean | undefined; from: 'setting' | 'default' } {
  const set = catalog.controllerGateSetting(use.fact.controller, use.fact.name);
  if (set !== undefined) return { on: set, from: 'setting' };
  return { on: use.default, from: 'default' };
}

export function controllerGateFindings(ctx: GateContext, catalog: CrdCatalog, uses: ControllerGateUse[]): void {
  for (const use of uses) {
    const state = controllerGateState(catalog, use);
    if (state.on !== false) continue;
    const { fact } = use;
    const stage = use.stage ?? 'stage unknown';
    const subject = use.path === '(kind)' ? 'objects of this kind' : use.path;
    const effect =
      use.path === '(kind)'
        ? `${fact.controller} does not act on ${subject} while ${fact.name} is off`
        : `${fact.controller} ignores ${use.path} while ${fact.name} is off`;
    ctx.findings.push(finding('feature-gate', {
      message: `${use.path === '(kind)' ? 'This kind' : use.path.replace(/^.*\./, '')} needs ${fact.controller} gate ${fact.name} (${stage}, ${state.from === 'setting' ? 'set off' : 'off by default'})`,
      fix:
        `Start ${fact.controller} with --feature-gates=${fact.name}=true, then tell Kubegate: ` +
        `kubegate.featureGates {"${fact.controller}:${fact.name}": true} (CLI: --feature-gates ${fact.controller}:${fact.name}=true).`,
      detail: `${effect} (${fact.project} ${use.release}). Documentation: ${fact.docs}`,
      range: use.range,
      path: use.path,
      document: ctx.document,
      data: {
        gate: fact.name,
        component: fact.controller,
        stage: use.stage,
        default: use.default,
        release: `${fact.project} ${use.release}`,
        docs: fact.docs,
        setting: `${fact.controller}:${fact.name}`,
      },
    }));
  }
}

/** Markdown for a controller gate (hover). */
export function controllerGateMarkdown(catalog: CrdCatalog, use: Omit<ControllerGateUse, 'range'>): string {
  const state = controllerGateState(catalog, use);
  const { fact } = use;
  const lines = [
    `**Controller feature gate \`${fact.name}\`** of \`${fact.controller}\` — ${use.stage ?? 'stage unknown'}, ` +
      `${use.default === true ? 'on' : use.default === false ? 'off' : 'default unknown'} by default in ${fact.project} ${use.release}`,
    '',
    state.from === 'setting'
      ? `Set ${state.on ? 'on' : 'off'} in settings (\`${fact.controller}:${fact.name}\`).`
      : `Not set: the default applies. Enable it with \`${fact.gateFlag}=${fact.name}=true\` on ${fact.controller} and \`"${fact.controller}:${fact.name}": true\` in \`kubegate.featureGates\`.`,
    '',
    `Documentation: ${fact.docs}`,
  ];
  return lines.join('\n');
}
