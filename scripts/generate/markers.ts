// Declarative validation markers (`+k8s:…` tags of fields.json) → FieldRule / UnionRule data for the walk.
// A marker is `+k8s:name`, `+k8s:name=value`, `+k8s:name(args)` or `+k8s:name(args)=value`, where the value may be
// another marker (`+k8s:beta(since: "1.37")=+k8s:maxItems=8`, `+k8s:eachKey=+k8s:format=k8s-short-name`).
import type { FieldRule, RuleCondition } from '../../server/src/engine/knowledge/data-contract';

export interface Marker {
  name: string;
  args?: string;
  value?: string;
}

/** Splits one marker; undefined when it is not a `+k8s:` tag. */
export function parseMarker(text: string): Marker | undefined {
  const m = /^\+k8s:([A-Za-z][A-Za-z0-9-]*)/.exec(text.trim());
  if (!m) return undefined;
  let rest = text.trim().slice(m[0].length);
  let args: string | undefined;
  if (rest.startsWith('(')) {
    let depth = 0;
    let inString = false;
    let end = -1;
    for (let i = 0; i < rest.length; i++) {
      const c = rest[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) {
        end = i;
        break;
      }
    }
    if (end < 0) return undefined;
    args = rest.slice(1, end);
    rest = rest.slice(end + 1);
  }
  const marker: Marker = { name: m[1] as string };
  if (args !== undefined) marker.args = args;
  if (rest.startsWith('=')) marker.value = rest.slice(1);
  else if (rest.trim() !== '' && !rest.trim().startsWith('#')) return undefined;
  return marker;
}

function unquote(s: string): string {
  const t = s.trim();
  return t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}

/** The quoted or bare names of an argument list: `("a", "b")` → [a, b]. */
function argNames(args: string | undefined): string[] {
  return (args ?? '')
    .split(',')
    .map((a) => unquote(a.replace(/^[A-Za-z]+:\s*/, '')))
    .filter((a) => a !== '');
}

interface Wrap {
  stage?: 'alpha' | 'beta';
  when?: RuleCondition;
  each?: 'key' | 'val';
}

export interface MarkerFacts {
  rules: FieldRule[];
  unionMember?: { mode: 'exactlyOne' | 'atMostOne'; union: string; stage?: 'alpha' | 'beta' };
  discriminator: boolean;
  /** Marker names met but not evaluated (for the generator's report). */
  skipped: string[];
}

/** Markers whose meaning is already carried elsewhere (optional/required, list shapes) or that state no rule. */
const NOT_RULES = new Set(['optional', 'required', 'opaqueType', 'subfield', 'listType']);

function collect(marker: Marker, wrap: Wrap, facts: MarkerFacts, listMapKeys: string[]): void {
  const add = (rule: FieldRule['rule'], value?: FieldRule['value']) => {
    const r: FieldRule = { rule };
    if (value !== undefined) r.value = value;
    if (wrap.each) r.each = wrap.each;
    if (wrap.when) r.when = wrap.when;
    if (wrap.stage) r.stage = wrap.stage;
    facts.rules.push(r);
  };
  const inner = (next: Wrap) => {
    const m = marker.value ? parseMarker(marker.value) : undefined;
    if (m) collect(m, next, facts, listMapKeys);
    else facts.skipped.push(`${marker.name}=?`);
  };
  const num = (): number | undefined => {
    const n = Number(unquote(marker.value ?? ''));
    return Number.isFinite(n) ? n : undefined;
  };
  switch (marker.name) {
    case 'alpha':
    case 'beta':
      return inner({ ...wrap, stage: marker.name });
    case 'ifEnabled':
    case 'ifDisabled': {
      const gate = argNames(marker.args)[0];
      if (!gate) return void facts.skipped.push(marker.name);
      return inner({ ...wrap, when: { gate, enabled: marker.name === 'ifEnabled' } });
    }
    case 'eachVal':
      return inner({ ...wrap, each: 'val' });
    case 'eachKey':
      return inner({ ...wrap, each: 'key' });
    case 'maxItems':
    case 'minimum':
    case 'maximum':
    case 'maxLength':
    case 'maxBytes': {
      const n = num();
      if (n === undefined) return void facts.skipped.push(marker.name);
      return add(marker.name, n);
    }
    case 'format':
      return add('format', unquote(marker.value ?? ''));
    case 'unique': {
      const v = unquote(marker.value ?? '');
      if (v !== 'set' && v !== 'map') return void facts.skipped.push('unique');
      return add('unique', v);
    }
    case 'listMapKey':
      if (!wrap.each && !wrap.when) listMapKeys.push(unquote(marker.value ?? ''));
      return;
    case 'forbidden':
      return add('forbidden');
    case 'dependentRequired':
      return add('dependentRequired', argNames(marker.args));
    case 'unionMember':
    case 'zeroOrOneOfMember':
      if (wrap.when || wrap.each) return void facts.skipped.push(marker.name);
      facts.unionMember = {
        mode: marker.name === 'unionMember' ? 'exactlyOne' : 'atMostOne',
        union: argNames(marker.args)[0] ?? '',
        ...(wrap.stage ? { stage: wrap.stage } : {}),
      };
      return;
    case 'unionDiscriminator':
    case 'modeDiscriminator':
      facts.discriminator = true;
      return;
    default:
      if (!NOT_RULES.has(marker.name)) facts.skipped.push(marker.name);
  }
}

/** Rules of one field from its raw markers. `+k8s:listType=map` with its keys becomes one listMapKeys rule. */
export function rulesOfMarkers(markers: readonly string[]): MarkerFacts {
  const facts: MarkerFacts = { rules: [], discriminator: false, skipped: [] };
  const keys: string[] = [];
  let listMap: Wrap | undefined;
  for (const raw of markers) {
    const m = parseMarker(raw);
    if (!m) continue;
    // listType=map, possibly behind a stability prefix: remember the prefix for the keys rule.
    let probe: Marker | undefined = m;
    let stage: 'alpha' | 'beta' | undefined;
    while (probe && (probe.name === 'alpha' || probe.name === 'beta')) {
      stage = probe.name;
      probe = probe.value ? parseMarker(probe.value) : undefined;
    }
    if (probe?.name === 'listType' && unquote(probe.value ?? '') === 'map') listMap = stage ? { stage } : {};
    // `unique=map` keys the list by its listMapKey fields, like listType=map.
    if (probe?.name === 'unique' && unquote(probe.value ?? '') === 'map') {
      listMap = stage ? { stage } : {};
      continue;
    }
    if (probe?.name === 'listMapKey') {
      keys.push(unquote(probe.value ?? ''));
      continue;
    }
    collect(m, {}, facts, keys);
  }
  if (listMap && keys.length > 0) {
    facts.rules.push({ rule: 'listMapKeys', value: keys, ...(listMap.stage ? { stage: listMap.stage } : {}) });
  }
  return facts;
}
