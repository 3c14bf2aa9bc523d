// The server's per-document re-check (lsp/incremental.ts) must give exactly the whole-file report:
// over every corpus file, over a generated 10k-line stream, and after an edit (cached pieces reused).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/engine/check';
import { mayHoldGateConfig } from '../../server/src/engine/gates/config-readers';
import type { FileReport } from '../../server/src/engine/types';
import { IncrementalChecker, splitDocuments } from '../../server/src/lsp/incremental';
import { sharedDir, hasShared, sharedTitle } from '../support/shared';

const whole = (t: string): FileReport => checkText(t, { version: '1.37' });

function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) out.push(...yamlFiles(p));
    else if (/\.ya?ml$/.test(e)) out.push(p);
  }
  return out;
}

describe('document splitting', () => {
  it('cuts at --- lines, keeps leading comments with the first document, and refuses unsure cuts', () => {
    const text = '# head\n\n---\na: 1\n---\nb: 2\n';
    expect(splitDocuments(text)?.map((p) => [p.line, p.text])).toEqual([
      [0, '# head\n\n---\na: 1\n'],
      [4, '---\nb: 2\n'],
    ]);
    expect(splitDocuments('a: 1\n...\nb: 2\n')).toBeUndefined();
    expect(splitDocuments(`${'a: 1\n'.repeat(12)}# kubegate: kubernetes-version=1.36\n---\nb: 2\n`)).toBeUndefined();
  });
});

describe.skipIf(!hasShared)(sharedTitle('incremental re-check equals the whole-file check'), { timeout: 120_000 }, () => {
  it('on every corpus file', () => {
    const files = yamlFiles(path.join(sharedDir, 'corpus'));
    expect(files.length).toBeGreaterThan(20);
    const diffs: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      // Every piece checked on its own (never the whole-file shortcut).
      const got = new IncrementalChecker({ wholeAbove: Infinity }).check(text, '1.37', {}, whole, mayHoldGateConfig);
      if (JSON.stringify(got) !== JSON.stringify(whole(text))) diffs.push(path.relative(sharedDir, f));
    }
    expect(diffs).toEqual([]);
  }, 180_000);

  it('on a generated multi-document stream, before and after an edit in one document', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kubegate-gen-'));
    try {
      execFileSync(process.execPath, [path.join(sharedDir, 'bench', 'gen-manifests.mjs'), '--out', dir], { stdio: 'ignore' });
      const text = readFileSync(path.join(dir, 'k8s-10k.yaml'), 'utf8');
      const owner = {};
      let calls = 0;
      const counting = (t: string) => {
        calls++;
        return whole(t);
      };
      // Piece by piece, and with the whole-file shortcut of a first check: both equal the whole-file report.
      expect(new IncrementalChecker({ wholeAbove: Infinity }).check(text, '1.37', owner, counting, mayHoldGateConfig)).toEqual(whole(text));
      expect(calls).toBeGreaterThan(10);
      const checker = new IncrementalChecker();
      calls = 0;
      expect(checker.check(text, '1.37', owner, counting, mayHoldGateConfig)).toEqual(whole(text));
      expect(calls).toBe(1);
      // Edit one line in the middle: only that document is checked again.
      const lines = text.split('\n');
      const mid = lines.findIndex((l, i) => i > lines.length / 2 && /^\s+replicas: \d+/.test(l));
      expect(mid).toBeGreaterThan(0);
      lines[mid] = lines[mid].replace(/replicas: \d+/, 'replicaz: 3');
      const edited = lines.join('\n');
      calls = 0;
      const after = checker.check(edited, '1.37', owner, counting, mayHoldGateConfig);
      expect(calls).toBe(1);
      expect(after).toEqual(whole(edited));
      expect(after.findings.some((f) => f.code === 'unknown-field' && f.range.start.line === mid)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
