// The object a kube-apiserver rule of this folder reads: the document as the decoder sees it (object-view.ts),
// copied and defaulted (defaults.ts), for the API kinds and versions whose defaults and rules are ported here.
// The rules (run.ts) and the hover's "defaulted" lines (hover/defaulted.ts) both start from it.
import type { YAMLMap } from 'yaml';
import type { KindEntry } from '../../knowledge/data-contract';
import type { Range } from '../../base/types';
import { clone, objectView, type Obj, type ObjectView, type ViewSource } from './object-view';
import { applyDefaults, holdsPodSpec } from './defaults';

/** The API versions whose defaults and rules this folder ports (others of the same kind are not served). */
const CHECKED_VERSIONS = new Set(['v1', 'v2']);

interface DefaultedView {
  /** `group/Kind` (core group empty). */
  gk: string;
  /** The object as written. */
  view: ObjectView;
  /** A copy after defaulting. */
  root: Obj;
  /** The server paths that defaulting set. */
  defaulted: ReadonlySet<string>;
}

/** True for an API kind document whose defaults and rules are ported here (`hasRules`: the kind has rules). */
export function portedKind(entry: KindEntry, hasRules: boolean): boolean {
  if (entry.component || entry.payload || !CHECKED_VERSIONS.has(entry.version)) return false;
  return hasRules || holdsPodSpec(`${entry.group}/${entry.kind}`);
}

export function defaultedView(source: ViewSource, map: YAMLMap, entry: KindEntry, rootRange: Range): DefaultedView {
  const gk = `${entry.group}/${entry.kind}`;
  const view = objectView(source, map, rootRange);
  const root = clone(view.root);
  const defaulted = applyDefaults(gk, root);
  return { gk, view, root, defaulted };
}
