// The cross-version files, rebuilt from every extracted version under <out>/upstream/k8s-<V>/:
// reference/feature-gates.json (the shape `npm run generate` reads: per gate its state per version, stage
// history, KEP and components from kep.yaml) and upstream/served-group-versions.json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compareMinor, type GateState, type VersionedSpec } from './feature-list';
import type { ExtKep } from './keps';
import type { ServedFacts } from './served';
import { readJson } from '../generate/sources';
import { writeJson } from '../generate/write-json';

interface GatesFile {
  kubernetesVersion: string;
  preview: boolean;
  source: { repo: string; commit: string | null; path: string };
  gates: Record<string, GateState>;
  specs: Record<string, VersionedSpec[]>;
  /** Gate → KEP from the `kep:` comments of the gate declarations. */
  kepFromSource?: Record<string, number>;
}

export function extractedVersions(outDir: string): string[] {
  const up = path.join(outDir, 'upstream');
  if (!fs.existsSync(up)) return [];
  return fs
    .readdirSync(up)
    .filter((d) => /^k8s-\d+\.\d+$/.test(d))
    .map((d) => d.slice(4))
    .sort(compareMinor);
}

/** A JSON file of the output, or undefined when the run did not write it. */
export function readIf<T>(file: string): T | undefined {
  return fs.existsSync(file) ? readJson<T>(file) : undefined;
}

const STAGE_WORD: Record<string, string> = { ALPHA: 'Alpha', BETA: 'Beta', GA: 'Stable', DEPRECATED: 'Deprecated' };

/** Which KEP a gate belongs to when several kep.yaml name it: the one with the latest milestone, then the highest number. */
function kepsByGate(keps: ExtKep[]): Map<string, ExtKep[]> {
  const out = new Map<string, ExtKep[]>();
  for (const k of keps) for (const g of k.feature_gates) out.set(g.name, [...(out.get(g.name) ?? []), k]);
  for (const list of out.values()) {
    list.sort((a, b) => compareMinor(b.latest_milestone?.replace(/^v/, '') ?? '0.0', a.latest_milestone?.replace(/^v/, '') ?? '0.0') || b.number - a.number);
  }
  return out;
}

