// ObjectMetaFacts (schemas/object-meta.json) from the hand-read tables under scripts/generate/handwritten/:
//   object-names.tsv       group, kind, rule, meta, gate, gateRule, source — the name rule of each kind
//   object-label-maps.tsv  group, kind, path, what, source — label maps beyond metadata a kind validates
//   object-meta-limits.tsv name, value, source — limits and generic rules of ObjectMeta validation
// The gate defaults of a row with a gate come from the gate catalog (reviewed-gates.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GateCatalog } from '../../server/src/engine/knowledge/data-contract';
import {
  objectKindKey,
  type LabelMapRow,
  type NameRule,
  type ObjectMetaFacts,
  type ObjectMetaLimits,
  type ObjectNameRow,
} from '../../server/src/engine/knowledge/object-meta';
import { sortedRecord } from './write-json';

export const HANDWRITTEN_DIR = path.join(__dirname, 'handwritten');

const NAME_RULES: readonly NameRule[] = ['dns1123Subdomain', 'dns1123Label', 'dns1035Label', 'pathSegmentName', 'none'];
const LABEL_MAP_KINDS: readonly LabelMapRow['what'][] = ['labels', 'annotations', 'selector'];

/** Rows of a TSV file: lines that are not empty and not `#` comments, split on tabs, with `width` columns. */
export function readTsv(file: string, width: number): string[][] {
  const rows: string[][] = [];
  for (const [i, line] of fs.readFileSync(file, 'utf8').split('\n').entries()) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const cells = line.split('\t');
    if (cells.length !== width) throw new Error(`${path.basename(file)}:${i + 1}: ${cells.length} columns, expected ${width}`);
    rows.push(cells);
  }
  return rows;
}

function nameRule(value: string, where: string): NameRule {
  if (!(NAME_RULES as readonly string[]).includes(value)) throw new Error(`${where}: unknown name rule ${JSON.stringify(value)}`);
  return value as NameRule;
}

function requireSource(source: string, where: string): string {
  if (source.trim() === '') throw new Error(`${where}: no source`);
  return source;
}

function gateDefaults(catalog: GateCatalog, gate: string, where: string): Record<string, boolean> {
  const entry = catalog.gates[gate];
  if (!entry) throw new Error(`${where}: gate ${gate} is not in the gate catalog`);
  const out: Record<string, boolean> = {};
  for (const v of catalog.versions) {
    const s = entry.byVersion[v];
    if (s?.exists) out[v] = s.default === true;
  }
  return out;
}

function readNames(dir: string, catalog: GateCatalog): Record<string, ObjectNameRow> {
  const kinds: Record<string, ObjectNameRow> = {};
  for (const [group, kind, rule, meta, gate, gateRule, source] of readTsv(path.join(dir, 'object-names.tsv'), 7)) {
    const where = `object-names.tsv ${group}/${kind}`;
    const key = objectKindKey(group, kind);
    if (kinds[key]) throw new Error(`${where}: listed twice`);
    const row: ObjectNameRow = {
      rule: nameRule(rule, where),
      meta: meta === 'core' ? 'core' : 'apimachinery',
      source: requireSource(source, where),
    };
    if (gate) {
      row.gate = gate;
      row.gateRule = nameRule(gateRule, where);
      row.gateDefault = gateDefaults(catalog, gate, where);
    }
    kinds[key] = row;
  }
  return sortedRecord(kinds);
}

function readLabelMaps(dir: string): Record<string, LabelMapRow[]> {
  const maps: Record<string, LabelMapRow[]> = {};
  for (const [group, kind, p, what, source] of readTsv(path.join(dir, 'object-label-maps.tsv'), 5)) {
    const where = `object-label-maps.tsv ${group}/${kind} ${p}`;
    if (!(LABEL_MAP_KINDS as readonly string[]).includes(what)) throw new Error(`${where}: unknown kind of map ${what}`);
    (maps[objectKindKey(group, kind)] ??= []).push({ path: p, what: what as LabelMapRow['what'], source: requireSource(source, where) });
  }
  return sortedRecord(maps);
}

const NUMBER_LIMITS = [
  'dns1123SubdomainMaxLength',
  'dns1123LabelMaxLength',
  'dns1035LabelMaxLength',
  'qualifiedNameMaxLength',
  'labelValueMaxLength',
  'annotationsTotalMaxBytes',
] as const;
const LIST_LIMITS = ['pathSegmentForbiddenNames', 'pathSegmentForbiddenSubstrings', 'standardFinalizers', 'conflictingFinalizers'] as const;

function readLimits(dir: string): { limits: ObjectMetaLimits; values: Record<string, string>; sources: Record<string, string> } {
  const values: Record<string, string> = {};
  const sources: Record<string, string> = {};
  for (const [name, value, source] of readTsv(path.join(dir, 'object-meta-limits.tsv'), 3)) {
    values[name] = value;
    sources[name] = requireSource(source, `object-meta-limits.tsv ${name}`);
  }
  const limits = {} as Record<string, number | string[]>;
  for (const n of NUMBER_LIMITS) {
    const v = Number(values[n]);
    if (!Number.isInteger(v) || v <= 0) throw new Error(`object-meta-limits.tsv: ${n} must be a positive integer`);
    limits[n] = v;
  }
  for (const n of LIST_LIMITS) {
    if (values[n] === undefined) throw new Error(`object-meta-limits.tsv: ${n} is missing`);
    limits[n] = values[n].split(',');
  }
  return { limits: limits as unknown as ObjectMetaLimits, values, sources: sortedRecord(sources) };
}

export function buildObjectMeta(catalog: GateCatalog, dir = HANDWRITTEN_DIR): ObjectMetaFacts {
  const { limits, values, sources } = readLimits(dir);
  const defaultRule = nameRule(values['defaultRule'] ?? '', 'object-meta-limits.tsv defaultRule');
  return {
    kinds: readNames(dir, catalog),
    default: { rule: defaultRule, meta: 'apimachinery', source: sources['defaultRule'] ?? '' },
    labelMaps: readLabelMaps(dir),
    limits,
    sources,
  };
}
