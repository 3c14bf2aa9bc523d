// schemas/gates.json against ../shared/reference/feature-gates.json (the only source of stages) and keps.json.
import { describe, expect, it } from 'vitest';
import { featureGatesFile, sharedTitle, type ReferenceGate as RefGate } from '../support/shared';
import { gateCatalog } from '../../server/src/engine';
import { hasShared, readShared } from './shared';

interface Keps {
  keps: { number: number; title: string }[];
}

const stageName = (s: string) => (s === 'Stable' ? 'GA' : s);

describe.skipIf(!hasShared)(sharedTitle('gate catalog against feature-gates.json and keps.json'), () => {
  const fg = hasShared ? featureGatesFile() : undefined;
  const keps = hasShared ? readShared<Keps>('reference', 'keps.json') : undefined;
  const all = (): [string, RefGate, boolean][] => [
    ...(fg?.gates ?? []).map((g): [string, RefGate, boolean] => [g.name, g, true]),
    ...Object.entries(fg?.gates_not_on_page ?? {}).map(([n, g]): [string, RefGate, boolean] => [n, g, false]),
  ];

  it('lists every gate of the page and off the page, nothing else', () => {
    const cat = gateCatalog();
    expect(Object.keys(cat.gates).sort()).toEqual(all().map(([n]) => n).sort());
    expect(cat.versions).toEqual(fg?.versions);
  });

  it('stage, default, lock and existence per version equal by_version for every gate', () => {
    const cat = gateCatalog();
    for (const [name, g, onPage] of all()) {
      const e = cat.gates[name];
      expect(e.onPage, name).toBe(onPage);
      for (const v of fg?.versions ?? []) {
        const ref = g.by_version[v];
        const ours = e.byVersion[v];
        expect(ours.exists, `${name} ${v} exists`).toBe(ref.exists);
        expect(ours.stage, `${name} ${v} stage`).toBe(ref.stage === undefined ? undefined : stageName(ref.stage));
        expect(ours.default, `${name} ${v} default`).toBe(ref.default);
        expect(ours.locked, `${name} ${v} locked`).toBe(ref.locked);
        if (ref.by_patch) {
          expect(ours.byPatch, `${name} ${v} byPatch`).toEqual(Object.fromEntries(ref.by_patch.map((p) => [p.since, p.default])));
        } else {
          expect(ours.byPatch).toBeUndefined();
        }
      }
      expect(e.history.map((h) => [h.stage, h.default, h.since, h.until])).toEqual(
        g.stages.map((s) => [stageName(s.stage), s.default, s.since, s.until]),
      );
      expect(e.summary).toBe(g.summary);
      expect(e.replacedBy).toBe(g.replaced_by);
    }
  });

  it('KEP number comes from the gate entry, its title from keps.json, its link is kep.k8s.io', () => {
    const cat = gateCatalog();
    for (const [name, g] of all()) {
      const e = cat.gates[name];
      if (g.kep === null || g.kep === undefined) {
        expect(e.kep, name).toBeUndefined();
        continue;
      }
      expect(e.kep?.number, name).toBe(g.kep);
      expect(e.kep?.url).toBe(`https://kep.k8s.io/${g.kep}`);
      const titles = (keps?.keps ?? []).filter((k) => k.number === g.kep).map((k) => k.title);
      expect(titles, `${name} KEP-${g.kep} in keps.json`).toContain(e.kep?.title);
    }
  });

  it('components are single lower-case binary names taken from the raw entries', () => {
    const cat = gateCatalog();
    let dropped = 0;
    for (const [name, g] of all()) {
      const raw = (g.components ?? []).flatMap((c) => c.split(',')).map((c) => c.trim().toLowerCase());
      const ours = cat.gates[name].components;
      for (const c of ours) {
        expect(c, name).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
        expect(raw.some((r) => r === c || r.startsWith(`${c} via `)), `${name}: ${c}`).toBe(true);
      }
      for (const r of raw) {
        if (/^[a-z0-9][a-z0-9.-]*$/.test(r)) expect(ours, name).toContain(r);
        else dropped++;
      }
      expect(new Set(ours).size).toBe(ours.length);
    }
    expect(dropped).toBeGreaterThan(0); // the reference has multi-word entries; they must not leak through
  });

  it('names that are not gates and meta gates are carried over', () => {
    const cat = gateCatalog();
    const expected = Object.fromEntries(
      Object.entries(fg?.names_that_are_not_gates ?? {}).map(([n, v]) => [n, { aliasOf: v.alias_of, why: v.why }]),
    );
    expect(cat.notGates).toEqual(expected);
    expect(cat.meta).toEqual(Object.keys(fg?.meta_gates ?? {}).sort());
  });
});
