// Builds a small manifest that holds a structural path, for tests (keys only; values are null).
import type { Position } from '../../server/src/engine';

/** A manifest holding `path` (structural form) under apiVersion/kind, and the position of the last key. */
export function manifestFor(apiVersion: string, kind: string, path: string, extra = ''): { text: string; at: Position } {
  const lines = [`apiVersion: ${apiVersion}`, `kind: ${kind}`, 'metadata:', '  name: test'];
  const segs = path.split('.').flatMap((s) => (s === '*' ? ['key-1'] : s.endsWith('[]') ? [s.slice(0, -2), '[]'] : [s]));
  let indent = 0;
  let dash = false;
  let at: Position = { line: 0, character: 0 };
  for (let i = 0; i < segs.length; i++) {
    const key = segs[i]!;
    if (key === '[]') continue;
    const col = indent + (dash ? 2 : 0);
    const prefix = ' '.repeat(indent) + (dash ? '- ' : '');
    const last = i === segs.length - 1;
    lines.push(`${prefix}${key}:${last ? ' null' : ''}`);
    if (last) at = { line: lines.length - 1, character: col + 1 };
    dash = segs[i + 1] === '[]';
    indent = col + 2;
  }
  return { text: `${lines.join('\n')}\n${extra}`, at };
}

