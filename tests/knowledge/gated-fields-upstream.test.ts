// Every gated field of ../shared/upstream/gated-fields-summary.tsv is in our index with the same gate (aliases
// resolved), and every row we add that the summary lacks has one of the two known reasons.
// Internal imports: `knowledge` (the generated data itself, checked against upstream (the knowledge layer has no
// public surface)).
// Also `knowledge/data-contract` (the generated data's types GatedFieldRow, which the entry point does not export).
import { describe, expect, it } from 'vitest';
import { featureGatesFile, sharedTitle } from '../support/shared';
import type { GatedFieldRow } from '../../server/src/engine/knowledge/data-contract';
import { loadVersion } from '../../server/src/engine';
import { gatedFields, typeOf, fieldOf } from '../../server/src/engine/knowledge';
import { hasShared, readGatedSummary, readShared, type SummaryRow } from './shared';

const VERSIONS = ['1.34', '1.35', '1.36', '1.37'];

interface ConfigIndex {
  configs: { apiVersion: string; kind: string }[];
}
interface Kinds {
  kinds: { apiVersion: string; kind: string; inStructure: boolean }[];
}

/** Our row source for a summary gateSource. */
function ourSource(gateSource: string): GatedFieldRow['source'] {
  if (gateSource === 'tag') return 'tag';
  if (gateSource === 'curated') return 'curated';
  if (gateSource === 'comment') return 'comment';
  if (gateSource.startsWith('enum-value')) return 'enum-value';
  if (gateSource.startsWith('type')) return 'kind';
  throw new Error(`unknown gateSource ${gateSource}`);
}

const key = (r: { apiVersion: string; kind: string; path: string; gate: string; value?: string; source: string }) =>
  [r.apiVersion, r.kind, r.path, r.gate, r.value ?? '', r.source].join(' | ');

describe.skipIf(!hasShared)(sharedTitle('gated-field index against gated-fields-summary.tsv'), () => {
  const summary: SummaryRow[] = hasShared ? readGatedSummary() : [];
  const notGates = hasShared ? featureGatesFile().names_that_are_not_gates : {};
  const configApiVersions = new Set(
    hasShared ? readShared<ConfigIndex>('upstream', 'configs', 'index.json').configs.map((c) => c.apiVersion) : [],
  );
  const resolve = (g: string) => notGates[g]?.alias_of ?? g;

  for (const version of VERSIONS) {
    const rows = summary.filter((r) => r.version === version);

    it(`${version}: every kind-rooted summary row is in our index (API: tag/curated/enum-value/type; config: all)`, () => {
      const ours = new Set(gatedFields(version).map(key));
      const missing: string[] = [];
      let checked = 0;
      for (const r of rows) {
        if (r.kindOrType.startsWith('(type)')) continue;
        const isConfig = configApiVersions.has(r.apiVersion);
        if (!isConfig && r.gateSource === 'comment') continue; // comment gates count for config kinds only
        checked++;
        const k = key({
          apiVersion: r.apiVersion,
          kind: r.kindOrType,
          path: r.path,
          gate: resolve(r.gate),
          value: r.enumValue || undefined,
          source: ourSource(r.gateSource),
        });
        if (!ours.has(k)) missing.push(k);
      }
      expect(checked).toBeGreaterThan(0);
      expect(missing).toEqual([]);
    });

    it(`${version}: type-only summary rows ("(type) X") carry the gate on our type when we have it`, () => {
      const typeRows = rows.filter((r) => r.kindOrType.startsWith('(type)') && r.gateSource === 'tag');
      for (const r of typeRows) {
        const typeName = r.declaredIn.slice(0, r.declaredIn.lastIndexOf('.'));
        if (!typeOf(version, typeName)) continue; // not reachable from a served kind: not in our data
        const f = fieldOf(version, typeName, r.path);
        expect(f?.gates, `${version} ${r.declaredIn}`).toContain(resolve(r.gate));
      }
    });

    it(`${version}: rows we add beyond the summary are fields-json-only kinds or API types inside configs`, () => {
      const expected = new Set<string>();
      for (const r of rows) {
        if (r.kindOrType.startsWith('(type)')) continue;
        expected.add([r.apiVersion, r.kindOrType, r.path, resolve(r.gate), r.enumValue].join(' | '));
      }
      const kinds = readShared<Kinds>('upstream', `k8s-${version}`, 'kinds.json').kinds;
      const notInStructure = new Set(kinds.filter((k) => !k.inStructure).map((k) => `${k.apiVersion} ${k.kind}`));
      const data = loadVersion(version).data;
      const unexplained: string[] = [];
      const extra: string[] = [];
      for (const r of gatedFields(version)) {
        const k = [r.apiVersion, r.kind, r.path, r.gate, r.value ?? ''].join(' | ');
        if (expected.has(k)) continue;
        if (!configApiVersions.has(r.apiVersion) && r.source === 'comment') continue;
        // Fields dropped without a marker come from drop-gated-fields.tsv (checked below).
        if (r.source === 'dropped') continue;
        extra.push(k);
        // The summary walks structure.yaml only (kinds defined only in fields.json are listed as "(type)"),
        // and stops at the API types a config kind embeds; we walk both.
        if (notInStructure.has(`${r.apiVersion} ${r.kind}`)) continue;
        const kind = data.kinds.find((x) => x.apiVersion === r.apiVersion && x.kind === r.kind);
        if (kind?.component) continue;
        unexplained.push(k);
      }
      expect(unexplained).toEqual([]);
      if (extra.length > 0) console.log(`${version}: ${extra.length} gated rows beyond the summary (expected reasons)`);
    });
  }
});
