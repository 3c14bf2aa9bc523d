// Fact-by-fact comparison of two data folders in the layout `npm run generate` reads (upstream/ + reference/):
// an extraction against the committed data (or ../shared), or one minor against the previous one. Each fact is
// a (category, key) → value string; the diff lists what changed, appeared or went away.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readIf } from './combine';

export type Category = 'gate' | 'kep' | 'gate-kep' | 'served' | 'kind' | 'field' | 'smd-type' | 'config-kind' | 'config-field';
export type Facts = Map<Category, Map<string, string>>;

interface GateRow {
  name: string;
  kep?: number | null;
  by_version: Record<string, { exists: boolean | null; stage?: string; default?: boolean | null; locked?: boolean | null }>;
}


function put(f: Facts, c: Category, key: string, value: string): void {
  let m = f.get(c);
  if (!m) f.set(c, (m = new Map()));
  m.set(key, value);
}

export function describeGate(s: { exists: boolean | null; stage?: string; default?: boolean | null; locked?: boolean | null }): string | undefined {
  if (!s.exists) return undefined;
  const stage = s.stage === 'Stable' ? 'GA' : (s.stage ?? '?');
  return `${stage}, ${s.default ? 'on' : 'off'}${s.locked ? ', locked' : ''}`;
}

/** The facts of one minor in a data folder; `only` limits the categories read. */
export function readFacts(dir: string, version: string, only?: Category[]): Facts {
  const f: Facts = new Map();
  const want = (c: Category): boolean => !only || only.includes(c);
  const fg = readIf<{ gates: GateRow[]; gates_not_on_page?: Record<string, GateRow> }>(path.join(dir, 'reference', 'feature-gates.json'));
  if (fg) {
    const rows = [...fg.gates, ...Object.entries(fg.gates_not_on_page ?? {}).map(([name, g]) => ({ ...g, name }))];
    for (const g of rows) {
      const s = g.by_version[version];
      const d = s ? describeGate(s) : undefined;
      if (d && want('gate')) put(f, 'gate', g.name, d);
      if (d && typeof g.kep === 'number' && want('gate-kep')) put(f, 'gate-kep', g.name, `KEP-${g.kep}`);
    }
  }
  const keps = readIf<{ keps: { number: number; title: string }[] }>(path.join(dir, 'reference', 'keps.json'));
  if (keps && want('kep')) for (const k of keps.keps) put(f, 'kep', `KEP-${k.number}`, k.title.trim());
  const served = readIf<{ versions: Record<string, { servedByDefault: string[]; servedWhenEnabled: string[] }> }>(path.join(dir, 'upstream', 'served-group-versions.json'));
  const sv = served?.versions[version];
  if (sv && want('served')) {
    for (const gv of sv.servedByDefault) put(f, 'served', gv, 'by default');
    for (const gv of sv.servedWhenEnabled) put(f, 'served', gv, 'when enabled');
  }
  const vdir = path.join(dir, 'upstream', `k8s-${version}`);
  const kinds = want('kind') ? readIf<{ kinds: KindRow[] }>(path.join(vdir, 'kinds.json')) : undefined;
  for (const k of kinds?.kinds ?? []) put(f, 'kind', `${k.apiVersion} ${k.kind}`, describeKind(k));
  const fields = want('field') ? readIf<{ types: Record<string, { fields: FieldRow[] }> }>(path.join(vdir, 'fields.json')) : undefined;
  for (const [type, t] of Object.entries(fields?.types ?? {})) {
    const short = type.replace(/^io\.k8s\.api\./, '');
    for (const fl of t.fields) if (fl.name) put(f, 'field', `${short}.${fl.name}`, describeField(fl));
  }
  const smd = path.join(vdir, 'structure.yaml');
  if (want('smd-type') && fs.existsSync(smd)) {
    // one fact per type of the structured-merge-diff schema: a digest of its lines
    for (const chunk of fs.readFileSync(smd, 'utf8').split(/\n(?=- name: )/)) {
      const name = /^(?:types:\n)?- name: (\S+)/.exec(chunk)?.[1];
      if (name) put(f, 'smd-type', name, `sha1 ${createHash('sha1').update(chunk.replace(/^types:\n/, '')).digest('hex').slice(0, 12)}`);
    }
  }
  if (want('config-kind') || want('config-field')) readConfigFacts(f, dir, version);
  return f;
}

/** The config folder of a component for a minor: `k8s-<V>`, else its only folder (kind, kubeadm). */
function configDir(dir: string, component: string, version: string): string | undefined {
  const base = path.join(dir, 'upstream', 'configs', component);
  const labels = fs.readdirSync(base).filter((l) => fs.statSync(path.join(base, l)).isDirectory());
  if (labels.includes(`k8s-${version}`)) return path.join(base, `k8s-${version}`);
  return labels.length === 1 && !labels[0].startsWith('k8s-') ? path.join(base, labels[0]) : undefined;
}

