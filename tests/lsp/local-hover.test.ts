// The language server hovers a multi-document file through a smaller text (the hovered document plus the
// file's gate configs). On every key of multi-document corpus files the view must equal the engine's hover
// over the whole file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGateEnvironment } from '../../server/src/engine/gates';
import { hoverAt } from '../../server/src/engine/hover';
import { gateCatalog } from '../../server/src/engine/knowledge';
import { defaultSettings } from '../../server/src/contract/settings';
import { hoverView } from '../../server/src/lsp/hover';
import type { DocumentContext } from '../../server/src/lsp/analysis';
import { readSharedTsv, sharedPath, suite, SHARED } from '../support/shared';

const S = suite('LSP hover through the hovered document equals hover over the whole file', SHARED);

/** Positions of every block-mapping key (a `key:` at the start of a line, after indentation and `- `). */
function keyPositions(text: string): { line: number; character: number }[] {
  const out: { line: number; character: number }[] = [];
  text.split(/\r?\n/).forEach((l, line) => {
    const m = /^(\s*(?:-\s+)*)([A-Za-z][\w.-]*):/.exec(l);
    if (m) out.push({ line, character: m[1]!.length + 1 });
  });
  return out;
}

describe.skipIf(S.skip)(S.title, { timeout: 120_000 }, () => {
  it('gives the same Markdown and range on every key of multi-document corpus files', async () => {
    const files = readSharedTsv('corpus/MANIFEST.tsv', ['file'])
      .map((r) => r['file']!)
      .map((f) => ({ f, text: readFileSync(sharedPath('corpus', f), 'utf8') }))
      .filter(({ text }) => (text.match(/^---/gm) ?? []).length >= 2 && text.length > 4_000 && !text.includes('{{'))
      .slice(0, 10);
    expect(files.length).toBeGreaterThan(3);
    const environment = buildGateEnvironment({ catalog: gateCatalog(), version: '1.37' });
    const ctx: DocumentContext = { file: 'x.yaml', version: '1.37', environment, configs: [], settings: defaultSettings() };
    let compared = 0;
    for (const { f, text } of files) {
      // The first and the last 40 keys of each file (the first and the last documents) keep the run short.
      const positions = keyPositions(text);
      for (const pos of [...positions.slice(0, 40), ...positions.slice(-40)]) {
        const whole = hoverAt(text, pos, { version: '1.37', environment, file: 'x.yaml' });
        const local = await hoverView(text, pos, ctx);
        expect(local?.markdown, `${f} ${pos.line}:${pos.character}`).toBe(whole?.markdown);
        if (whole) expect(local?.range, `${f} ${pos.line}:${pos.character}`).toEqual(whole.range);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
