// Where an inlay hint goes on a YAML line: after the value, before a trailing comment (lsp/inlay.ts contentEnd).
import { describe, expect, it } from 'vitest';
import { contentEnd } from '../../server/src/lsp/inlay';

describe('inlay hint position (end of the line content)', () => {
  it('is after the value, or after the colon of a key whose value is on the next lines', () => {
    expect(contentEnd('  skipNodeOperations: ["*"]')).toBe('  skipNodeOperations: ["*"]'.length);
    expect(contentEnd('  skipNodeOperations:   ')).toBe('  skipNodeOperations:'.length);
  });

  it('stops before a trailing comment, but not at a # inside quotes or a word', () => {
    expect(contentEnd('  mode: Gt # needs the gate')).toBe('  mode: Gt'.length);
    expect(contentEnd('  name: "a # b"  # comment')).toBe('  name: "a # b"'.length);
    expect(contentEnd('  url: http://x/#frag')).toBe('  url: http://x/#frag'.length);
  });
});
