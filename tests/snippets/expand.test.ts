// Internal imports: `snippets` (the snippet file parser).
import { describe, expect, it } from 'vitest';
import { expandDefaults } from '../../server/src/engine';
import { parseSnippets } from '../../server/src/engine/snippets';

describe('expandDefaults (snippet syntax → text with defaults)', () => {
  it('takes placeholder defaults, the first choice, and drops $0', () => {
    expect(expandDefaults('a: ${1:x}\nb: ${2|on,off|}\n$0')).toBe('a: x\nb: on\n');
  });
  it('fills mirrored tab stops with the default given elsewhere, even before it', () => {
    expect(expandDefaults('$1-${1:name}-${1}')).toBe('name-name-name');
  });
  it('keeps the first default of a tab stop for later mirrors with another default', () => {
    expect(expandDefaults('${3:a} ${3:b}')).toBe('a a');
  });
  it('expands nested placeholders and unescapes', () => {
    expect(expandDefaults('${1:outer ${2:inner}} \\$HOME \\} ${3|a\\,b,c|}')).toBe('outer inner $HOME } a,b');
  });
  it('rejects unterminated placeholders', () => {
    expect(() => expandDefaults('${1:oops')).toThrow();
  });
});

describe('parseSnippets', () => {
  it('joins body lines and keeps prefix and description', () => {
    const [s] = parseSnippets('{ "T": { "prefix": ["p", "q"], "body": ["a", "b"], "description": "d" } }');
    expect(s).toEqual({ name: 'T', prefix: 'p', body: 'a\nb', description: 'd' });
  });
  it('fails on a snippet without a body', () => {
    expect(() => parseSnippets('{ "T": { "prefix": "p" } }')).toThrow(/no prefix or body/);
  });
});
