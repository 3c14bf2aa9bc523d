// data/overlay.json: facts of upstream commits later than a minor's checkouts (reviewed, with evidence per row).
// Applied to the extracted API types of that minor, marked `source: overlay`; a row the checkout already has is
// skipped and reported, so the overlay empties itself as the checkouts catch up.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ExtField, ExtType } from './go-types';

export const OVERLAY_FILE = path.join(__dirname, 'data', 'overlay.json');

interface OverlayVersion {
  types: Record<string, { evidence: string; type: ExtType }>;
  fields: { type: string; evidence: string; field: ExtField }[];
}

/** Adds the overlay rows of `version` to `types` (type key → type); returns the rows already upstream. */
export function applyOverlay(types: Record<string, ExtType>, version: string, file = OVERLAY_FILE): string[] {
  const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, OverlayVersion | string[]>;
  const o = all[version];
  if (!o || Array.isArray(o)) return [];
  const upstream: string[] = [];
  // Rows of packages this extraction does not hold (a partial checkout, a test's tree) are left out.
  const packages = new Set(Object.keys(types).map((k) => k.slice(0, k.lastIndexOf('.'))));
  const held = (key: string): boolean => packages.has(key.slice(0, key.lastIndexOf('.')));
  for (const [key, row] of Object.entries(o.types)) {
    if (!held(key)) continue;
    if (types[key]) upstream.push(`type ${key}`);
    else types[key] = { ...row.type, source: 'overlay' } as ExtType;
  }
  for (const row of o.fields) {
    const t = types[row.type];
    if (!held(row.type)) continue;
    if (!t) upstream.push(`${row.type}.${row.field.name}: no such type`);
    else if (t.fields.some((f) => f.name === row.field.name)) upstream.push(`${row.type}.${row.field.name}`);
    else t.fields.push({ ...row.field, source: 'overlay' } as ExtField);
  }
  return upstream;
}
