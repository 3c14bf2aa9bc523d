// A key that two feature gates govern, picked from the committed schemas/ (no gate name written here), and a
// project fixture where a kind config turns both off: two problems on one key, for the hover and diagnostics tests.
import { manifestFor } from '../gates/manifest-builder';
import { gate, gatedFields } from '../support/committed';

export interface SharedKey {
  version: string;
  apiVersion: string;
  kind: string;
  path: string;
  /** The two gates of the key, in the catalog's order. */
  gates: [string, string];
}

const VERSIONS = ['1.37', '1.36', '1.35', '1.34'];

/** The first field (not a value, not a kind) of a served `/vN` API that two gates govern, both present and not
 *  locked in the version, so that a config can turn both off. */
export function sharedKey(): SharedKey {
  for (const version of VERSIONS) {
    const byPath = new Map<string, { apiVersion: string; kind: string; path: string; gates: string[] }>();
    for (const r of gatedFields(version)) {
      if (r.value !== undefined || r.path.includes('(kind)') || !/\/v\d+$/.test(r.apiVersion)) continue;
      const key = `${r.apiVersion} ${r.kind} ${r.path}`;
      const e = byPath.get(key) ?? { apiVersion: r.apiVersion, kind: r.kind, path: r.path, gates: [] };
      if (!e.gates.includes(r.gate)) e.gates.push(r.gate);
      byPath.set(key, e);
    }
    const usable = (g: string) => gate(g).by_version[version]?.exists === true && !gate(g).by_version[version]?.locked && !!gate(g).kep;
    // A spec field first (a status field is rarely written by hand).
    const pairs = [...byPath.values()].filter((e) => e.gates.length === 2 && e.gates.every(usable));
    const found = pairs.find((e) => !e.path.startsWith('status.')) ?? pairs[0];
    if (found) return { version, apiVersion: found.apiVersion, kind: found.kind, path: found.path, gates: [found.gates[0]!, found.gates[1]!] };
  }
  throw new Error('no field governed by two usable gates in schemas/gated-fields-*.json');
}

/** The kind config that turns both gates off, and the manifest holding the key (checked with the project's target
 *  version set to `k.version`, which the config is read in too). */
export function sharedKeyFiles(k: SharedKey): { config: string; manifest: string; keyLine: number; key: string } {
  const config = ['kind: Cluster', 'apiVersion: kind.x-k8s.io/v1alpha4', 'featureGates:', `  ${k.gates[0]}: false`, `  ${k.gates[1]}: false`, ''].join('\n');
  const { text, at } = manifestFor(k.apiVersion, k.kind, k.path);
  return { config, manifest: text, keyLine: at.line, key: k.path.split('.').pop()!.replace('[]', '') };
}
