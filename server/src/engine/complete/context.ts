// Where the cursor is in a YAML file, read from the text lines alone so that it works on incomplete YAML
// while typing (a line with just `  sk` under `spec:` does not parse as a mapping entry).
// Indentation-based: block mappings and block sequences, the styles Kubernetes manifests use.
import type { Position } from '../base/types';
import { documentWindow } from './document-window';

/** One step from a document's root to the mapping that holds the cursor. */
export type PathStep = { key: string } | { item: true };

export interface CursorContext {
  /** `key`: the cursor is where a mapping key goes; `value`: after `key: ` or `- ` on a scalar line. */
  mode: 'key' | 'value';
  /** Steps from the document root to the mapping (key mode) or to the key (value mode, last step = key). */
  path: PathStep[];
  /** Text typed so far (without quotes), and the range it covers (it gets replaced). */
  prefix: string;
  replaceStart: Position;
  replaceEnd: Position;
  /** Key mode: the key on the cursor line is already followed by `:` (insert the name only). */
  keyHasColon: boolean;
  /** Column of the key being typed (key mode) or of the key that owns the value (value mode). */
  keyColumn: number;
  /** Keys already present in the mapping that holds the cursor (key mode). */
  siblings: string[];
  /** Values of sibling `key: value` lines of the same mapping (e.g. `name: feature-gates` next to `value:`). */
  siblingValues: Record<string, string>;
  /** The cursor line starts a new list item (`- ` before the prefix). */
  startsItem: boolean;
  /** Top-level apiVersion and kind of the cursor's YAML document, when written. */
  apiVersion?: string;
  kind?: string;
  /** The cursor's YAML document has nothing but comments apart from the cursor line. */
  emptyDocument: boolean;
}

interface LineShape {
  blank: boolean;
  /** Column of the first dash, when the line starts a list item. */
  dashCol?: number;
  /** Column where content starts after indentation and dashes. */
  keyCol: number;
  key?: string;
  /** Text after `key:`, trimmed, without a trailing comment. */
  after?: string;
  rest: string;
}

