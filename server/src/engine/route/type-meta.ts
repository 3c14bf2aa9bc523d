// A document without a string apiVersion and kind, as kubectl reads it.
import { finding } from '../codes';
import { isScalar, type Node, type Pair, type YAMLMap } from 'yaml';
import type { ParsedFile } from '../model';
import { rangeOf } from '../parse/ranges';
import type { Finding } from '../codes/finding';
import type { TypeMeta } from './inputs';

/**
 * kubectl refuses a document without a string apiVersion and kind ("apiVersion not set", "kind not set"). A
 * document that names one of them, or has `metadata` or `spec`, is an object missing the other; a document with
 * neither key nor those fields is taken for a fragment of another YAML file (values, a snippet) and not checked.
 * Decided per document, so that a file and each of its documents alone get the same answer. In a kustomize patch
 * the check drops the finding (a patch is a fragment).
 */
export function typeMetaFinding(parsed: ParsedFile, map: YAMLMap, meta: TypeMeta, document: number): Finding | undefined {
  const keyOf = (name: string) => (map.items as Pair<Node | null, Node | null>[]).find((p) => isScalar(p.key) && p.key.value === name);
  const first = (map.items[0] as Pair<Node | null, Node | null> | undefined)?.key;
  const firstRange = first?.range ? rangeOf(parsed.lineCounter, first.range[0], first.range[1]) : undefined;
  const notString = (['apiVersion', 'kind'] as const).filter((n) => keyOf(n) && (n === 'apiVersion' ? meta.apiVersion : meta.kind) === undefined);
  const missing = (['apiVersion', 'kind'] as const).filter((n) => !keyOf(n));
  const named = missing.length < 2;
  const common = { severity: 'error' as const, document, data: { rule: 'typeMeta', pipelineStage: 'decode' as const, verdict: 'rejected' as const } };
  if (notString.length > 0) {
    const name = notString[0]!;
    const v = keyOf(name)?.value;
    const range = v?.range ? rangeOf(parsed.lineCounter, v.range[0], v.range[1]) : (meta.kindRange ?? meta.apiVersionRange ?? firstRange);
    if (!range) return undefined;
    return finding('invalid-value', { ...common, message: `Applying fails: ${name} must be a string`, fix: `Write ${name} as text, e.g. ${name === 'kind' ? 'kind: Deployment' : 'apiVersion: apps/v1'}.`, path: name, range, data: { ...common.data, field: name } });
  }
  if (!named && !keyOf('metadata') && !keyOf('spec')) return undefined;
  const range = named ? (meta.kindKeyRange ?? meta.apiVersionRange ?? firstRange) : firstRange;
  if (!range) return undefined;
  const what = missing.length === 2 ? 'apiVersion and kind are' : `${missing[0]} is`;
  return finding('missing-field', {
    ...common,
    message: `Applying fails: ${what} not set`,
    fix: missing.length === 2 ? 'Add apiVersion and kind (e.g. apiVersion: v1, kind: ConfigMap).' : `Add ${missing[0]}.`,
    path: missing[0]!,
    range,
    data: { ...common.data, field: missing.join(',') },
  });
}

/** The apiVersion and kind of a mapping as written (a value that is no string: undefined, with its range). */
export function readTypeMeta(parsed: ParsedFile, map: YAMLMap): TypeMeta {
  const meta: TypeMeta = {};
  for (const pair of map.items as Pair<Node | null, Node | null>[]) {
    if (!isScalar(pair.key)) continue;
    const name = pair.key.value;
    if (name !== 'apiVersion' && name !== 'kind') continue;
    const v = pair.value;
    const r = v?.range ?? pair.key.range;
    const range = r ? rangeOf(parsed.lineCounter, r[0], r[1]) : undefined;
    const value = isScalar(v) && typeof v.value === 'string' ? v.value : undefined;
    if (name === 'apiVersion') {
      meta.apiVersion = value;
      meta.apiVersionRange = range;
    } else {
      meta.kind = value;
      meta.kindRange = range;
      const kr = pair.key.range;
      if (kr) meta.kindKeyRange = rangeOf(parsed.lineCounter, kr[0], kr[1]);
    }
  }
  return meta;
}
