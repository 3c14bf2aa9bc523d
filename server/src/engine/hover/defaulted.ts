// The "defaulted" lines of a hover: what kube-apiserver's defaulting sets (validate/apiserver/defaults.ts, the
// same defaults the rules read) at or below the hovered field where the text leaves it unset: hovering `spec` of
// a Deployment written without replicas says `replicas` defaulted: `1`; hovering `ports` says each port's
// protocol; a field written empty (`replicas:`) says what it becomes.
import type { YAMLMap } from 'yaml';
import type { KindEntry } from '../knowledge/data-contract';
import type { ParsedDocument, ParsedFile } from '../model';
import { sameRange } from '../parse/ranges';
import type { Range } from '../base/types';
import { ITEM } from '../knowledge/type-path';
import { applyDefaults } from '../validate/apiserver/defaults';
import { defaultedView, portedKind } from '../validate/apiserver/defaulted-view';
import { fieldOf, itemOf, type Obj, type Value } from '../validate/apiserver/object-view';

const NONE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Lines listed at most (a pod template's defaults under a Deployment's `spec` stay readable). */
const MAX_LINES = 12;

interface DefaultedLine {
  /** Server path relative to the hovered field ('' for the field itself). */
  path: string;
  value: Value;
}

/** What defaulting sets at the hovered field (its key or scalar value at `range`; the object root for `kind`). */
export function defaultedAt(file: ParsedFile, document: ParsedDocument, root: YAMLMap, entry: KindEntry, range: Range | 'root'): DefaultedLine[] {
  if (!document.doc || !portedKind(entry, true)) return [];
  const { view, root: defaultedRoot, defaulted } = defaultedView({ doc: document.doc, text: file.text, lineCounter: file.lineCounter }, root, entry, NONE);
  const hovered = range === 'root' ? '' : [...view.where].find(([, at]) => (at.key && sameRange(at.key, range)) || sameRange(at.value, range))?.[0];
  return hovered === undefined ? [] : linesAt(hovered, view.where, defaultedRoot, defaulted);
}

/**
 * What defaulting sets at a field of an object that writes only the way to it (`kubegate explain`: no text): the
 * objects on the way, the field itself left unset, or written empty when it holds an object or a list of objects
 * (one item, `[]` in the lines) so that its children's defaults show.
 */
export function defaultedInOutline(entry: KindEntry, segments: readonly string[], holds: 'object' | 'list' | 'value'): DefaultedLine[] {
  if (!portedKind(entry, true) || segments.length === 0) return [];
  const root: Obj = {};
  const written = new Set<string>();
  let holder = root;
  let path = '';
  for (let i = 0; i < segments.length; i++) {
    const key = segments[i]!;
    if (key === ITEM) continue;
    const last = i === segments.length - 1;
    const list = last ? holds === 'list' : segments[i + 1] === ITEM;
    path = fieldOf(path, key);
    if (last && holds === 'value') break;
    written.add(path);
    const child: Obj = {};
    holder[key] = list ? [child] : child;
    holder = child;
    if (list && !last) path = itemOf(path, 0);
    if (list && !last) written.add(path);
    if (list && last) written.add(itemOf(path, 0));
  }
  const defaulted = applyDefaults(`${entry.group}/${entry.kind}`, root);
  return linesAt(path, written, root, defaulted).map((l) => ({ ...l, path: l.path.replace(/^\[0\]/, '[]') }));
}

function linesAt(hovered: string, written: { has(path: string): boolean }, defaultedRoot: Obj, defaulted: ReadonlySet<string>): DefaultedLine[] {
  const lines: DefaultedLine[] = [];
  for (const path of [...defaulted].sort()) {
    const value = valueAt(defaultedRoot, path);
    // An object made by defaulting is shown by its leaves (an empty one, `emptyDir: {}`, as itself).
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) continue;
    if (path === hovered) {
      lines.push({ path: '', value });
      continue;
    }
    if (!below(path, hovered)) continue;
    // Unset below the hovered field itself (or below one of its list items): not below another written field.
    const at = writtenAncestor(written, path);
    if (at === hovered || isItemOf(at, hovered)) lines.push({ path: relative(path, hovered), value });
  }
  return lines;
}

/** The Markdown of the lines ('' when there are none). */
export function defaultedMarkdown(lines: readonly DefaultedLine[], fieldName: string): string {
  if (lines.length === 0) return '';
  const shown = lines.slice(0, MAX_LINES).map((l) => `- \`${l.path === '' ? fieldName : l.path}\` defaulted: \`${shownValue(l.value)}\``);
  if (lines.length > MAX_LINES) shown.push(`- and ${lines.length - MAX_LINES} more`);
  return ['Set by kube-apiserver when the object is created (defaulting, where the manifest leaves it unset):', ...shown].join('\n');
}

function shownValue(value: Value): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function below(path: string, ancestor: string): boolean {
  return ancestor === '' ? path !== '' : path.startsWith(ancestor) && (path[ancestor.length] === '.' || path[ancestor.length] === '[');
}

function relative(path: string, ancestor: string): string {
  return ancestor === '' ? path : path.slice(ancestor.length).replace(/^\./, '');
}

/** `list[3]` is an item of `list`. */
function isItemOf(path: string, list: string): boolean {
  return path.startsWith(`${list}[`) && /^\[\d+\]$/.test(path.slice(list.length));
}

/** The nearest ancestor of `path` that the text writes ('' for the object). */
function writtenAncestor(where: { has(path: string): boolean }, path: string): string {
  let at = parentOf(path);
  while (at !== '' && !where.has(at)) at = parentOf(at);
  return at;
}

function parentOf(path: string): string {
  // A bracketed key may hold dots (`labels[app.kubernetes.io/name]`).
  const cut = path.endsWith(']') ? path.lastIndexOf('[') : path.lastIndexOf('.');
  return cut <= 0 ? '' : path.slice(0, cut);
}

/** The value at a server path of a plain object (`a.b[2].c`, `a[key]`). */
function valueAt(root: Obj, path: string): Value {
  let at: Value | undefined = root;
  for (const m of path.matchAll(/([^.[\]]+)|\[([^\]]+)\]/g)) {
    const step = m[1] ?? m[2]!;
    if (Array.isArray(at)) at = /^\d+$/.test(step) ? at[Number(step)] : undefined;
    else if (at && typeof at === 'object') at = (at as Obj)[step];
    else at = undefined;
  }
  return at ?? null;
}
