// The derived-facts store as the project model uses it (Project's `store` option; the CLI and the server hand it
// the user's cache folder): a stored value of the derivation's shape is used instead of a parse; an entry that
// does not read back as JSON or is not of that shape is parsed again and stored over, never a wrong answer; the
// gate configs and the CRDs of one file are two derivations, stored apart. Through the public engine API with an
// in-memory store.
import { describe, expect, it } from 'vitest';
import { Project, type DerivedStore } from '../../server/src/engine';
import { widgetCrd } from '../support/crd-text';
import { memoryHost } from '../support/fixture';

const ROOT = '/repo';
const KIND = 'apiVersion: kind.x-k8s.io/v1alpha4\nkind: Cluster\nfeatureGates:\n  DRAOptionalNodeOperations: true\n';
const CONFIG = `${ROOT}/kind.yaml`;
const CRDS = `${ROOT}/crds.yaml`;
const FILES = [
  { path: 'kind.yaml', text: KIND },
  { path: 'crds.yaml', text: widgetCrd() },
];

/** A store in memory, recording what is asked and written. */
function memoryStore(): DerivedStore & { entries: Map<string, string>; gets: string[] } {
  const entries = new Map<string, string>();
  const gets: string[] = [];
  const key = (what: string, file: string, text: string) => JSON.stringify([what, file, text]);
  return {
    entries,
    gets,
    get(what, file, text) {
      gets.push(what);
      return entries.get(key(what, file, text));
    },
    set(what, file, text, value) {
      entries.set(key(what, file, text), value);
    },
  };
}

/** The gate configs of kind.yaml, named as a `configFiles` list names it. */
const configsOf = (p: Project) => p.named.of({ configFiles: { base: ROOT, entries: ['kind.yaml'] } }).namedConfigs ?? [];

const project = (store?: DerivedStore) => new Project(memoryHost(ROOT, FILES), { fallbackRoot: ROOT, ...(store ? { store } : {}) });

/** The one stored entry whose derivation name matches. */
function entryOf(store: ReturnType<typeof memoryStore>, what: RegExp): [string, string] {
  const found = [...store.entries].filter(([k]) => what.test((JSON.parse(k) as string[])[0]!));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('the derived-facts store seen from the project', () => {
  it('without a store every project parses; with one, a second project reads what the first stored', () => {
    const plain = project();
    const configs = configsOf(plain);
    const crds = plain.named.crdsOfFiles([CRDS]);
    expect(configs.map((c) => c.settings.map((s) => `${s.gate}=${s.value}`))).toEqual([['DRAOptionalNodeOperations=true']]);
    expect(crds.crds.map((c) => c.kind)).toEqual(['Widget']);
    expect(configsOf(project())).toEqual(configs);

    const store = memoryStore();
    const first = project(store);
    expect(configsOf(first)).toEqual(configs);
    expect(first.named.crdsOfFiles([CRDS])).toEqual(crds);
    expect(first.counters).toMatchObject({ configParses: 1, crdParses: 1, storeHits: 0 });
    // Two derivations of two files: two entries under two names.
    expect(store.entries.size).toBe(2);
    const [[configKey], [crdKey]] = [entryOf(store, /^configs@\d+$/), entryOf(store, /^crds@\d+$/)];
    expect(configKey).not.toBe(crdKey);

    const second = project(store);
    expect(configsOf(second)).toEqual(configs);
    expect(second.named.crdsOfFiles([CRDS])).toEqual(crds);
    expect(second.counters).toMatchObject({ configParses: 0, crdParses: 0, storeHits: 2 });
  });

  it('a stored value of the right shape is what the project answers (it is not parsed again)', () => {
    const store = memoryStore();
    project(store).named.crdsOfFiles([CRDS]);
    const [key] = entryOf(store, /^crds@/);
    store.entries.set(key, JSON.stringify({ defs: [], problems: ['from the store'] }));
    const p = project(store);
    expect(p.named.crdsOfFiles([CRDS])).toEqual({ crds: [], problems: ['from the store'] });
    expect(p.counters).toMatchObject({ crdParses: 0, storeHits: 1 });
  });

  const crdDamage = ['{', 'null', '[]', '3', '"text"', '{"defs": [], "problems": [1]}', '{"defs": [3], "problems": []}', '{"defs": [[]], "problems": []}', '{"defs": [null], "problems": []}', '{"defs": {}, "problems": []}', '{"defs": [], "problems": "no"}', '{"problems": []}', '{"defs": []}'];
  it.each(crdDamage)('a CRD entry %s is parsed again and stored over', (damaged) => {
    const store = memoryStore();
    const good = project(store).named.crdsOfFiles([CRDS]);
    const [key, value] = entryOf(store, /^crds@/);
    store.entries.set(key, damaged);
    const p = project(store);
    expect(p.named.crdsOfFiles([CRDS])).toEqual(good);
    expect(p.counters).toMatchObject({ crdParses: 1, storeHits: 0 });
    expect(store.entries.get(key)).toBe(value);
  });

  const configDamage = ['{', '{}', 'null', '[3]', '[null]', '[[]]', '["kind"]', '{"0": {}}'];
  it.each(configDamage)('a gate-config entry %s is parsed again and stored over', (damaged) => {
    const store = memoryStore();
    const good = configsOf(project(store));
    const [key, value] = entryOf(store, /^configs@/);
    store.entries.set(key, damaged);
    const p = project(store);
    expect(configsOf(p)).toEqual(good);
    expect(p.counters).toMatchObject({ configParses: 1, storeHits: 0 });
    expect(store.entries.get(key)).toBe(value);
  });

  it('an empty list of configs and a CRD file with empty lists are of the right shape', () => {
    const store = memoryStore();
    configsOf(project(store));
    project(store).named.crdsOfFiles([CRDS]);
    store.entries.set(entryOf(store, /^configs@/)[0], '[]');
    store.entries.set(entryOf(store, /^crds@/)[0], '{"defs": [], "problems": []}');
    const p = project(store);
    expect(configsOf(p)).toEqual([]);
    expect(p.named.crdsOfFiles([CRDS])).toEqual({ crds: [], problems: [`${CRDS}: no CustomResourceDefinition in it`] });
    expect(p.counters).toMatchObject({ configParses: 0, crdParses: 0, storeHits: 2 });
  });
});
