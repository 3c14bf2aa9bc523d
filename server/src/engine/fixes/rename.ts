// Did-you-mean fixes: misspelt or Go-style field names, enum values, kind names, renamed or unknown gates, and
// API versions that are not served (→ the served GA version of the same kind).
import { isMap, isScalar, Scalar } from 'yaml';
import { parseFeatureGatesValue } from '../gates/feature-gates-flag';
import type { Fix } from './types';
import { type FixInput, suggestionsOf, toTextEdits } from './input';
import { keyName, nodeRange, pairByKey } from './yaml-nodes';
import { siblingFields } from './type-lookup';
import { closeNames, sameLetters } from '../base/similar-names';
import { type OffsetEdit, deletePair } from './yaml-edits';
import { offsetAt } from '../base/line-index';
import { append } from '../base/append';
import { groupOf } from '../base/api-version';
import { isServedApiKind, kindsNamed, kindsOfApiVersion, versionIndexOf } from '../knowledge/version-index';
import { compareText } from '../base/compare-text';

function fix(input: FixInput, title: string, edits: OffsetEdit[], preferred?: boolean): Fix {
  return { title, kind: 'quickfix', code: input.finding.code, edits: toTextEdits(input.ctx.file, input.ctx.text, edits), isPreferred: preferred || undefined };
}

/** unknown-field: the close field names of the struct (case-only differences first), then the finding's own. */
export function fieldNameFixes(input: FixInput): Fix[] {
  const { hit, segs, entry, ctx } = input;
  if (!hit || !segs) return [];
  const name = segs[segs.length - 1];
  const kr = nodeRange(hit.pair.key);
  if (!kr) return [];
  const present = new Set(hit.map.items.map((p) => String((p.key as { value?: unknown })?.value ?? p.key)));
  const fields = entry && ctx.versionData ? siblingFields(ctx.versionData, entry, segs) : undefined;
  const names = [
    ...(fields ? closeNames(name, fields.map((f) => f.name)) : []),
    ...suggestionsOf(input.finding),
  ];
  const out: Fix[] = [];
  for (const n of [...new Set(names)]) {
    if (present.has(n)) continue;
    const caseOnly = sameLetters(name, n);
    const title = caseOnly ? `Rename ${name} to ${n} (the field's JSON name)` : `Change spelling to '${n}'`;
    out.push(fix(input, title, [{ start: kr[0], end: kr[1], newText: n }], out.length === 0));
  }
  return out;
}

/** invalid-value with a did-you-mean (a value close to one the field allows): the value replaced by it, in the
 *  same quotes. Only when the finding is on the scalar whose text is the value it names. */
export function valueFixes(input: FixInput): Fix[] {
  const { hit, finding } = input;
  const data = finding.code === 'invalid-value' ? finding.data : undefined;
  const suggestion = data?.suggestion;
  if (suggestion === undefined || data?.value === undefined || !hit || hit.onKey) return [];
  const node = hit.pair.value;
  const r = nodeRange(node);
  if (!isScalar(node) || node.value !== data.value || !r || r[0] !== input.offset) return [];
  const newText =
    node.type === Scalar.QUOTE_DOUBLE ? JSON.stringify(suggestion) : node.type === Scalar.QUOTE_SINGLE ? `'${suggestion.replace(/'/g, "''")}'` : suggestion;
  return [fix(input, `Change to '${suggestion}'`, [{ start: r[0], end: r[1], newText }], true)];
}

/** unknown-kind: kinds of the version data with a close name (same apiVersion first). */
export function kindNameFixes(input: FixInput): Fix[] {
  const { root, ctx, apiVersion, kind } = input;
  if (!root || !kind) return [];
  const valueNode = pairByKey(root, 'kind')?.value;
  const r = nodeRange(valueNode);
  if (!r) return [];
  const fromData = suggestionsOf(input.finding);
  let names = fromData;
  if (names.length === 0 && ctx.versionData) {
    const sameApi = apiVersion ? kindsOfApiVersion(ctx.versionData, apiVersion).map((k) => k.kind) : [];
    names = closeNames(kind, sameApi);
    if (names.length === 0) names = closeNames(kind, versionIndexOf(ctx.versionData).byName.keys());
  }
  const out = names.map((n, i) => fix(input, `Change kind to '${n}'`, [{ start: r[0], end: r[1], newText: n }], i === 0));
  // The kind exists, under another apiVersion: offer the served one (stable first).
  const apiNode = pairByKey(root, 'apiVersion')?.value;
  const ar = nodeRange(apiNode);
  if (ar && ctx.versionData) {
    const rank = { stable: 0, beta: 1, alpha: 2 } as const;
    const elsewhere = kindsNamed(ctx.versionData, kind)
      .filter((k) => k.apiVersion !== apiVersion && !k.removed)
      .sort((a, b) => rank[a.stability] - rank[b.stability] || compareText(a.apiVersion, b.apiVersion));
    for (const k of elsewhere.slice(0, 2)) {
      out.push(fix(input, `Use apiVersion ${k.apiVersion} (${kind} is served there)`, [{ start: ar[0], end: ar[1], newText: k.apiVersion }], out.length === 0));
    }
  }
  return out;
}

