// Reading the gate catalog for one version (engine/gates/catalog-lookup.ts): what a name in a feature-gate setting
// is (a gate, AllAlpha/AllBeta, not verified, renamed, unknown, added later, never registered, removed), whether a
// gate's fields need it switched on, near names, and the words of a version state. A small catalog of made-up gates
// holds each shape the lookup tells apart (the real catalog's cases are tests/gates/catalog-facts.test.ts).
// Internal imports: `gates/catalog-lookup` (the lookup, unit-tested on catalog shapes the real data has only some of).
// Also `knowledge` (the catalog's types GateEntry, GateVersionState).
import { describe, expect, it } from 'vitest';
import { describeState, gateInVersion, isOffByDefault, lookupGateName, similarGateNames } from '../../server/src/engine/gates/catalog-lookup';
import type { GateCatalog } from '../../server/src/engine';
import type { GateEntry, GateVersionState } from '../../server/src/engine/knowledge';

const absent: GateVersionState = { exists: false };
const alpha: GateVersionState = { exists: true, stage: 'Alpha', default: false, locked: false };
const beta: GateVersionState = { exists: true, stage: 'Beta', default: true, locked: false };

function entry(name: string, byVersion: Record<string, GateVersionState>, more: Partial<GateEntry> = {}): GateEntry {
  return { name, summary: '', components: ['kube-apiserver'], byVersion, history: [], onPage: true, ...more };
}

const catalog: GateCatalog = {
  versions: ['1.34', '1.35', '1.36', '1.37'],
  meta: ['AllAlpha', 'AllBeta'],
  notGates: { OldName: { aliasOf: 'NewName', why: 'renamed in 1.30' }, TagOnly: { aliasOf: null, why: 'a tag, not a gate' } },
  gates: {
    NewName: entry('NewName', { '1.36': alpha, '1.37': beta }),
    Unverified: entry('Unverified', { '1.37': { exists: null } }),
    NoRow: entry('NoRow', { '1.36': alpha }),
    Later: entry('Later', { '1.35': absent, '1.36': absent, '1.37': alpha }, { replacedBy: 'NewName' }),
    Designed: entry('Designed', { '1.36': { exists: false, why: 'alpha moved to 1.38' }, '1.37': { exists: false, why: 'alpha moved to 1.38', preview: true } }),
    Gone: entry('Gone', { '1.34': beta, '1.35': beta, '1.36': absent, '1.37': { exists: false, why: 'removed' } }, {
      replacedBy: 'NewName',
      history: [{ stage: 'Beta', default: true, since: '1.30', until: '1.35' }],
    }),
    GoneBefore: entry('GoneBefore', { '1.36': absent, '1.37': absent }, {
      history: [
        { stage: 'Alpha', default: false, since: '1.20', until: '1.22' },
        { stage: 'Beta', default: true, since: '1.23', until: '1.29' },
        { stage: 'GA', default: true, since: '1.30', until: null },
      ],
    }),
  },
};

