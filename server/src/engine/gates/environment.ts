// The gate-state model: where a gate is on, with evidence. Sources, strongest first:
//   1. explicit settings (editor setting / CLI --feature-gates, every component);
//   2. the live cluster (only the components it reveals);
//   3. repo configs (discovered or --config) plus the checked file's own config documents.
// Within a source a `false` wins; AllAlpha/AllBeta apply only when the gate itself is not set there.
// Conflicts between sources are kept as notes and extra evidence, never hidden.
import type { ClusterSnapshot } from '../base/cluster-snapshot';
import type { GateCatalog } from '../knowledge/data-contract';
import type { GateEnvironment, GateSetting, GateState, RuntimeConfigEntry } from '../model';
import type { Evidence, Range } from '../base/types';
import { clusterGateView, type ClusterGateView } from './cluster-source';
import type { ConfigDocInfo } from './config-readers';
import { folderAndName, kubeadmCoverageEvidence, settingEvidence } from './evidence';
import { append } from '../base/append';
import { versionOf } from '../base/api-version';
import { compareVersions, minorText } from '../base/kube-version';

/** Component name meaning "the gate has no known components": any setting of the gate counts. */
export const ANY_COMPONENT = '';

interface GateSourcesInput {
  catalog: GateCatalog;
  version: string;
  /** Explicit settings (origin 'setting'), e.g. from explicitSettings(['A=true']). */
  explicit?: GateSetting[];
  /** Explicit `--runtime-config` entries. */
  explicitRuntimeConfig?: RuntimeConfigEntry[];
  cluster?: ClusterSnapshot;
  /** Repo configs that apply to the checked manifest. */
  configs?: ConfigDocInfo[];
}

/** Settings of one source layer plus the components it fully describes (kubeadm). */
interface ConfigLayer {
  settings: GateSetting[];
  coverage: { component: string; file?: string; range: Range }[];
}

interface Resolution {
  state: GateState;
  evidence: Evidence[];
}

function applies(s: GateSetting, component: string): boolean {
  return component === ANY_COMPONENT || s.components === 'all' || s.components.includes(component);
}

export class GateStateModel implements GateEnvironment {
  readonly notes: string[] = [];
  private readonly cluster?: ClusterGateView;
  private readonly explicit: GateSetting[];
  private readonly configs: ConfigLayer;

  constructor(
    private readonly input: GateSourcesInput,
    extraConfigs: ConfigLayer = { settings: [], coverage: [] },
  ) {
    this.explicit = (input.explicit ?? []).filter((s) => s.value !== undefined);
    const fromRepo: ConfigLayer = { settings: [], coverage: [] };
    for (const c of input.configs ?? []) {
      append(fromRepo.settings, c.settings.filter((s) => s.value !== undefined));
      for (const component of c.covers) fromRepo.coverage.push({ component, file: c.file, range: c.range });
    }
    this.configs = {
      settings: [...fromRepo.settings, ...extraConfigs.settings.filter((s) => s.value !== undefined)],
      coverage: [...fromRepo.coverage, ...extraConfigs.coverage],
    };
    if (input.cluster) {
      this.cluster = clusterGateView(input.cluster);
      append(this.notes, this.cluster.notes);
    }
    append(this.notes, [...conflictNotes('explicit settings', this.explicit), ...conflictNotes('configs', this.configs.settings)]);
    for (const c of input.configs ?? []) {
      for (const n of c.namedVersions) {
        const minor = minorText(n.version, 'prefix');
        if (minor && compareVersions(minor, input.version) !== 0) {
          // Named with its folder: in a repository of several configs, kind.yaml alone does not say which.
          const note = `${c.file ? folderAndName(c.file) : 'A config'} names Kubernetes ${n.version} (${n.what}), but the check targets ${input.version}.`;
          // One note per fact: kind nodes naming the same image give one.
          if (!this.notes.includes(note)) this.notes.push(note);
        }
      }
    }
  }

  /** The same sources with the checked file's own config documents added to the config layer. */
  withFileConfigs(settings: GateSetting[], coverage: { component: string; file?: string; range: Range }[] = []): GateStateModel {
    return new GateStateModel(this.input, { settings, coverage });
  }

  stateOf(gate: string, component: string): { state: GateState; evidence: Evidence[] } {
    // A gate locked to its default has that state everywhere, whatever a setting says (a contrary setting is a
    // locked-gate finding of its own).
    const v = this.input.catalog.gates[gate]?.byVersion[this.input.version];
    if (v?.exists === true && v.locked === true && typeof v.default === 'boolean') {
      return {
        state: v.default ? 'on' : 'off',
        evidence: [{ source: { type: 'default', version: this.input.version }, message: `${gate} is locked ${v.default ? 'on' : 'off'} in Kubernetes ${this.input.version}` }],
      };
    }
    const explicit = this.fromSettings(this.explicit, gate, component);
    const cluster = this.fromCluster(gate, component);
    const configs = this.fromConfigs(gate, component);
    const layers = [explicit, cluster, configs].filter((r): r is Resolution => r !== undefined);
    if (layers.length === 0) return { state: 'unknown', evidence: [] };
    const winner = layers[0]!;
    // Weaker sources that disagree are shown as extra evidence (conflicts are not hidden).
    const disagreeing = layers.slice(1).filter((r) => r.state !== winner.state && r.state !== 'unknown');
    const evidence = [...winner.evidence];
    for (const d of disagreeing) {
      for (const e of d.evidence) evidence.push({ source: e.source, message: `${e.message} (overridden by a stronger source)` });
    }
    const seen = new Set<string>();
    return { state: winner.state, evidence: evidence.filter((e) => (seen.has(e.message) ? false : (seen.add(e.message), true))) };
  }

