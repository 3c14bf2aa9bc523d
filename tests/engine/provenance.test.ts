// No data provenance in what users read: catalog reasons and not-shipped notes record where the answer comes from
// (gate lists, release notes, pull requests, commits); messages keep only the plain part (gates/messages.ts
// plainReason), and the api-not-served detail and hovers of a not-shipped design say what happened, not where
// the catalog read it.
// Internal imports: `gates/messages` (plainReason: the plain part of a catalog reason), `knowledge` (briefFacts: the
// brief's feature facts the test compares with; not public).
import { describe, expect, it } from 'vitest';
import { plainReason } from '../../server/src/engine/gates/messages';
import { gateCatalog } from '../../server/src/engine';
import { briefFacts } from '../../server/src/engine/knowledge';
import { check, V } from './helpers';

const PROVENANCE = /#\d|\bcommit\b|\b[0-9a-f]{8,}\b|@[0-9a-f]{6,}|Gate catalog|\brows?\b|\blists?\b|\.ya?ml\b/i;

describe('plainReason', () => {
  it('keeps what happened and drops where it was read, for every reason of the catalog and the brief data', () => {
    const catalog = gateCatalog();
    const reasons = [
      ...Object.values(catalog.gates).flatMap((g) => Object.values(g.byVersion).map((s) => s.why)),
      ...Object.values(catalog.notGates).map((n) => n.why),
      ...briefFacts().notShippedApis.map((a) => a.note),
      ...briefFacts().notShippedFields.map((f) => f.note),
    ].filter((w): w is string => typeof w === 'string');
    expect(reasons.length).toBeGreaterThan(10);
    for (const why of reasons) {
      const plain = plainReason(why);
      if (plain !== undefined) expect(plain, why).not.toMatch(PROVENANCE);
    }
  });

  it('the checkpoint note: the plain fact only', () => {
    const api = briefFacts().notShippedApis.find((a) => a.kind === 'PodCheckpoint')!;
    expect(plainReason(api.note)).toBe('Not a 1.37 gate: KEP-5823 moved its alpha to 1.38.');
  });
});

describe('messages of a not-shipped design', () => {
  it('api-not-served: message, detail and fix carry no provenance', () => {
    const api = briefFacts().notShippedApis[0]!;
    const [f] = check(`apiVersion: ${api.apiVersion}\nkind: ${api.kind}\nmetadata:\n  name: a\n`).findings;
    expect(f?.code).toBe('api-not-served');
    expect(f!.detail).toBe(`It was designed in KEP-${api.kep} (${api.feature}) but not shipped in Kubernetes ${V}. ${plainReason(api.note)}`);
    for (const text of [f!.message, f!.detail, f!.fix]) expect(text).not.toMatch(PROVENANCE);
  });
});
