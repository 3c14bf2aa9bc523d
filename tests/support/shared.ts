// ../shared: the data beside the repository that tests compare against (reference facts, upstream type data,
// the corpus, the bench inputs). It is absent in a user's clone: every suite that reads it is skipped then,
// with the reason in its title. This module is the one place that decides whether ../shared is there.
//
//   KUBEGATE_TEST_SHARED_DIR=/elsewhere  reads ../shared from another folder; a folder without the data (e.g.
//   /nonexistent) shows what a plain clone runs.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { committedGates, type FeatureGatesFile, type ReferenceGate } from './committed';

export const repoRoot = path.resolve(__dirname, '..', '..');

/** The environment variable that moves ../shared for the tests (the generator has its own --shared option). */
export const SHARED_DIR_ENV = 'KUBEGATE_TEST_SHARED_DIR';

const override = process.env[SHARED_DIR_ENV];
export const sharedDir = override ? path.resolve(override) : path.resolve(repoRoot, '..', 'shared');

/** Files the tests read from every part of ../shared; a folder named `shared` without them is not the data. */
const MARKERS = [
  'reference/feature-gates.json',
  'reference/brief-features.json',
  'upstream/gated-fields-summary.tsv',
  'upstream/configs/index.json',
  'corpus/MANIFEST.tsv',
  'bench/gen-manifests.mjs',
];

const missingMarkers = MARKERS.filter((m) => !existsSync(path.join(sharedDir, m)));
export const hasShared = missingMarkers.length === 0;

/** Something a suite needs, and what to say in its title when it is missing. */
export interface Need {
  present: boolean;
  /** A few words: what is needed (e.g. `../shared`). */
  what: string;
  /** Why it is missing, for the title of the skipped suite. */
  absent: string;
}

export const SHARED: Need = {
  present: hasShared,
  what: '../shared',
  absent: override
    ? `${SHARED_DIR_ENV} names a folder without the ../shared data`
    : existsSync(sharedDir)
      ? `../shared lacks ${missingMarkers.join(', ')}`
      : '../shared is absent, as in a plain clone',
};

/**
 * Whether a suite runs, and its title: `title (needs …)` when everything is there,
 * `title (skipped: <why>)` when not. Use as `describe.skipIf(s.skip)(s.title, …)`.
 */
export function suite(title: string, ...needs: Need[]): { skip: boolean; title: string } {
  const missing = needs.filter((n) => !n.present);
  if (missing.length === 0) return { skip: false, title: needs.length ? `${title} (needs ${needs.map((n) => n.what).join(' and ')})` : title };
  return { skip: true, title: `${title} (skipped: ${missing.map((n) => n.absent).join('; ')})` };
}

/** The title of a suite that reads ../shared: `describe.skipIf(!hasShared)(sharedTitle('…'), …)`. */
export function sharedTitle(title: string): string {
  return suite(title, SHARED).title;
}

export function sharedPath(...parts: string[]): string {
  return path.join(sharedDir, ...parts);
}

/** A JSON file of ../shared; parts may hold slashes (`'reference/feature-gates.json'`). */
export function readShared<T = unknown>(...parts: string[]): T {
  return JSON.parse(readFileSync(sharedPath(...parts), 'utf8')) as T;
}

/**
 * The rows of a tab-separated file of ../shared as column → cell (a missing cell is ''). `columns` must all be
 * in the header (a renamed column fails loudly instead of reading as empty cells).
 */
export function readSharedTsv(rel: string, columns: readonly string[] = []): Record<string, string>[] {
  const [head = '', ...lines] = readFileSync(sharedPath(rel), 'utf8').split('\n');
  const header = head.split('\t');
  for (const c of columns) if (!header.includes(c)) throw new Error(`${rel} has no column ${c}`);
  return lines
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const cells = l.split('\t');
      return Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
    });
}

// ---- reference/feature-gates.json ----

export type { FeatureGatesFile, ReferenceGate, ReferenceGateVersion } from './committed';

/**
 * ../shared/reference/feature-gates.json; without ../shared, the same facts read back from the committed
 * schemas/gates.json (generated from that file, and checked against it by the knowledge suites whenever
 * ../shared is there). Suites that must run in a plain clone read tests/support/committed.ts instead.
 */
export function featureGatesFile(): FeatureGatesFile {
  if (hasShared) return readShared<FeatureGatesFile>('reference', 'feature-gates.json');
  return committedGates();
}

/** A gate as ../shared/reference/feature-gates.json describes it (page gates, then gates not on the page). */
export function referenceGate(name: string): ReferenceGate | undefined {
  const fg = featureGatesFile();
  return fg.gates.find((g) => g.name === name) ?? fg.gates_not_on_page[name];
}

/** A gate of the feature-gates page of ../shared/reference/feature-gates.json; throws when it is not there. */
export function referencePageGate(name: string): ReferenceGate {
  const g = featureGatesFile().gates.find((x) => x.name === name);
  if (!g) throw new Error(`${name} missing from ../shared/reference/feature-gates.json`);
  return g;
}

// ---- upstream/gated-fields-summary.tsv ----

export const GATED_SUMMARY_COLUMNS = ['version', 'apiVersion', 'kindOrType', 'path', 'gate', 'enumValue', 'gateSource', 'declaredIn'] as const;

/** Rows of ../shared/upstream/gated-fields-summary.tsv (all versions). */
export function gatedSummaryRows(): Record<string, string>[] {
  return readSharedTsv('upstream/gated-fields-summary.tsv', GATED_SUMMARY_COLUMNS);
}

export interface GatedSummaryRow {
  version: string;
  apiVersion: string;
  kindOrType: string;
  path: string;
  gate: string;
  /** '' unless the row gates one value of an enum. */
  enumValue: string;
  gateSource: string;
  declaredIn: string;
}

/** gated-fields-summary.tsv as typed rows (all versions). */
export function readGatedSummary(): GatedSummaryRow[] {
  return gatedSummaryRows().map((r) => ({
    version: r['version']!,
    apiVersion: r['apiVersion']!,
    kindOrType: r['kindOrType']!,
    path: r['path']!,
    gate: r['gate']!,
    enumValue: r['enumValue']!,
    gateSource: r['gateSource']!,
    declaredIn: r['declaredIn']!,
  }));
}