describe('what a name in a setting is', () => {
  it('a gate of the version, with its entry and state', () => {
    expect(lookupGateName(catalog, 'NewName', '1.37')).toEqual({ kind: 'gate', name: 'NewName', entry: catalog.gates['NewName'], state: beta });
    expect(gateInVersion(catalog, 'NewName', '1.36')).toEqual({ entry: catalog.gates['NewName'], state: alpha });
    expect(gateInVersion(catalog, 'NewName', '1.34')).toBeUndefined();
    expect(gateInVersion(catalog, 'Nothing', '1.37')).toBeUndefined();
  });

  it('AllAlpha and AllBeta; a gate whose state is not verified', () => {
    expect(lookupGateName(catalog, 'AllBeta', '1.37')).toEqual({ kind: 'meta', name: 'AllBeta' });
    expect(lookupGateName(catalog, 'Unverified', '1.37')).toEqual({ kind: 'unverified', name: 'Unverified', entry: catalog.gates['Unverified'] });
    expect(lookupGateName(catalog, 'NoRow', '1.37')).toEqual({ kind: 'unverified', name: 'NoRow', entry: catalog.gates['NoRow'] });
  });

  it('renamed names give the gate; other names that are not gates and names the catalog lacks are unknown', () => {
    expect(lookupGateName(catalog, 'OldName', '1.37')).toEqual({ kind: 'not-a-gate', name: 'OldName', reason: 'renamed', replacement: 'NewName', why: 'renamed in 1.30' });
    expect(lookupGateName(catalog, 'TagOnly', '1.37')).toEqual({ kind: 'not-a-gate', name: 'TagOnly', reason: 'unknown', why: 'a tag, not a gate' });
    expect(lookupGateName(catalog, 'Nothing', '1.37')).toEqual({ kind: 'not-a-gate', name: 'Nothing', reason: 'unknown' });
  });

  it('a gate added in a later version names that version', () => {
    expect(lookupGateName(catalog, 'Later', '1.35')).toEqual({
      kind: 'not-a-gate', name: 'Later', reason: 'unknown', entry: catalog.gates['Later'], addedIn: '1.37', replacement: 'NewName',
    });
  });

  it('a gate never registered in a release gives its reason, and the preview mark of its state', () => {
    expect(lookupGateName(catalog, 'Designed', '1.36')).toEqual({ kind: 'not-a-gate', name: 'Designed', reason: 'unknown', entry: catalog.gates['Designed'], why: 'alpha moved to 1.38', replacement: undefined });
    expect(lookupGateName(catalog, 'Designed', '1.37')).toMatchObject({ reason: 'unknown', preview: true });
  });

  it('a removed gate: its last version among the supported ones, else the end of its history', () => {
    expect(lookupGateName(catalog, 'Gone', '1.37')).toEqual({
      kind: 'not-a-gate', name: 'Gone', reason: 'removed', entry: catalog.gates['Gone'], replacement: 'NewName', lastIn: '1.35', why: 'removed',
    });
    expect(lookupGateName(catalog, 'GoneBefore', '1.37')).toMatchObject({ reason: 'removed', lastIn: '1.29' });
    expect(lookupGateName(catalog, 'GoneBefore', '1.37')).not.toHaveProperty('preview');
  });
});

describe('gate states', () => {
  it('off by default: Alpha, or Beta with default false; nothing that does not exist', () => {
    expect(isOffByDefault(alpha)).toBe(true);
    expect(isOffByDefault({ ...beta, default: false })).toBe(true);
    expect(isOffByDefault(beta)).toBe(false);
    expect(isOffByDefault({ ...beta, default: null })).toBe(false);
    expect(isOffByDefault({ exists: true, stage: 'GA', default: false })).toBe(false);
    expect(isOffByDefault({ ...alpha, exists: null })).toBe(false);
    expect(isOffByDefault({ ...alpha, exists: false })).toBe(false);
  });

  it('in words', () => {
    expect(describeState(absent)).toBe('not a gate in this version');
    expect(describeState({ exists: null })).toBe('not verified for this version');
    expect(describeState(alpha)).toBe('Alpha, off by default');
    expect(describeState(beta)).toBe('Beta, on by default');
    expect(describeState({ exists: true, stage: 'GA', default: true, locked: true })).toBe('GA, on by default, locked to its default');
    expect(describeState({ exists: true, default: null })).toBe('stage unknown, default varies by patch release');
  });

  it('near names among the gates of the version, at most as many as asked', () => {
    const near = { ...catalog, gates: { ...catalog.gates, NewNamf: entry('NewNamf', { '1.37': alpha }), NewNamg: entry('NewNamg', { '1.36': alpha }) } };
    expect(similarGateNames(near, 'NewNam', '1.37')).toEqual(expect.arrayContaining(['NewName', 'NewNamf']));
    expect(similarGateNames(near, 'NewNam', '1.37')).not.toContain('NewNamg');
    expect(similarGateNames(near, 'NewNam', '1.37', 1)).toHaveLength(1);
  });
});
