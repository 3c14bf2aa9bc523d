// The `--feature-gates` value form `A=true,B=false` (CLI flag, kubeadm extraArgs, static Pod arguments).
import type { GateSetting } from '../model';
import type { Range } from '../types';
import { parseGoBool } from './parse-bool';

export interface FlagGatePair {
  name: string;
  raw: string;
  value: boolean | undefined;
  /** Offsets of the name and the value inside the parsed string. */
  nameStart: number;
  nameEnd: number;
  valueStart: number;
  valueEnd: number;
}

/** Splits `A=true, B=false` into pairs (whitespace around names and values is ignored, empty items skipped). */
export function parseFeatureGatesValue(text: string): FlagGatePair[] {
  const pairs: FlagGatePair[] = [];
  let pos = 0;
  for (const item of text.split(',')) {
    const itemStart = pos;
    pos += item.length + 1;
    const eq = item.indexOf('=');
    const namePart = eq < 0 ? item : item.slice(0, eq);
    const valuePart = eq < 0 ? '' : item.slice(eq + 1);
    const name = namePart.trim();
    if (!name) continue;
    const nameStart = itemStart + namePart.indexOf(name);
    const raw = valuePart.trim();
    const valueStart = eq < 0 ? nameStart + name.length : itemStart + eq + 1 + Math.max(0, valuePart.indexOf(raw));
    pairs.push({
      name,
      raw,
      value: parseGoBool(raw),
      nameStart,
      nameEnd: nameStart + name.length,
      valueStart,
      valueEnd: valueStart + raw.length,
    });
  }
  return pairs;
}

const NO_RANGE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Explicit settings (editor setting or CLI `--feature-gates`, repeatable): they apply to every component.
 *  Throws on an item without `=` or with a value ParseBool does not accept, naming the item. */
export function explicitSettings(values: string[], sourceName = '--feature-gates'): GateSetting[] {
  const out: GateSetting[] = [];
  for (const v of values) {
    for (const p of parseFeatureGatesValue(v)) {
      if (p.value === undefined) {
        throw new Error(`${sourceName}: "${p.name}=${p.raw}" is not Name=true|false`);
      }
      out.push({
        gate: p.name,
        value: p.value,
        raw: p.raw,
        components: 'all',
        origin: 'setting',
        range: NO_RANGE,
        document: -1,
        file: sourceName,
      });
    }
  }
  return out;
}
