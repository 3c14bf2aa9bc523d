// `--feature-gates` values (engine/gates/feature-gates-flag.ts): the pairs and their positions in the text, and
// the names kube-apiserver's rules refuse (unknown with did-you-mean, another name of a gate, removed, not yet
// added, locked against the default). The gates of each case are looked up in the catalog of ../shared, not named.
// Internal imports: `gates/feature-gates-flag` (parseFeatureGatesValue: the pairs with offsets the fixes edit),
// `gates/catalog-lookup` (lookupGateName: to find a removed or later gate in the catalog).
import { describe, expect, it } from 'vitest';
import { explicitSettings, gateCatalog, validateFlagGates } from '../../server/src/engine';
import { lookupGateName } from '../../server/src/engine/gates/catalog-lookup';
import { parseFeatureGatesValue } from '../../server/src/engine/gates/feature-gates-flag';

const V = '1.37';

describe('parseFeatureGatesValue', () => {
  it('names, raw values, parsed values and the offsets of name, value and item; empty items skipped', () => {
    const text = ' A = true ,B,,C=maybe, D=';
    expect(parseFeatureGatesValue(text)).toEqual([
      { name: 'A', raw: 'true', value: true, nameStart: 1, nameEnd: 2, valueStart: 5, valueEnd: 9, itemStart: 0, itemEnd: 10 },
      { name: 'B', raw: '', value: undefined, nameStart: 11, nameEnd: 12, valueStart: 12, valueEnd: 12, itemStart: 11, itemEnd: 12 },
      { name: 'C', raw: 'maybe', value: undefined, nameStart: 14, nameEnd: 15, valueStart: 16, valueEnd: 21, itemStart: 14, itemEnd: 21 },
      { name: 'D', raw: '', value: undefined, nameStart: 23, nameEnd: 24, valueStart: 25, valueEnd: 25, itemStart: 22, itemEnd: 25 },
    ]);
    expect(parseFeatureGatesValue('=true')).toEqual([]);
  });

  it('explicitSettings: every component, no document, the source named; a value that is not a boolean is refused', () => {
    expect(explicitSettings(['A=false'], 'cfg')).toEqual([
      { gate: 'A', value: false, raw: 'false', components: 'all', origin: 'setting', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, document: -1, file: 'cfg' },
    ]);
    expect(() => explicitSettings(['A=maybe'])).toThrow('--feature-gates: "A=maybe" is not Name=true|false');
  });
});

describe('validateFlagGates', () => {
  const catalog = gateCatalog();
  const check = (gate: string, value = true, version = V) => validateFlagGates(explicitSettings([`${gate}=${value}`]), catalog, version);

  it('a gate of the version, set either way, is fine unless locked against its default', () => {
    const open = Object.keys(catalog.gates).find((g) => catalog.gates[g]!.byVersion[V]?.exists === true && catalog.gates[g]!.byVersion[V]?.locked !== true)!;
    expect(check(open, true)).toEqual([]);
    expect(check(open, false)).toEqual([]);
    const locked = Object.keys(catalog.gates).find((g) => {
      const s = catalog.gates[g]!.byVersion[V];
      return s?.exists === true && s.locked === true && typeof s.default === 'boolean';
    });
    expect(locked).toBeDefined();
    const state = catalog.gates[locked!]!.byVersion[V]!;
    expect(check(locked!, state.default as boolean)).toEqual([]);
    expect(check(locked!, !state.default)).toEqual([
      {
        gate: locked,
        reason: 'locked',
        message: `--feature-gates: ${locked} is ${state.stage ?? 'stable'} and locked to ${state.default} in Kubernetes ${V}; components refuse ${locked}=${!state.default}. Remove it.`,
      },
    ]);
  });

  it('unknown names: a case-only match first, else near names, else a pointer to explain', () => {
    const gate = 'DRAOptionalNodeOperations';
    expect(check(gate.toLowerCase())).toEqual([
      {
        gate: gate.toLowerCase(),
        reason: 'unknown',
        message: `--feature-gates: unrecognized feature gate ${gate.toLowerCase()} in Kubernetes ${V}. Did you mean ${gate}? (gate names are case-sensitive)`,
        didYouMean: [gate],
      },
    ]);
    const typo = check('DRAOptionalNodeOperation');
    expect(typo[0]!.didYouMean).toContain(gate);
    expect(typo[0]!.message).toMatch(/^--feature-gates: unrecognized feature gate DRAOptionalNodeOperation in Kubernetes 1\.37\. Did you mean .*DRAOptionalNodeOperations/);
    expect(typo[0]!.message).not.toContain('case-sensitive');
    expect(check('Zq')).toEqual([{ gate: 'Zq', reason: 'unknown', message: `--feature-gates: unrecognized feature gate Zq in Kubernetes ${V}. See \`kubegate explain GATE\`.` }]);
  });

  it('another name of a gate, a removed gate, a gate added later', () => {
    const alias = Object.keys(catalog.notGates).find((n) => catalog.notGates[n]!.aliasOf);
    expect(alias).toBeDefined();
    const to = catalog.notGates[alias!]!.aliasOf!;
    expect(check(alias!)).toEqual([
      { gate: alias, reason: 'renamed', message: `--feature-gates: ${alias} is not a feature gate; it is another name of ${to}. Use ${to}.`, didYouMean: [to] },
    ]);
    const removed = Object.keys(catalog.gates).find((g) => {
      const s = lookupGateName(catalog, g, V);
      return s.kind === 'not-a-gate' && s.reason === 'removed' && s.lastIn !== undefined;
    });
    expect(removed).toBeDefined();
    const r = lookupGateName(catalog, removed!, V) as { lastIn: string; replacement?: string };
    const instead = r.replacement ? ` Use ${r.replacement} instead.` : ' Remove it.';
    expect(check(removed!)).toEqual([
      { gate: removed, reason: 'removed', message: `--feature-gates: ${removed} was removed after ${r.lastIn} and is not a gate in Kubernetes ${V}; components refuse to start with it.${instead}` },
    ]);
    const versions = Object.keys(catalog.gates[removed!]!.byVersion).sort();
    const old = versions[0]!;
    const later = Object.keys(catalog.gates).find((g) => {
      const s = lookupGateName(catalog, g, old);
      return s.kind === 'not-a-gate' && s.addedIn !== undefined;
    });
    expect(later).toBeDefined();
    const added = (lookupGateName(catalog, later!, old) as { addedIn: string }).addedIn;
    expect(check(later!, true, old)).toEqual([
      { gate: later, reason: 'not-yet-added', message: `--feature-gates: ${later} is added in Kubernetes ${added}, not in ${old}; components refuse to start with it. Remove it or target ${added}.` },
    ]);
  });
});