/** unknown-gate: the replacement named by the finding (renamed or merged gate), or close gate names. */
export function gateNameFixes(input: FixInput): Fix[] {
  const { finding, ctx } = input;
  const start = offsetAt(ctx.text, finding.range.start);
  const end = offsetAt(ctx.text, finding.range.end);
  const written = ctx.text.slice(start, end);
  const data = finding.code === 'unknown-gate' ? finding.data : undefined;
  const name = data?.gate || written;
  if (!written || !name || !written.includes(name)) return [];
  const at = start + written.indexOf(name);
  const replacement = data?.replacement || undefined;
  const candidates: string[] = [];
  if (replacement) candidates.push(replacement);
  else if (ctx.gates && data?.reason !== 'removed') {
    const known = Object.values(ctx.gates.gates)
      .filter((g) => g.byVersion[ctx.version]?.exists === true)
      .map((g) => g.name);
    append(candidates, closeNames(name, known));
  }
  const out: Fix[] = [];
  for (const c of candidates) {
    if (alreadySet(input, c)) append(out, removeSettingFixes(input, `Remove ${name} (${c} is already set here)`));
    else out.push(fix(input, `Replace gate ${name} with ${c}`, [{ start: at, end: at + name.length, newText: c }], out.length === 0));
  }
  if (!replacement) append(out, removeSettingFixes(input, `Remove the setting of ${name}`));
  return out;
}

/** Whether the map or flag value holding the setting already names `gate` (renaming would duplicate it). */
function alreadySet(input: FixInput, gate: string): boolean {
  const { hit } = input;
  if (!hit) return false;
  if (hit.onKey) return hit.map.items.some((p) => keyName(p) === gate);
  const v = hit.pair.value;
  return isScalar(v) && typeof v.value === 'string' && parseFeatureGatesValue(v.value).some((e) => e.name === gate);
}

/** Remove a gate's setting: its entry of a featureGates map, or its `Name=value` item of a flag value. */
export function removeSettingFixes(input: FixInput, title: string): Fix[] {
  const { hit, ctx, finding } = input;
  if (!hit) return [];
  const isFlagValue = isScalar(hit.pair.value) && typeof hit.pair.value.value === 'string' && hit.pair.value.value.includes('=');
  if ((hit.onKey || !isFlagValue) && isMap(hit.map)) {
    const del = deletePair(ctx.text, hit.map, hit.pair);
    return del ? [fix(input, title, [del])] : [];
  }
  const value = hit.pair.value;
  const r = nodeRange(value);
  if (!isScalar(value) || typeof value.value !== 'string' || !r) return [];
  const quoted = ctx.text[r[0]] === '"' || ctx.text[r[0]] === "'";
  const start = quoted ? r[0] + 1 : r[0];
  const source = ctx.text.slice(start, r[1]);
  if (source.indexOf(value.value) !== 0) return []; // escapes or folding: offsets would not line up
  const at = offsetAt(ctx.text, finding.range.start) - start;
  const entries = parseFeatureGatesValue(value.value);
  const i = entries.findIndex((e) => e.itemStart <= at && at <= e.itemEnd);
  if (i < 0 || entries.length < 2) return [];
  const e = entries[i];
  // Drop the item with the comma before it (or after it, for the first item).
  const del = i > 0 ? { start: start + entries[i - 1].itemEnd, end: start + e.itemEnd } : { start: start + e.itemStart, end: start + entries[1].itemStart };
  return [fix(input, title, [{ ...del, newText: '' }])];
}

/** api-not-served / api-deprecated / api-disabled-by-default → the served GA apiVersion of the kind. */
export function apiVersionFixes(input: FixInput): Fix[] {
  const { root, ctx, apiVersion, kind } = input;
  if (!root || !kind || !apiVersion || !ctx.versionData) return [];
  const group = groupOf(apiVersion);
  const ga = kindsNamed(ctx.versionData, kind).filter(
    (k) => k.group === group && k.stability === 'stable' && isServedApiKind(k) && k.apiVersion !== apiVersion,
  );
  // The served apiVersions the finding names (from the version data's routing), e.g. a kind that moved to
  // another group (extensions/v1beta1 Ingress → networking.k8s.io/v1).
  const servedAs = input.finding.code === 'api-not-served' ? (input.finding.data?.servedAs ?? []) : [];
  const servedElsewhere = servedAs.filter(
    (av: string) => av !== apiVersion && !ga.some((k) => k.apiVersion === av) && kindsNamed(ctx.versionData!, kind).some((k) => k.apiVersion === av && isServedApiKind(k)),
  );
  const valueNode = pairByKey(root, 'apiVersion')?.value;
  const r = nodeRange(valueNode);
  if (!r || ga.length + servedElsewhere.length === 0) return [];
  const choices = [
    ...ga.map((k) => ({ apiVersion: k.apiVersion, title: `Use ${k.apiVersion} (served and GA in ${ctx.version})` })),
    ...[...new Set(servedElsewhere)].map((av) => ({ apiVersion: av, title: `Use ${av} (served in ${ctx.version})` })),
  ];
  return choices.map((c, i) => fix(input, c.title, [{ start: r[0], end: r[1], newText: c.apiVersion }], i === 0));
}