// `s`: a lone \r, U+2028 or U+2029 inside a line (binary or old Mac text) must not make the match fail.
const LINE = /^(\s*)((?:-(?:\s+|$))*)(.*)$/s;
const KEY = /^("[^"]*"|'[^']*'|[^\s#'"\-{[][^:#]*?|-[^\s:#][^:#]*?)\s*:(?:\s+(.*))?$/;

function unquote(s: string): string {
  const t = s.trim();
  if (t.length >= 2 && ((t[0] === '"' && t.endsWith('"')) || (t[0] === "'" && t.endsWith("'")))) return t.slice(1, -1);
  return t;
}

function stripComment(s: string): string {
  const m = /(^|\s)#/.exec(s);
  return (m ? s.slice(0, m.index) : s).trim();
}

function shape(line: string): LineShape {
  const m = LINE.exec(line)!;
  const rest = m[3];
  if (rest.trim() === '' && m[2] === '') return { blank: true, keyCol: 0, rest: '' };
  if (rest.trimStart().startsWith('#') && m[2] === '') return { blank: true, keyCol: 0, rest: '' };
  const out: LineShape = { blank: false, keyCol: m[1].length + m[2].length, rest };
  if (m[2] !== '') out.dashCol = m[1].length;
  const k = KEY.exec(rest.replace(/\s+$/, ''));
  if (k) {
    out.key = unquote(k[1]);
    out.after = stripComment(k[2] ?? '');
  }
  return out;
}

/** A key line that opens a nested block (nothing after the colon but a comment, anchor or tag). */
function opensBlock(s: LineShape): boolean {
  return s.key !== undefined && (s.after === '' || /^[&!][^\s]*$/.test(s.after ?? ''));
}

function headerValue(lines: string[], from: number, to: number, key: string, skip: number): string | undefined {
  const re = new RegExp(`^${key}\\s*:\\s*(.*)$`);
  for (let i = from; i < to; i++) {
    if (i === skip) continue;
    const m = re.exec(lines[i]);
    if (m) {
      const v = unquote(stripComment(m[1]));
      return v === '' ? undefined : v;
    }
  }
  return undefined;
}

/** Reads the cursor's context; undefined inside comments, block scalars, flow collections or past a value.
 *  Only the lines of the cursor's YAML document are read (`window`, when the caller has it already). */
export function cursorContext(text: string, pos: Position, window = documentWindow(text, pos.line)): CursorContext | undefined {
  // A position outside the text (negative, past the end) has none.
  if (!window || pos.character < 0) return undefined;
  const first = window.first;
  const ctx = contextInLines(window.lines, { line: pos.line - first, character: pos.character });
  if (!ctx) return undefined;
  const moved = (p: Position): Position => ({ line: p.line + first, character: p.character });
  return { ...ctx, replaceStart: moved(ctx.replaceStart), replaceEnd: moved(ctx.replaceEnd) };
}

/** cursorContext over the lines of the cursor's document, `pos` counted in them. */
function contextInLines(lines: string[], pos: Position): CursorContext | undefined {
  if (pos.line < 0 || pos.character < 0 || pos.line >= lines.length) return undefined;
  const full = lines[pos.line];
  const before = full.slice(0, pos.character);
  if (/(^|\s)#/.test(before)) return undefined;
  if (/^(---|\.\.\.)/.test(before)) return undefined;
  // The lines are those of the cursor's document (document-window.ts).
  const docStart = 0;
  const docEnd = lines.length;

  let mode: 'key' | 'value';
  let keyColumn: number;
  let prefix: string;
  let startsItem = false;
  let valueKey: string | undefined;
  let replaceFrom: number;

  const m = LINE.exec(before)!;
  const rest = m[3];
  const kv = /^("[^"]*"|'[^']*'|[^\s#'"{[][^:#]*?)\s*:\s+(.*)$/.exec(rest);
  if (kv) {
    mode = 'value';
    keyColumn = m[1].length + m[2].length;
    valueKey = unquote(kv[1]);
    const raw = kv[2];
    if (/^[[{|>]/.test(raw)) return undefined;
    const quoteOffset = /^["']/.test(raw) ? 1 : 0;
    prefix = raw.slice(quoteOffset);
    replaceFrom = pos.character - prefix.length;
    startsItem = m[2] !== '';
  } else if (/^[A-Za-z0-9_.\-/"']*$/.test(rest)) {
    mode = 'key';
    keyColumn = m[1].length + m[2].length;
    prefix = rest.replace(/^["']/, '');
    replaceFrom = pos.character - prefix.length;
    startsItem = m[2] !== '';
  } else {
    return undefined;
  }

  // The rest of the word after the cursor is replaced too; a key already followed by `:` keeps its colon.
  const after = full.slice(pos.character);
  const tail = /^[A-Za-z0-9_.\-/]*/.exec(after)![0];
  const keyHasColon = mode === 'key' && /^[A-Za-z0-9_.\-/]*\s*:/.test(after);

  const path = walkUp(lines, pos.line - 1, docStart, keyColumn, startsItem ? m[1].length : undefined);
  if (!path) return undefined;
  const siblings = new Set<string>();
  const siblingValues: Record<string, string> = {};
  if (!startsItem) collectAbove(lines, pos.line - 1, docStart, keyColumn, siblings, siblingValues);
  collectBelow(lines, pos.line + 1, docEnd, keyColumn, siblings, siblingValues);

  const apiVersion = headerValue(lines, docStart, docEnd, 'apiVersion', pos.line);
  const kind = headerValue(lines, docStart, docEnd, 'kind', pos.line);
  let emptyDocument = true;
  for (let k = docStart; k < docEnd; k++) {
    if (k === pos.line || /^---/.test(lines[k])) continue;
    if (!shape(lines[k]).blank) {
      emptyDocument = false;
      break;
    }
  }
  if (mode === 'value' && valueKey !== undefined) path.push({ key: valueKey });
  return {
    mode,
    path,
    prefix,
    replaceStart: { line: pos.line, character: replaceFrom },
    replaceEnd: { line: pos.line, character: pos.character + tail.length },
    keyHasColon,
    keyColumn,
    siblings: [...siblings].filter((k) => k !== valueKey),
    siblingValues,
    startsItem,
    apiVersion,
    kind,
    emptyDocument,
  };
}

/** Steps from the document root to the mapping whose keys sit at `col` (or to the list whose dashes sit at
 *  `listCol` when the cursor line starts a new item). Undefined when the lines above do not nest cleanly. */
function walkUp(lines: string[], from: number, docStart: number, col: number, listCol?: number): PathStep[] | undefined {
  const path: PathStep[] = [];
  let state: 'mapping' | 'list' = 'mapping';
  let dashes = 0;
  if (listCol !== undefined) {
    path.push({ item: true });
    state = 'list';
    dashes = listCol;
  }
  for (let i = from; i >= docStart; i--) {
    const s = shape(lines[i]);
    if (s.blank) continue;
    if (state === 'mapping') {
      if (s.keyCol > col) continue;
      if (s.keyCol === col) {
        if (s.key === undefined) return undefined;
        if (s.dashCol !== undefined) {
          path.push({ item: true });
          state = 'list';
          dashes = s.dashCol;
        }
        continue;
      }
    } else {
      if (s.dashCol === dashes) continue; // an earlier item of the same list
      if (s.keyCol > dashes) continue; // inside an earlier item
    }
    // A line left of the mapping or list: it must be the key that opens it.
    if (!opensBlock(s)) return undefined;
    path.push({ key: s.key! });
    col = s.keyCol;
    state = 'mapping';
    if (s.dashCol !== undefined) {
      path.push({ item: true });
      state = 'list';
      dashes = s.dashCol;
    }
  }
  if (state !== 'mapping') return undefined;
  return path.reverse();
}

function collectBelow(
  lines: string[],
  from: number,
  docEnd: number,
  column: number,
  siblings: Set<string>,
  values: Record<string, string>,
): void {
  for (let i = from; i < docEnd; i++) {
    const s = shape(lines[i]);
    if (s.blank) continue;
    if (s.keyCol < column || (s.dashCol !== undefined && s.dashCol < column)) break;
    if (s.keyCol === column && s.key !== undefined) {
      siblings.add(s.key);
      if (s.after) values[s.key] = unquote(s.after);
    }
  }
}

function collectAbove(
  lines: string[],
  from: number,
  docStart: number,
  column: number,
  siblings: Set<string>,
  values: Record<string, string>,
): void {
  for (let i = from; i >= docStart; i--) {
    const s = shape(lines[i]);
    if (s.blank) continue;
    if (s.keyCol < column) break;
    if (s.keyCol === column && s.key !== undefined) {
      siblings.add(s.key);
      if (s.after) values[s.key] = unquote(s.after);
      if (s.dashCol !== undefined) break; // first key of the list item that holds the cursor
    }
  }
}