export function combine(outDir: string): string[] {
  const versions = extractedVersions(outDir);
  const written: string[] = [];
  const gateFiles = new Map<string, GatesFile>();
  const served: Record<string, ServedFacts & { preview: boolean }> = {};
  for (const v of versions) {
    const g = readIf<GatesFile>(path.join(outDir, 'upstream', `k8s-${v}`, 'gates.json'));
    if (g) gateFiles.set(v, g);
    const s = readIf<ServedFacts & { preview: boolean }>(path.join(outDir, 'upstream', `k8s-${v}`, 'served.json'));
    if (s) served[v] = { preview: s.preview, servedByDefault: s.servedByDefault, servedWhenEnabled: s.servedWhenEnabled, notServed: s.notServed };
  }
  if (gateFiles.size) {
    const keps = readIf<{ keps: ExtKep[] }>(path.join(outDir, 'reference', 'keps.json'))?.keps ?? [];
    const byGate = kepsByGate(keps);
    const gateVersions = [...gateFiles.keys()];
    const newest = gateFiles.get(gateVersions[gateVersions.length - 1]) as GatesFile;
    const names = new Set<string>();
    for (const f of gateFiles.values()) for (const n of Object.keys(f.specs)) names.add(n);
    const gates = [...names].sort().map((name) => {
      const specs = newest.specs[name] ?? [...gateFiles.values()].reverse().find((f) => f.specs[name])?.specs[name] ?? [];
      const stages = specs.map((s, i) => ({
        stage: STAGE_WORD[s.preRelease.toUpperCase()] ?? s.preRelease,
        default: s.default,
        since: s.version,
        until: i + 1 < specs.length ? previousMinor(specs[i + 1].version) : null,
        locked: s.lockToDefault,
      }));
      const by_version: Record<string, unknown> = {};
      let removedIn: string | undefined;
      let seen = false;
      for (const [v, f] of gateFiles) {
        const s = f.gates[name];
        if (s) {
          seen = true;
          removedIn = undefined;
          by_version[v] = { exists: true, stage: STAGE_WORD[s.stage?.toUpperCase() ?? ''] ?? s.stage, default: s.default, locked: s.locked, source: `${f.source.repo}@${f.source.commit ?? 'unknown'}`, ...(f.preview ? { preview: true } : {}) };
        } else {
          if (seen && !removedIn && f.specs[name] === undefined) removedIn = v;
          by_version[v] = { exists: false, source: `${f.source.repo}@${f.source.commit ?? 'unknown'}`, ...(f.preview ? { preview: true } : {}) };
        }
      }
      const kepList = byGate.get(name) ?? [];
      // in kep.yaml order (the first KEP's first)
      const components = [...new Set(kepList.flatMap((k) => k.feature_gates.filter((g) => g.name === name).flatMap((g) => g.components)))];
      // The gate declaration's kep: link first (it names the shipped gate), else the kep.yaml that lists it.
      const declared = [...gateFiles.values()].reverse().find((f) => f.kepFromSource?.[name] !== undefined)?.kepFromSource?.[name];
      return {
        name,
        summary: '',
        kep: declared ?? kepList[0]?.number ?? null,
        ...(declared !== undefined ? { kep_source: 'gate declaration' } : kepList.length ? { kep_source: 'kep.yaml' } : {}),
        keps: kepList.map((k) => k.number),
        components: components.length ? components : null,
        stages,
        by_version,
        ...(removedIn ? { removed_in: removedIn } : {}),
      };
    });
    writeJson(path.join(outDir, 'reference'), 'feature-gates.json', {
      versions: gateVersions,
      sources: Object.fromEntries([...gateFiles].map(([v, f]) => [v, f.source])),
      gates,
      gates_not_on_page: {},
      names_that_are_not_gates: {},
      meta_gates: {},
    });
    written.push('reference/feature-gates.json');
  }
  if (Object.keys(served).length) {
    writeJson(path.join(outDir, 'upstream'), 'served-group-versions.json', { versions: served });
    written.push('upstream/served-group-versions.json');
  }
  if (writeConfigIndex(outDir)) written.push('upstream/configs/index.json');
  return written;
}

/**
 * upstream/configs/index.json: each config kind (component, apiVersion, kind, root type) with the folder of each
 * minor that declares it (`k8s-<V>` → `configs/<component>/k8s-<V>`), from the extracted kinds.json files.
 */
export function writeConfigIndex(outDir: string): boolean {
  const root = path.join(outDir, 'upstream', 'configs');
  if (!fs.existsSync(root)) return false;
  const entries = new Map<string, { component: string; apiVersion: string; kind: string; rootType: string; dirs: Record<string, string> }>();
  for (const component of fs.readdirSync(root).sort()) {
    const cdir = path.join(root, component);
    if (!fs.statSync(cdir).isDirectory()) continue;
    const labels = fs.readdirSync(cdir).filter((l) => /^k8s-\d+\.\d+$/.test(l)).sort((a, b) => compareMinor(a.slice(4), b.slice(4)));
    for (const label of labels) {
      const kinds = readIf<{ kinds: { apiVersion: string; kind: string; rootType: string }[] }>(path.join(cdir, label, 'kinds.json'))?.kinds ?? [];
      for (const k of kinds) {
        const key = `${component}\t${k.apiVersion}\t${k.kind}\t${k.rootType}`;
        const e = entries.get(key) ?? { component, apiVersion: k.apiVersion, kind: k.kind, rootType: k.rootType, dirs: {} };
        e.dirs[label] = `configs/${component}/${label}`;
        entries.set(key, e);
      }
    }
  }
  writeJson(root, 'index.json', { schema: 'k8s-config-index/v1', configs: [...entries.values()] });
  return true;
}

export function previousMinor(v: string): string {
  const [major, minor] = v.split('.').map(Number);
  return `${major}.${minor - 1}`;
}
