// The gate catalog input of the generator: the extracted reference/feature-gates.json (data/extracted, written by
// `npm run extract` from the versioned feature list and kep.yaml) with the reviewed rows of
// data/reviewed/reference/gate-catalog.tsv applied over it: what the extraction cannot say (own-words summaries and
// reasons, page rows, names that are not gates, the meta keys) and the facts where other upstream evidence decides
// (states of gates the extracted list no longer names, corrections from a later list, curated gate→KEP links).
// Every row carries its evidence; a gate the rows do not name keeps its extracted facts.
import * as fs from 'node:fs';
import type { FeatureGatesFile, RefGate, RefStage, RefVersionState } from './sources';

export const REVIEWED_GATES = 'reference/gate-catalog.tsv';

export interface ReviewedGateRow {
  gate: string;
  fact: string;
  /** A Kubernetes minor, or `-` for facts of the whole gate. */
  version: string;
  value: string;
  evidence: string;
}

const FACTS = new Set(['summary', 'page', 'replaced-by', 'history', 'kep', 'components', 'state', 'by-patch', 'why', 'not-a-gate', 'meta']);

export function parseReviewedGates(text: string): ReviewedGateRow[] {
  const rows: ReviewedGateRow[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (!line.trim() || line.startsWith('#')) continue;
    const cells = line.split('\t');
    if (cells.length !== 5 || cells.some((c) => c === '')) throw new Error(`${REVIEWED_GATES}:${i + 1}: expected gate, fact, version, value, evidence`);
    const [gate, fact, version, value, evidence] = cells;
    if (!FACTS.has(fact)) throw new Error(`${REVIEWED_GATES}:${i + 1}: unknown fact ${fact}`);
    rows.push({ gate, fact, version, value, evidence });
  }
  return rows;
}

const ONOFF: Record<string, boolean | null> = { on: true, off: false, '?': null };

function onOff(word: string, where: string): boolean | null {
  if (!(word in ONOFF)) throw new Error(`${where}: expected on, off or ?, got ${word}`);
  return ONOFF[word];
}

/** `absent`, `unknown` (no entry), or `Stage on|off|? [locked|lock?]`. */
export function parseState(value: string, where: string): RefVersionState | undefined {
  if (value === 'unknown') return undefined;
  if (value === 'absent') return { exists: false };
  const [stage, def, lock, ...rest] = value.split(' ');
  if (!stage || !def || rest.length || (lock !== undefined && lock !== 'locked' && lock !== 'lock?')) throw new Error(`${where}: bad state ${value}`);
  return { exists: true, stage, default: onOff(def, where), locked: lock === 'locked' ? true : lock === 'lock?' ? null : false };
}

/** `Stage on|off|? since..until` rows joined by `; ` (until empty: open-ended), or `none`. */
export function parseHistory(value: string, where: string): RefStage[] {
  if (value === 'none') return [];
  return value.split('; ').map((r) => {
    const m = /^(\w+) (on|off|\?) ([\d.]+)\.\.([\d.]*)$/.exec(r);
    if (!m) throw new Error(`${where}: bad history row ${r}`);
    return { stage: m[1], default: onOff(m[2], where), since: m[3], until: m[4] || null };
  });
}

type ExtractedGate = RefGate & { stages: (RefStage & { locked?: boolean })[] };

function blankGate(name: string): RefGate {
  return { name, summary: '', kep: null, components: null, stages: [], by_version: {} };
}

/** The catalog the generator reads: `extracted` with `rows` applied (neither is changed). */
export function applyReviewedGates(extracted: FeatureGatesFile, rows: ReviewedGateRow[]): FeatureGatesFile {
  const gates = new Map<string, RefGate>();
  for (const g of extracted.gates as ExtractedGate[]) {
    gates.set(g.name, { ...g, stages: g.stages.map(({ stage, default: d, since, until }) => ({ stage, default: d, since, until })), by_version: { ...g.by_version } });
  }
  const offPage = new Set<string>();
  const notGates: FeatureGatesFile['names_that_are_not_gates'] = {};
  const meta: Record<string, unknown> = {};
  const whyOfNotGate = new Map<string, string>();
  // refinements of a version's state (by-patch, why) after every state row
  const later = (r: ReviewedGateRow): number => (r.fact === 'by-patch' || r.fact === 'why' ? 1 : 0);
  for (const r of [...rows].sort((a, b) => later(a) - later(b))) {
    const where = `${REVIEWED_GATES} ${r.gate} ${r.fact} ${r.version}`;
    if (r.fact === 'not-a-gate') {
      notGates[r.gate] = { alias_of: r.value === '-' ? null : r.value, why: '' };
      continue;
    }
    if (r.fact === 'meta') {
      meta[r.gate] = {};
      continue;
    }
    if (r.fact === 'why' && r.version === '-') {
      whyOfNotGate.set(r.gate, r.value);
      continue;
    }
    const g = gates.get(r.gate) ?? blankGate(r.gate);
    gates.set(r.gate, g);
    switch (r.fact) {
      case 'summary':
        g.summary = r.value;
        break;
      case 'page':
        if (r.value !== 'no') throw new Error(`${where}: page is only written as no`);
        offPage.add(r.gate);
        break;
      case 'replaced-by':
        g.replaced_by = r.value;
        break;
      case 'history':
        g.stages = parseHistory(r.value, where);
        break;
      case 'kep':
        g.kep = r.value === 'none' ? null : Number(r.value);
        if (g.kep !== null && !Number.isInteger(g.kep)) throw new Error(`${where}: bad KEP number ${r.value}`);
        break;
      case 'components':
        g.components = r.value === 'none' ? [] : r.value.split(',');
        break;
      case 'state': {
        const s = parseState(r.value, where);
        if (s) g.by_version[r.version] = s;
        else delete g.by_version[r.version];
        break;
      }
      case 'by-patch': {
        const s = g.by_version[r.version];
        if (!s) throw new Error(`${where}: no state to refine`);
        s.by_patch = r.value.split(' ').map((p) => {
          const [since, d] = p.split('=');
          return { since, until: null, default: onOff(d, where) === true };
        });
        break;
      }
      case 'why': {
        const s = g.by_version[r.version];
        g.by_version[r.version] = { ...(s ?? { exists: null }), why: r.value };
        break;
      }
    }
  }
  for (const [name, why] of whyOfNotGate) {
    if (!notGates[name]) throw new Error(`${REVIEWED_GATES} ${name}: a why without version belongs to a not-a-gate row`);
    notGates[name].why = why;
  }
  const sorted = [...gates.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    versions: [...extracted.versions],
    gates: sorted.filter((g) => !offPage.has(g.name)),
    gates_not_on_page: Object.fromEntries(sorted.filter((g) => offPage.has(g.name)).map((g) => [g.name, g])),
    names_that_are_not_gates: notGates,
    meta_gates: meta,
  };
}

export function readReviewedGates(file: string): ReviewedGateRow[] {
  return parseReviewedGates(fs.readFileSync(file, 'utf8'));
}
