// The CRDs that apply to a manifest, strongest source first: the connected cluster, CRD documents in the
// workspace, the bundled ecosystem pack (newest release by default; a selection picks a release or channel,
// e.g. `gateway-api@1.5 experimental`). Also the Gateway API channel in use and controller gate settings.
import { loadSchemaFile } from '../knowledge/load-json';
import type { KnowledgeOptions } from '../knowledge/data-reader';
import type { ChannelRow, ControllerGateFact, CrdDefinition, CrdPack, PackCrd, PackRelease } from './crd-data';
import { parseSelection, type PackSelection } from './selection';
import { shownFile } from './describe';

export const GATEWAY_GROUPS = new Set(['gateway.networking.k8s.io', 'gateway.networking.x-k8s.io']);
const GATEWAY_PROJECT = 'gateway-api';

export { parseSelection } from './selection';

interface CrdCatalogInput {
  cluster?: CrdDefinition[];
  workspace?: CrdDefinition[];
  /** The pack; undefined = load schemas/crds-pack.json (absent file = no pack); null = no pack. */
  pack?: CrdPack | null;
  /** Pack selections (setting `kubegate.customResources.packs`, CLI `--crd-pack`). */
  selections?: string[];
  /** Controller gate settings: `snapshot-controller:CSIVolumeGroupSnapshot` → true. */
  controllerGates?: Record<string, boolean>;
  knowledge?: KnowledgeOptions;
}

interface ChosenRelease {
  project: string;
  tag: string;
  release: PackRelease;
}

export interface CrdCatalog {
  /** The definition of group/kind from the strongest source. */
  lookup(group: string, kind: string): CrdDefinition | undefined;
  /** Every definition that wins (for completion of apiVersion/kind). */
  all(): CrdDefinition[];
  /** Gateway API channel in use, with where it comes from. */
  gatewayChannel(): { channel: 'standard' | 'experimental'; source: string };
  /** Channel differences of the Gateway API release in use (pack data). */
  channelRows(): ChannelRow[];
  /** The Gateway API release the channel rows come from. */
  gatewayRelease(): string | undefined;
  /** The experimental-channel definition of a Gateway API kind in the release in use (for its extra fields). */
  experimentalDefinition(group: string, kind: string): CrdDefinition | undefined;
  /** Controller gates of the releases in use. */
  controllerGates(): { fact: ControllerGateFact; release: string; stage?: string; default?: boolean; exists: boolean }[];
  /** Explicit controller gate state: `snapshot-controller:CSIVolumeGroupSnapshot` → boolean. */
  controllerGateSetting(controller: string, gate: string): boolean | undefined;
  /** Release of a pack project in use. */
  releaseOf(project: string): string | undefined;
  /** For a version the pack's release in use does not serve: the newest bundled release that served it. */
  versionHistory?(group: string, kind: string, version: string): string | undefined;
  notes: string[];
}

const GROUP_PROJECT_ORDER = ['external-snapshotter', 'external-snapshot-metadata', 'gateway-api', 'karpenter', 'karpenter-provider-aws'];

function loadPack(knowledge: KnowledgeOptions | undefined): CrdPack | undefined {
  try {
    return loadSchemaFile<CrdPack>('crds-pack.json', knowledge ?? {});
  } catch {
    return undefined;
  }
}

const packGroups = new WeakMap<CrdPack, Set<string>>();

/** Whether the bundled pack defines a kind of `group` in any of its releases and channels. */
export function packDefinesGroup(group: string, knowledge?: KnowledgeOptions): boolean {
  const pack = loadPack(knowledge);
  if (!pack) return false;
  let groups = packGroups.get(pack);
  if (!groups) {
    groups = new Set();
    for (const p of Object.values(pack.projects)) {
      for (const r of p.releases) for (const c of [...(r.crds ?? []), ...(r.channels?.experimental ?? [])]) groups.add(c.group);
    }
    packGroups.set(pack, groups);
  }
  return groups.has(group);
}

function tagMatches(tag: string, release: string): boolean {
  const t = tag.replace(/^v/, '');
  return t === release || t.startsWith(`${release}.`);
}

const packDefinitions = new WeakMap<PackCrd, CrdDefinition>();

