// The `--feature-gates` value form `A=true,B=false` (CLI flag, kubeadm extraArgs, static Pod arguments).
import type { GateCatalog } from '../knowledge/data-contract';
import type { GateSetting } from '../model';
import type { Range } from '../base/types';
import { lookupGateName, similarGateNames } from './catalog-lookup';
import { parseGoBool } from './parse-bool';
import { sameLetters } from '../base/similar-names';

interface FlagGatePair {
  name: string;
  raw: string;
  value: boolean | undefined;
  /** Offsets of the name and the value inside the parsed string. */
  nameStart: number;
  nameEnd: number;
  valueStart: number;
  valueEnd: number;
  /** Offsets of the whole item between its commas, white space included. */
  itemStart: number;
  itemEnd: number;
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
      itemStart,
      itemEnd: itemStart + item.length,
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

/** A gate name of a flag-style setting that the components would refuse, and why (kube-apiserver's rules). */
interface FlagGateProblem {
  gate: string;
  reason: 'unknown' | 'removed' | 'not-yet-added' | 'renamed' | 'locked';
  message: string;
  /** Names to suggest (a case-insensitive match first). */
  didYouMean?: string[];
}

/** Checks explicit settings against the catalog of `version`: unknown names (with did-you-mean, a
 *  case-insensitive match first), removed or not-yet-added gates, and locked gates set against their default. */
export function validateFlagGates(settings: readonly GateSetting[], catalog: GateCatalog, version: string, sourceName = '--feature-gates'): FlagGateProblem[] {
  const out: FlagGateProblem[] = [];
  for (const s of settings) {
    const status = lookupGateName(catalog, s.gate, version);
    if (status.kind === 'meta' || status.kind === 'unverified') continue;
    if (status.kind === 'gate') {
      const { state } = status;
      if (state.locked === true && typeof state.default === 'boolean' && s.value !== undefined && s.value !== state.default) {
        out.push({
          gate: s.gate,
          reason: 'locked',
          message: `${sourceName}: ${s.gate} is ${state.stage ?? 'stable'} and locked to ${state.default} in Kubernetes ${version}; components refuse ${s.gate}=${s.value}. Remove it.`,
        });
      }
      continue;
    }
    if (status.reason === 'renamed' && status.replacement) {
      out.push({ gate: s.gate, reason: 'renamed', message: `${sourceName}: ${s.gate} is not a feature gate; it is another name of ${status.replacement}. Use ${status.replacement}.`, didYouMean: [status.replacement] });
    } else if (status.reason === 'removed') {
      const when = status.lastIn ? ` after ${status.lastIn}` : '';
      const instead = status.replacement ? ` Use ${status.replacement} instead.` : ' Remove it.';
      out.push({ gate: s.gate, reason: 'removed', message: `${sourceName}: ${s.gate} was removed${when} and is not a gate in Kubernetes ${version}; components refuse to start with it.${instead}` });
    } else if (status.addedIn) {
      out.push({ gate: s.gate, reason: 'not-yet-added', message: `${sourceName}: ${s.gate} is added in Kubernetes ${status.addedIn}, not in ${version}; components refuse to start with it. Remove it or target ${status.addedIn}.` });
    } else {
      const caseOnly = Object.keys(catalog.gates).filter((g) => sameLetters(s.gate, g) && catalog.gates[g]?.byVersion[version]?.exists !== false);
      const near = caseOnly.length ? caseOnly : similarGateNames(catalog, s.gate, version);
      const hint = near.length ? ` Did you mean ${near.join(' or ')}?${caseOnly.length ? ' (gate names are case-sensitive)' : ''}` : ' See `kubegate explain GATE`.';
      out.push({ gate: s.gate, reason: 'unknown', message: `${sourceName}: unrecognized feature gate ${s.gate} in Kubernetes ${version}.${hint}`, ...(near.length ? { didYouMean: near } : {}) });
    }
  }
  return out;
}
