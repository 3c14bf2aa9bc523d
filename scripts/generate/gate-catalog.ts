// GateCatalog from the gate catalog input (the extracted reference/feature-gates.json with the reviewed rows
// applied: reviewed-gates.ts; the only source of stages, defaults, locks and gate → KEP links) and keps.json
// (KEP titles).
import type {
  GateCatalog,
  GateEntry,
  GateStage,
  GateVersionState,
} from '../../server/src/engine/knowledge/data-contract';
import type { FeatureGatesFile, KepsFile, RefGate, RefVersionState } from './sources';
import { sortedRecord } from './write-json';

export function gateStage(stage: string): GateStage {
  switch (stage) {
    case 'Alpha':
    case 'Beta':
    case 'Deprecated':
      return stage;
    case 'Stable':
    case 'GA':
      return 'GA';
    default:
      throw new Error(`unknown gate stage ${stage}`);
  }
}

/**
 * Components as corpus README rule 1 normalises them: split at commas, trim, lower-case, drop a trailing
 * "via …", keep only single binary names.
 */
export function normaliseComponents(raw: string[] | null | undefined): string[] {
  const out: string[] = [];
  for (const entry of raw ?? []) {
    for (const part of entry.split(',')) {
      const name = part.trim().toLowerCase().replace(/\s+via\s.*$/, '').trim();
      if (/^[a-z0-9][a-z0-9.-]*$/.test(name) && !out.includes(name)) out.push(name);
    }
  }
  return out;
}

function versionState(s: RefVersionState): GateVersionState {
  const out: GateVersionState = { exists: s.exists };
  if (s.stage !== undefined) out.stage = gateStage(s.stage);
  if (s.default !== undefined) out.default = s.default;
  if (s.locked !== undefined) out.locked = s.locked;
  if (s.by_patch?.length) {
    out.byPatch = Object.fromEntries(s.by_patch.map((p) => [p.since, p.default]));
  }
  if (s.why !== undefined) out.why = s.why;
  if (s.preview === true) out.preview = true;
  return out;
}

function kepTitle(keps: KepsFile, number: number, gate: string): string | undefined {
  const matches = keps.keps.filter((k) => k.number === number);
  if (matches.length === 0) return undefined;
  const byGate = matches.find((k) => (k.feature_gates ?? []).some((g) => g.name === gate));
  return (byGate ?? matches[0]).title;
}

function gateEntry(g: RefGate, onPage: boolean, versions: string[], keps: KepsFile): GateEntry {
  const e: GateEntry = {
    name: g.name,
    summary: g.summary,
    components: normaliseComponents(g.components),
    byVersion: {},
    history: g.stages.map((s) => ({ stage: gateStage(s.stage), default: s.default, since: s.since, until: s.until })),
    onPage,
  };
  if (typeof g.kep === 'number') {
    const title = kepTitle(keps, g.kep, g.name);
    e.kep = { number: g.kep, title: title ?? '', url: `https://kep.k8s.io/${g.kep}` };
  }
  for (const v of versions) {
    const s = g.by_version[v];
    e.byVersion[v] = s ? versionState(s) : { exists: null };
  }
  if (g.replaced_by) e.replacedBy = g.replaced_by;
  return e;
}

export function buildGateCatalog(fg: FeatureGatesFile, keps: KepsFile): GateCatalog {
  const gates: Record<string, GateEntry> = {};
  for (const g of fg.gates) gates[g.name] = gateEntry(g, true, fg.versions, keps);
  for (const [name, g] of Object.entries(fg.gates_not_on_page)) {
    if (gates[name]) throw new Error(`gate ${name} is both on and off the page`);
    gates[name] = gateEntry({ ...g, name }, false, fg.versions, keps);
  }
  const notGates: GateCatalog['notGates'] = {};
  for (const [name, v] of Object.entries(fg.names_that_are_not_gates)) notGates[name] = { aliasOf: v.alias_of, why: v.why };
  return {
    versions: [...fg.versions],
    gates: sortedRecord(gates),
    notGates: sortedRecord(notGates),
    meta: Object.keys(fg.meta_gates).sort(),
  };
}