export function definitionOfPackCrd(pack: CrdPack, crd: PackCrd, name: string, channel?: string, bundleVersion?: string): CrdDefinition {
  const hit = packDefinitions.get(crd);
  if (hit) return hit;
  const def: CrdDefinition = {
    group: crd.group,
    kind: crd.kind,
    plural: crd.plural,
    ...(crd.listKind ? { listKind: crd.listKind } : {}),
    scope: crd.scope,
    versions: crd.versions.map((v) => ({
      name: v.name,
      served: v.served,
      storage: v.storage,
      ...(v.deprecated ? { deprecated: true } : {}),
      ...(v.deprecationWarning ? { deprecationWarning: v.deprecationWarning } : {}),
      ...(v.schema && pack.schemas[v.schema] ? { schema: pack.schemas[v.schema] } : {}),
    })),
    ...(channel ? { channel } : {}),
    ...(bundleVersion ? { bundleVersion } : {}),
    source: { kind: 'pack', name },
  };
  packDefinitions.set(crd, def);
  return def;
}

const keyOf = (group: string, kind: string) => `${group}/${kind}`;

export function buildCrdCatalog(input: CrdCatalogInput = {}): CrdCatalog {
  const notes: string[] = [];
  const selections: PackSelection[] = [];
  for (const s of input.selections ?? []) {
    const sel = parseSelection(s);
    if (sel) selections.push(sel);
    else notes.push(`Custom-resource pack selection "${s}" is not understood (write e.g. gateway-api@1.5 experimental).`);
  }
  let settingChannel: 'standard' | 'experimental' | undefined;
  for (const sel of selections) if (sel.channel && (!sel.project || sel.project === GATEWAY_PROJECT)) settingChannel = sel.channel;

  const byKey = new Map<string, CrdDefinition>();
  const addAll = (defs: CrdDefinition[] | undefined, into = byKey) => {
    for (const d of defs ?? []) if (!byKey.has(keyOf(d.group, d.kind)) && !into.has(keyOf(d.group, d.kind))) into.set(keyOf(d.group, d.kind), d);
  };
  addAll(input.cluster);
  addAll(input.workspace);

  // Gateway channel: cluster CRD annotation → workspace CRD annotation → selection/setting → standard.
  const channelFrom = (defs: CrdDefinition[] | undefined) =>
    defs?.find((d) => GATEWAY_GROUPS.has(d.group) && (d.channel === 'standard' || d.channel === 'experimental'));
  const fromCluster = channelFrom(input.cluster);
  const fromWorkspace = channelFrom(input.workspace);
  const channel: { channel: 'standard' | 'experimental'; source: string } = fromCluster
    ? { channel: fromCluster.channel as 'standard' | 'experimental', source: `the cluster's ${fromCluster.kind} CRD` }
    : fromWorkspace
      ? { channel: fromWorkspace.channel as 'standard' | 'experimental', source: shownFile(fromWorkspace) }
      : settingChannel
        ? { channel: settingChannel, source: 'settings' }
        : { channel: 'standard', source: 'the default' };

  // The bundled pack is read when something asks for it: a manifest of built-in kinds only never needs it.
  let packState: PackState | undefined;
  const packed = (): PackState => (packState ??= choosePack(input, selections, notes));
  // Selections name pack releases: what they do not match is a note, so the pack is read at once.
  if (selections.length > 0) packed();

  const experimentalDefinition = (group: string, kind: string): CrdDefinition | undefined => {
    const { pack, gatewayChosen } = packed();
    const crd = gatewayChosen?.release.channels?.experimental?.find((c) => c.group === group && c.kind === kind);
    return crd && pack ? definitionOfPackCrd(pack, crd, `${GATEWAY_PROJECT} ${gatewayChosen!.tag} experimental`, 'experimental', gatewayChosen!.tag) : undefined;
  };

  const gateSettings = new Map<string, boolean>();
  for (const [k, v] of Object.entries(input.controllerGates ?? {})) gateSettings.set(k, v);

  return {
    lookup: (group, kind) => byKey.get(keyOf(group, kind)) ?? packed().byKey.get(keyOf(group, kind)),
    all: () => [...byKey.values(), ...packed().byKey.values()],
    gatewayChannel: () => channel,
    channelRows: () => packed().gatewayChosen?.release.channelRows ?? [],
    gatewayRelease: () => packed().gatewayChosen?.tag,
    experimentalDefinition,
    controllerGates: () => {
      const { pack, chosen } = packed();
      const out: ReturnType<CrdCatalog['controllerGates']> = [];
      for (const fact of pack?.controllerGates ?? []) {
        const tag = chosen.get(fact.project)?.tag;
        if (!tag) continue;
        const r = fact.byRelease[tag];
        const exists = r ? r.exists !== false : true;
        out.push({ fact, release: tag, stage: r?.stage ?? fact.stage, default: r?.default, exists });
      }
      return out;
    },
    controllerGateSetting: (controller, gate) => gateSettings.get(`${controller}:${gate}`),
    releaseOf: (project) => packed().chosen.get(project)?.tag,
    versionHistory: (group, kind, version) => {
      for (const [project, p] of Object.entries(packed().pack?.projects ?? {})) {
        for (const r of p.releases) {
          const crds = r.crds ?? r.channels?.experimental ?? [];
          const crd = crds.find((x) => x.group === group && x.kind === kind);
          if (crd?.versions.some((v) => v.name === version && v.served)) return `${project} ${r.tag}`;
        }
      }
      return undefined;
    },
    notes,
  };

  /** The pack's releases in use and the definitions they add (after the cluster's and the workspace's). */
  function choosePack(inputs: CrdCatalogInput, sels: PackSelection[], out: string[]): PackState {
    const pack = inputs.pack === null ? undefined : (inputs.pack ?? loadPack(inputs.knowledge));
    const chosen = new Map<string, ChosenRelease>();
    const defs = new Map<string, CrdDefinition>();
    if (!pack) return { pack, chosen, byKey: defs };
    for (const [project, p] of Object.entries(pack.projects)) {
      const sel = sels.find((s) => s.project === project && s.release);
      let release = p.releases[0];
      if (sel?.release) {
        const match = p.releases.find((r) => tagMatches(r.tag, sel.release!));
        if (match) release = match;
        else out.push(`${project} has no bundled release ${sel.release} (bundled: ${p.releases.map((r) => r.tag).join(', ')}); using ${release?.tag}.`);
      }
      if (release) chosen.set(project, { project, tag: release.tag, release });
    }
    for (const sel of sels) if (sel.project && !pack.projects[sel.project]) out.push(`No bundled CRDs for "${sel.project}" (bundled: ${Object.keys(pack.projects).join(', ')}).`);
    // The installed Gateway API release (bundle-version annotation of a cluster / workspace CRD) picks the bundled
    // release whose channel differences apply, unless a selection names a release.
    const installed = [...(inputs.cluster ?? []), ...(inputs.workspace ?? [])].find((d) => GATEWAY_GROUPS.has(d.group) && d.bundleVersion)?.bundleVersion;
    const gatewayProject = pack.projects[GATEWAY_PROJECT];
    if (installed && gatewayProject && !sels.some((sel) => sel.project === GATEWAY_PROJECT && sel.release)) {
      const match = gatewayProject.releases.find((r) => r.tag === installed) ?? gatewayProject.releases.find((r) => tagMatches(r.tag, installed.replace(/^v/, '').split('.').slice(0, 2).join('.')));
      if (match) chosen.set(GATEWAY_PROJECT, { project: GATEWAY_PROJECT, tag: match.tag, release: match });
    }
    for (const project of [...GROUP_PROJECT_ORDER, ...Object.keys(pack.projects)]) {
      const c = chosen.get(project);
      if (!c) continue;
      const name = `${project} ${c.tag}`;
      if (c.release.crds) addAll(c.release.crds.map((crd) => definitionOfPackCrd(pack, crd, name)), defs);
      // The walk uses the experimental CRDs (a superset); channel findings flag what the channel in use lacks.
      if (c.release.channels) addAll((c.release.channels.experimental ?? []).map((crd) => definitionOfPackCrd(pack, crd, `${name} experimental`, 'experimental', c.tag)), defs);
    }
    return { pack, chosen, byKey: defs, gatewayChosen: chosen.get(GATEWAY_PROJECT) };
  }
}

interface PackState {
  pack: CrdPack | undefined;
  chosen: Map<string, ChosenRelease>;
  /** Pack definitions of kinds neither the cluster nor the workspace defines. */
  byKey: Map<string, CrdDefinition>;
  gatewayChosen?: ChosenRelease;
}
