// The hover of a gated field leads with one line (gate, stage/default in the version, state, KEP link), then the
// field's type and allowed values, then the history; and it stays short. Facts are read from the committed schemas/.
// Internal imports: `hover` (the hover view of one text, without the snapshot of an open document).
import { describe, expect, it } from 'vitest';
import { hoverAt } from '../../server/src/engine/hover';
import { manifestFor } from '../gates/manifest-builder';
import { gate, gatedFields } from '../support/committed';

const V = '1.37';
/** Rendered lines of a hover for one gated field: headline, field, values, three facts, summary (+ evidence). */
const MAX_LINES = 10;

function renderedLines(md: string): string[] {
  return md.split('\n').filter((l) => l.trim() !== '' && l.trim() !== '---');
}

describe('hover: the first line leads with the gate and its KEP', () => {
  const rows = gatedFields(V).filter((r) => r.value === undefined && r.path !== '(kind)' && gate(r.gate).kep);

  it('for every gated field of a few kinds: first line = gate · stage/default · state · KEP link; then type; then history', () => {
    const sample = rows.filter((r, i) => rows.findIndex((x) => x.kind === r.kind) === i).slice(0, 12);
    expect(sample.length).toBeGreaterThan(3);
    let checked = 0;
    for (const r of sample) {
      const { text, at } = manifestFor(r.apiVersion, r.kind, r.path);
      const h = hoverAt(text, at, { version: V });
      if (!h) continue;
      const ref = gate(r.gate);
      const st = ref.by_version[V]!;
      const lines = h.markdown.split('\n');
      const first = lines[0]!;
      const stage = st.stage === 'Stable' ? 'GA' : st.stage;
      expect(first, r.path).toMatch(new RegExp(`^Feature gate \`${r.gate}\` · ${stage}, (on|off) by default`));
      expect(first).toMatch(/ · \*\*(on|off)[^*]*\*\* · /);
      expect(first).toContain(`[KEP-${ref.kep}](https://kep.k8s.io/${ref.kep}`);
      const field = r.path.split('.').pop()!.replace('[]', '');
      const typeAt = lines.findIndex((l) => l.startsWith(`**\`${field}\`**`));
      const historyAt = lines.findIndex((l) => l.startsWith('Stage history') || l.includes('Stage history'));
      expect(typeAt, h.markdown).toBeGreaterThan(0);
      expect(historyAt).toBeGreaterThan(typeAt);
      expect(renderedLines(h.markdown).length, h.markdown).toBeLessThanOrEqual(MAX_LINES);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });
});
