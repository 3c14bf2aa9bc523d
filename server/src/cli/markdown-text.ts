// The hover Markdown rendered for a terminal: `**bold**` and `` `code` `` markers dropped (bold kept as
// ANSI bold when colour is on), pipe tables aligned in columns, `[text](url)` written as `text <url>`,
// headings and list bullets kept readable, long paragraphs wrapped.
import { wrapText } from './args';
import { append } from '../engine';

export interface MarkdownTextOptions {
  /** ANSI bold for `**…**`. */
  color: boolean;
  /** Wrap paragraphs to this width (0: no wrapping). */
  width: number;
}

/** Inline Markdown → text. */
export function inlineText(text: string, color: boolean): string {
  let out = text;
  out = out.replace(/!?\[([^\]]*)\]\(([^)\s]+)(?:\s+"([^"]*)")?\)/g, (_m, label: string, url: string, title?: string) => {
    const text = label && label !== url ? label : '';
    const extra = title && title !== label ? ` (${title})` : '';
    return text ? `${text}${extra} <${url}>` : `<${url}>${extra}`;
  });
  out = out.replace(/\*\*(.+?)\*\*/g, (_m, inner: string) => (color ? `\u001b[1m${inner}\u001b[22m` : inner));
  out = out.replace(/__(.+?)__/g, '$1');
  out = out.replace(/(^|[\s(])\*([^*\s][^*]*?)\*(?=$|[\s).,;:])/g, '$1$2');
  out = out.replace(/`([^`]+)`/g, '$1');
  out = out.replace(/\\([\\`*_[\]()#|<>-])/g, '$1');
  return out;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

function visibleLength(s: string): number {
  return s.replace(ANSI, '').length;
}

function splitRow(line: string): string[] {
  let t = line.trim();
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|') && !t.endsWith('\\|')) t = t.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '\\' && t[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (t[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += t[i];
  }
  cells.push(cell.trim());
  return cells;
}

const SEPARATOR_ROW = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function renderTable(lines: string[], color: boolean): string[] {
  const rows = lines.filter((l) => !SEPARATOR_ROW.test(l)).map((l) => splitRow(l).map((c) => inlineText(c, color)));
  const n = Math.max(...rows.map((r) => r.length));
  const widths = Array.from({ length: n }, (_, i) => Math.max(...rows.map((r) => visibleLength(r[i] ?? ''))));
  const out = rows.map((r) =>
    Array.from({ length: n }, (_, i) => {
      const c = r[i] ?? '';
      return i === n - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - visibleLength(c));
    })
      .join('   ')
      .trimEnd(),
  );
  if (out.length > 1) out.splice(1, 0, widths.map((w) => '─'.repeat(Math.max(w, 1))).join('   '));
  return out;
}

/** Markdown (as the hover views write it) → plain text for a terminal. */
export function markdownToText(markdown: string, options: MarkdownTextOptions): string {
  const lines = markdown.split(/\r?\n/);
  const out: string[] = [];
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\s+$/, '');
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      out.push(`    ${line}`);
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const block: string[] = [];
      while (i < lines.length && /^\s*\|/.test(lines[i] as string)) block.push(lines[i++] as string);
      i--;
      append(out, renderTable(block, options.color));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const text = inlineText(heading[2] as string, false);
      out.push(options.color ? `\u001b[1m${text}\u001b[22m` : text);
      continue;
    }
    if (/^\s*(---|\*\*\*|___)\s*$/.test(line)) {
      out.push('');
      continue;
    }
    const bullet = /^(\s*)([-*+]|\d+\.)\s+(.*)$/.exec(line);
    const indent = bullet ? `${bullet[1]}${/^\d/.test(bullet[2] as string) ? `${bullet[2]} ` : '• '}` : '';
    const body = inlineText(bullet ? (bullet[3] as string) : line, options.color);
    if (!options.width || visibleLength(indent + body) <= options.width || ANSI.test(body)) {
      ANSI.lastIndex = 0;
      out.push(indent + body);
      continue;
    }
    const wrapped = wrapText(body, Math.max(20, options.width - indent.length));
    wrapped.forEach((w, k) => out.push((k === 0 ? indent : ' '.repeat(indent.length)) + w));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}