  apiEnabled(apiVersion: string): { enabled: boolean; evidence: Evidence[] } | undefined {
    const explicit = fromRuntimeConfig(this.input.explicitRuntimeConfig ?? [], apiVersion);
    if (explicit) return explicit;
    if (this.cluster?.served) {
      const enabled = this.cluster.served.has(apiVersion);
      return {
        enabled,
        evidence: [
          {
            source: { type: 'cluster', context: this.cluster.context, endpoint: this.cluster.endpoint },
            message: `cluster${this.cluster.context ? ` ${this.cluster.context}` : ''} ${enabled ? 'serves' : 'does not serve'} ${apiVersion} (discovery)`,
          },
        ],
      };
    }
    const repo = (this.input.configs ?? []).flatMap((c) => c.runtimeConfig);
    return fromRuntimeConfig(repo, apiVersion);
  }

  private stageOf(gate: string): string | undefined {
    return this.input.catalog.gates[gate]?.byVersion[this.input.version]?.stage;
  }

  private fromSettings(settings: GateSetting[], gate: string, component: string): Resolution | undefined {
    const own = settings.filter((s) => s.gate === gate && applies(s, component));
    if (own.length > 0) {
      const off = own.filter((s) => s.value === false);
      const chosen = off.length > 0 ? off : own;
      return { state: off.length > 0 ? 'off' : 'on', evidence: chosen.map((s) => settingEvidence(s)) };
    }
    const stage = this.stageOf(gate);
    const meta = stage === 'Alpha' ? 'AllAlpha' : stage === 'Beta' ? 'AllBeta' : undefined;
    if (!meta) return undefined;
    const all = settings.filter((s) => s.gate === meta && applies(s, component));
    if (all.length === 0) return undefined;
    const off = all.filter((s) => s.value === false);
    const chosen = off.length > 0 ? off : all;
    return { state: off.length > 0 ? 'off' : 'on', evidence: chosen.map((s) => settingEvidence({ ...s, gate }, meta)) };
  }

  private fromCluster(gate: string, component: string): Resolution | undefined {
    const known = this.cluster?.byComponent.get(component)?.get(gate);
    if (!known) return undefined;
    return { state: known.enabled ? 'on' : 'off', evidence: [known.evidence] };
  }

  private fromConfigs(gate: string, component: string): Resolution | undefined {
    const set = this.fromSettings(this.configs.settings, gate, component);
    if (set) return set;
    if (component === ANY_COMPONENT) return undefined;
    const covered = this.configs.coverage.filter((c) => c.component === component);
    if (covered.length === 0) return undefined;
    return { state: 'off', evidence: covered.map((c) => kubeadmCoverageEvidence(gate, component, c.file, c.range)) };
  }
}

function conflictNotes(what: string, settings: GateSetting[]): string[] {
  const byGate = new Map<string, GateSetting[]>();
  for (const s of settings) byGate.set(s.gate, [...(byGate.get(s.gate) ?? []), s]);
  const notes: string[] = [];
  for (const [gate, list] of byGate) {
    const on = list.filter((s) => s.value === true);
    const off = list.filter((s) => s.value === false);
    const overlap = on.some((a) => off.some((b) => a.components === 'all' || b.components === 'all' || a.components.some((c) => (b.components as string[]).includes(c))));
    if (overlap) {
      // One setting of each side is enough to act on; a file with many copies of a config would repeat them all.
      const shown = [on[0], off[0]].filter((x): x is GateSetting => !!x).map((s) => settingEvidence(s).message);
      const more = on.length + off.length - shown.length;
      notes.push(`Conflicting ${what} for ${gate}: ${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}. A false setting wins.`);
    }
  }
  return notes;
}

function runtimeKeyMatches(key: string, apiVersion: string): 'exact' | 'wide' | undefined {
  if (key === apiVersion) return 'exact';
  const version = versionOf(apiVersion);
  if (key === 'api/all') return 'wide';
  if (key === 'api/alpha' && /alpha\d*$/.test(version)) return 'wide';
  if (key === 'api/beta' && /beta\d*$/.test(version)) return 'wide';
  return undefined;
}

/** `--runtime-config` semantics: an entry naming the group/version beats api/all, api/alpha, api/beta. */
export function fromRuntimeConfig(
  entries: RuntimeConfigEntry[],
  apiVersion: string,
): { enabled: boolean; evidence: Evidence[] } | undefined {
  const matches = entries.map((e) => ({ e, m: runtimeKeyMatches(e.key, apiVersion) })).filter((x) => x.m);
  if (matches.length === 0) return undefined;
  const exact = matches.filter((x) => x.m === 'exact');
  const chosen = (exact.length > 0 ? exact : matches).map((x) => x.e);
  const enabled = chosen.every((e) => e.value);
  return {
    enabled,
    evidence: chosen.map((e) => ({
      source:
        e.origin === 'cluster'
          ? { type: 'cluster' as const, context: '', endpoint: '' }
          : e.origin === 'setting' || !e.file || !e.range
            ? { type: 'setting' as const, name: e.file ?? '--runtime-config' }
            : { type: 'file' as const, file: e.file, range: e.range, what: e.origin === 'kubeadm' ? 'kubeadm apiServer runtime-config' : 'kind runtimeConfig' },
      message: `${e.file ?? '--runtime-config'} sets ${e.key}=${e.value}`,
    })),
  };
}

/** Build the environment for a manifest from explicit settings, a cluster snapshot and repo configs. */
export function buildGateEnvironment(input: GateSourcesInput): GateStateModel {
  return new GateStateModel(input);
}
