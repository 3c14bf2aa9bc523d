// The table of where config kinds keep their gates (engine/gates/gate-places.ts) names apiVersions, kinds and
// paths; every one of them must be what the generated data (schemas/, from ../shared/upstream) says, in every
// supported version. The data, not this table, is the source of the facts: the test fails when they part.
// Internal imports: `gates/messages` (which apiVersions are component configs, a table with no public surface).
// Also `gates/gate-places` (KUBEADM_ARG_PLACES, STATIC_POD: the flag places, checked against the type tables),
// `knowledge` (kindEntry: a kind's entry in the type tables; not public), `knowledge/type-path` (resolveTypePath).
import { describe, expect, it } from 'vitest';
import { GATE_MAP_CONFIGS, KUBEADM_API_VERSION, FEATURE_GATES_KEY, loadVersion, SUPPORTED_VERSIONS } from '../../server/src/engine';
import { KUBEADM_ARG_PLACES, STATIC_POD } from '../../server/src/engine/gates/gate-places';
import { isConfigApiVersion } from '../../server/src/engine/gates/messages';
import { kindEntry } from '../../server/src/engine/knowledge';
import { resolveTypePath } from '../../server/src/engine/knowledge/type-path';

describe.each(SUPPORTED_VERSIONS)('gate places against the data of %s', (version) => {
  const data = loadVersion(version).data;
  const hasPath = (apiVersion: string, kind: string, path: string[]) => {
    const entry = kindEntry(data, apiVersion, kind);
    return !!entry && !!resolveTypePath(data, entry, path)?.field;
  };

  it('each gate-map config is a config kind of its component with a root featureGates map', () => {
    for (const c of GATE_MAP_CONFIGS) {
      const entry = kindEntry(data, c.apiVersion, c.kind);
      expect(entry, `${c.apiVersion} ${c.kind}`).toBeDefined();
      expect(entry!.component, `${c.apiVersion} ${c.kind}`).toBe(c.configKind);
      expect(hasPath(c.apiVersion, c.kind, [FEATURE_GATES_KEY]), `${c.kind}.${FEATURE_GATES_KEY}`).toBe(true);
    }
  });

  it('each kubeadm argument list is a field of its kinds at the apiVersion written in new documents', () => {
    for (const p of KUBEADM_ARG_PLACES) {
      for (const kind of p.kinds) expect(hasPath(KUBEADM_API_VERSION, kind, [p.section, p.args]), `${kind}.${p.section}.${p.args}`).toBe(true);
    }
  });

  it('static Pod flags are lists of a Pod container', () => {
    expect(hasPath(STATIC_POD.apiVersion, STATIC_POD.kind, ['spec', 'containers', '[]', 'flags'])).toBe(false);
    for (const list of STATIC_POD.argLists) {
      expect(hasPath(STATIC_POD.apiVersion, STATIC_POD.kind, ['spec', 'containers', '[]', list]), list).toBe(true);
    }
  });

  it('the config groups of messages are exactly the groups of the data’s config kinds', () => {
    const configApiVersions = new Set(data.kinds.filter((k) => k.component).map((k) => k.apiVersion));
    for (const apiVersion of configApiVersions) expect(isConfigApiVersion(apiVersion), apiVersion).toBe(true);
    const apiKinds = data.kinds.filter((k) => !k.component);
    expect(apiKinds.filter((k) => isConfigApiVersion(k.apiVersion)).map((k) => k.apiVersion)).toEqual([]);
  });
});
