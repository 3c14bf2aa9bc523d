// kubernetes/kubernetes test/compatibility_lifecycle/reference/versioned_feature_list.yaml → the state of
// every gate at a Kubernetes minor. The list is generated upstream from the gate registrations: per gate, its
// versioned specs (version, preRelease, default, lockToDefault). The spec in force at minor V is the last one
// whose version is ≤ V; a gate whose first spec is later than V does not exist at V, nor does a gate that the
// list of V does not name (removed).
import { parse as parseYaml } from 'yaml';

export interface VersionedSpec {
  version: string;
  preRelease: string;
  default: boolean;
  lockToDefault: boolean;
}

export interface ListedGate {
  name: string;
  specs: VersionedSpec[];
}

/** Gate state at one minor, in the shape of feature-gates.json `by_version` entries. */
export interface GateState {
  exists: boolean;
  stage?: 'Alpha' | 'Beta' | 'GA' | 'Deprecated';
  default?: boolean;
  locked?: boolean;
  /** The minor of the spec in force (when the gate reached this stage). */
  since?: string;
}

export function parseFeatureList(text: string): ListedGate[] {
  const doc = parseYaml(text) as unknown;
  if (!Array.isArray(doc)) throw new Error('versioned feature list: the document is not a list of gates');
  const out: ListedGate[] = [];
  for (const entry of doc as { name?: unknown; versionedSpecs?: unknown }[]) {
    if (typeof entry?.name !== 'string' || !Array.isArray(entry.versionedSpecs)) {
      throw new Error(`versioned feature list: entry without name or versionedSpecs: ${JSON.stringify(entry).slice(0, 80)}`);
    }
    const specs = (entry.versionedSpecs as Record<string, unknown>[]).map((s) => ({
      version: String(s.version),
      preRelease: String(s.preRelease),
      default: s.default === true,
      lockToDefault: s.lockToDefault === true,
    }));
    specs.sort((a, b) => compareMinor(a.version, b.version));
    out.push({ name: entry.name, specs });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function compareMinor(a: string, b: string): number {
  const [am, an] = a.split('.').map(Number);
  const [bm, bn] = b.split('.').map(Number);
  return am - bm || an - bn;
}

const STAGES: Record<string, GateState['stage']> = { ALPHA: 'Alpha', BETA: 'Beta', GA: 'GA', DEPRECATED: 'Deprecated' };

export function stateAt(gate: ListedGate, version: string): GateState {
  let spec: VersionedSpec | undefined;
  for (const s of gate.specs) if (compareMinor(s.version, version) <= 0) spec = s;
  if (!spec) return { exists: false };
  const stage = STAGES[spec.preRelease.toUpperCase()];
  if (!stage) throw new Error(`gate ${gate.name}: unknown preRelease ${spec.preRelease}`);
  return { exists: true, stage, default: spec.default, locked: spec.lockToDefault, since: spec.version };
}

/** Every gate of the list with its state at `version` (gates not yet added are left out). */
export function gatesAt(list: ListedGate[], version: string): Record<string, GateState> {
  const out: Record<string, GateState> = {};
  for (const g of list) {
    const s = stateAt(g, version);
    if (s.exists) out[g.name] = s;
  }
  return out;
}
