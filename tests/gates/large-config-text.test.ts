// Reading the gate configs of a large file parses only the documents that may hold one, with the same answer
// (settings, ranges, document indices) as reading the whole file.
import { describe, expect, it } from 'vitest';
import { readGateConfigsFromText } from '../../server/src/engine';

const filler = (i: number) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\ndata:\n  k: "${'x'.repeat(200)}"\n`;
const kubelet = (gate: string) => `apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  ${gate}: true\n`;

describe('gate configs of a large file', () => {
  it('gives the same settings and positions as a whole-file read', () => {
    const docs: string[] = ['# leading comment\n'];
    for (let i = 0; i < 400; i++) docs.push(i % 100 === 50 ? kubelet(`Gate${i}`) : filler(i));
    const large = docs[0] + docs.slice(1).join('---\n');
    expect(large.length).toBeGreaterThan(64 * 1024);
    const fast = readGateConfigsFromText(large, 'big.yaml');
    // The same documents, small enough for the whole-file path, one by one at their place.
    const view = (c: ReturnType<typeof readGateConfigsFromText>[number]) => ({
      document: c.document,
      settings: c.settings.map((s) => [s.gate, s.value, s.range]),
    });
    expect(fast.map((c) => c.settings.map((s) => s.gate))).toEqual([['Gate50'], ['Gate150'], ['Gate250'], ['Gate350']]);
    const lines = large.split('\n');
    for (const c of fast) {
      const s = c.settings[0]!;
      expect(lines[s.range.start.line]!.slice(s.range.start.character, s.range.end.character)).toBe(s.gate);
    }
    // Document indices count every document of the file (the leading comment belongs to the first).
    expect(fast.map((c) => c.document)).toEqual([50, 150, 250, 350]);
    // The whole-file path on the first 61 documents (under the size limit) gives the first one identically.
    const small = docs[0] + docs.slice(1, 62).join('---\n');
    expect(small.length).toBeLessThan(64 * 1024);
    const slow = readGateConfigsFromText(small, 'big.yaml');
    expect(slow.map(view)).toEqual([view(fast[0]!)]);
  });
});

describe('gate configs of a large file with CR LF lines', () => {
  it('give the lines LSP counts, as the whole-file read does', () => {
    const docs: string[] = [];
    for (let i = 0; i < 400; i++) docs.push(i === 250 ? kubelet('GateCrLf') : filler(i));
    const large = `# leading comment\r\n${docs.join('---\n')}`.replace(/\r?\n/g, '\r\n');
    expect(large.length).toBeGreaterThan(64 * 1024);
    const [config] = readGateConfigsFromText(large, 'big.yaml');
    const s = config!.settings[0]!;
    expect(large.split('\r\n')[s.range.start.line]!.slice(s.range.start.character, s.range.end.character)).toBe('GateCrLf');
    expect(config!.document).toBe(250);
  });
});