function readConfigFacts(f: Facts, dir: string, version: string): void {
  const base = path.join(dir, 'upstream', 'configs');
  if (!fs.existsSync(base)) return;
  for (const component of fs.readdirSync(base).filter((c) => fs.statSync(path.join(base, c)).isDirectory()).sort()) {
    const cdir = configDir(dir, component, version);
    if (!cdir) continue;
    for (const k of readIf<{ kinds: KindRow[] }>(path.join(cdir, 'kinds.json'))?.kinds ?? []) put(f, 'config-kind', `${k.apiVersion} ${k.kind}`, component);
    const fields = readIf<{ types: Record<string, { fields: FieldRow[] }> }>(path.join(cdir, 'fields.json'));
    for (const [type, t] of Object.entries(fields?.types ?? {})) {
      for (const fl of t.fields) if (fl.name) put(f, 'config-field', `${type.replace(/^io\.k8s\./, '')}.${fl.name}`, describeField(fl));
    }
  }
}

interface KindRow {
  apiVersion: string;
  kind: string;
  namespaced?: boolean | null;
  featureGates?: string[];
  lifecycle?: { introduced?: string; deprecated?: string; removed?: string };
}

/** A kind's facts: gates, scope, lifecycle minors. */
export function describeKind(k: KindRow): string {
  const parts = [k.featureGates?.length ? `gate ${k.featureGates.join(', ')}` : 'no gate'];
  if (typeof k.namespaced === 'boolean') parts.push(k.namespaced ? 'namespaced' : 'cluster-scoped');
  for (const w of ['introduced', 'deprecated', 'removed'] as const) if (k.lifecycle?.[w]) parts.push(`${w} ${k.lifecycle[w]}`);
  return parts.join('; ');
}

interface FieldRow {
  name?: string;
  go: string;
  optional?: boolean;
  optionalFrom?: string[];
  featureGates?: string[];
  markers?: string[];
  listType?: string;
  listMapKeys?: string[];
}

/** A field's facts in one string: its gates, optional / required, list type and keys. */
export function describeField(fl: FieldRow): string {
  const parts = [fl.featureGates?.length ? `gate ${[...fl.featureGates].sort().join(', ')}` : 'no gate'];
  parts.push(fl.optional ? 'optional' : 'not optional');
  if (fl.listType) parts.push(`listType ${fl.listType}${fl.listMapKeys?.length ? ` [${fl.listMapKeys.join(', ')}]` : ''}`);
  const required = (fl.optionalFrom ?? []).includes('+required') || (fl.markers ?? []).some((m) => m === '+required' || /(^|=)\+k8s:required\b/.test(m));
  if (required) parts.push('required');
  return parts.join('; ');
}

export interface DiffLine {
  category: Category;
  key: string;
  before?: string;
  after?: string;
}

/**
 * Drops from both sides the categories one side has no facts of (not extracted: a checkout without that
 * source), so a missing source does not read as every fact gone; returns the dropped categories.
 */
export function alignCategories(before: Facts, after: Facts): Category[] {
  const dropped: Category[] = [];
  for (const c of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(c)?.size && after.get(c)?.size) continue;
    before.delete(c);
    after.delete(c);
    dropped.push(c);
  }
  return dropped.sort();
}

export function diffFacts(before: Facts, after: Facts): DiffLine[] {
  const out: DiffLine[] = [];
  const cats = [...new Set([...before.keys(), ...after.keys()])].sort() as Category[];
  for (const c of cats) {
    const a = before.get(c) ?? new Map<string, string>();
    const b = after.get(c) ?? new Map<string, string>();
    for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
      const va = a.get(key);
      const vb = b.get(key);
      if (va !== vb) out.push({ category: c, key, before: va, after: vb });
    }
  }
  // A gate that appears or goes takes its KEP link with it: one line, not two.
  const gateCameOrWent = new Set(out.filter((d) => d.category === 'gate' && (d.before === undefined || d.after === undefined)).map((d) => d.key));
  return out.filter((d) => !(d.category === 'gate-kep' && gateCameOrWent.has(d.key) && (d.before === undefined || d.after === undefined)));
}

/** One line per fact: `gate X: Beta, off → GA, on in 1.38`, `field core.v1.PodSpec.y added (gate Z) in 1.38`. */
export function formatDiffLine(d: DiffLine, where: string): string {
  const name = d.category === 'gate-kep' ? `gate ${d.key} KEP` : `${d.category} ${d.key}`;
  if (d.before === undefined) return `${name} added (${d.after}) ${where}`;
  if (d.after === undefined) return `${name} gone (was ${d.before}) ${where}`;
  return `${name}: ${d.before} → ${d.after} ${where}`;
}

export function printDiff(lines: DiffLine[], where: string, limit: number, log: (s: string) => void = console.log): void {
  const byCat = new Map<Category, DiffLine[]>();
  for (const l of lines) byCat.set(l.category, [...(byCat.get(l.category) ?? []), l]);
  if (lines.length === 0) log(`no differences ${where}`);
  for (const [c, ls] of byCat) {
    const added = ls.filter((l) => l.before === undefined).length;
    const gone = ls.filter((l) => l.after === undefined).length;
    log(`${c}: ${ls.length} differences (${added} added, ${gone} gone, ${ls.length - added - gone} changed) ${where}`);
    for (const l of ls.slice(0, limit)) log(`  ${formatDiffLine(l, where)}`);
    if (ls.length > limit) log(`  … ${ls.length - limit} more (--limit N)`);
  }
}
