// The gate catalog (schemas/gates.json): stage/default/lock per version, KEP, components, aliases.
import type { GateCatalog, GateEntry, GateVersionState } from './data-contract';
import { loadSchemaFile } from './load-json';
import type { KnowledgeOptions } from './data-reader';

export function gateCatalog(opts: KnowledgeOptions = {}): GateCatalog {
  return loadSchemaFile<GateCatalog>('gates.json', opts);
}

/** AllAlpha / AllBeta: valid keys of every feature-gate map, not gates. */
export function isMetaGate(name: string, opts: KnowledgeOptions = {}): boolean {
  return gateCatalog(opts).meta.includes(name);
}

/**
 * The registered gate a name stands for. With `viaFieldMarker`, a name that upstream tags use but that is not a
 * gate (names_that_are_not_gates with an alias) resolves to its gate; a component setting of such a name does not.
 */
export function resolveGateName(name: string, viaFieldMarker: boolean, opts: KnowledgeOptions = {}): string | undefined {
  const cat = gateCatalog(opts);
  if (Object.prototype.hasOwnProperty.call(cat.gates, name)) return name;
  if (!viaFieldMarker) return undefined;
  const alias = Object.prototype.hasOwnProperty.call(cat.notGates, name) ? cat.notGates[name].aliasOf : null;
  return alias && Object.prototype.hasOwnProperty.call(cat.gates, alias) ? alias : undefined;
}

interface ResolvedGateState {
  /** The registered gate (alias resolved when asked). */
  gate: string;
  entry: GateEntry;
  state: GateVersionState;
}

/**
 * A gate's state in a version, from byVersion. Undefined when the name is not a gate (for field markers, aliases
 * are resolved first). A state with `exists: false` means not yet added or removed; `null` means not verified.
 */
export function gateState(
  name: string,
  version: string,
  opts: KnowledgeOptions & { viaFieldMarker?: boolean } = {},
): ResolvedGateState | undefined {
  const gate = resolveGateName(name, opts.viaFieldMarker ?? false, opts);
  if (gate === undefined) return undefined;
  const entry = gateCatalog(opts).gates[gate];
  return { gate, entry, state: entry.byVersion[version] ?? { exists: null } };
}

/** True when the gate is on by default in the version; a gate removed after reaching GA counts as on (its feature
 *  stays), one not yet added or removed otherwise as off. */
export function onByDefault(name: string, version: string, opts: KnowledgeOptions = {}): boolean {
  const resolved = gateState(name, version, opts);
  if (!resolved) return false;
  if (resolved.state.exists === true) return resolved.state.default === true;
  const minor = (v: string) => Number(v.split('.')[1] ?? NaN);
  return resolved.state.exists === false && resolved.entry.history.some((h) => h.stage === 'GA' && minor(h.since) <= minor(version));
}
