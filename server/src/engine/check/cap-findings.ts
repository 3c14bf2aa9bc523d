// At most MAX_FINDINGS_PER_DOCUMENT findings per YAML document, then one `too-many-findings` summary
// ("… and N more"): a hostile file with a million errors gives a report of bounded size.
import { finding } from '../codes';
import type { Finding } from '../codes/finding';

export const MAX_FINDINGS_PER_DOCUMENT = 1000;

/** `findings` in document order (as checkText sorts them); the summary sits where the last kept finding of its
 *  document starts. */
export function capFindings(findings: readonly Finding[]): Finding[] {
  const totals = new Map<number | undefined, number>();
  for (const f of findings) totals.set(f.document, (totals.get(f.document) ?? 0) + 1);
  if (![...totals.values()].some((n) => n > MAX_FINDINGS_PER_DOCUMENT)) return [...findings];
  const kept = new Map<number | undefined, number>();
  const out: Finding[] = [];
  for (const f of findings) {
    const n = (kept.get(f.document) ?? 0) + 1;
    kept.set(f.document, n);
    if (n > MAX_FINDINGS_PER_DOCUMENT) continue;
    out.push(f);
    const total = totals.get(f.document) ?? 0;
    if (n < MAX_FINDINGS_PER_DOCUMENT || total === n) continue;
    const more = total - n;
    const at = f.range.start;
    const summary: Finding = finding('too-many-findings', {
      message: `… and ${more} more finding${more === 1 ? '' : 's'} in this document, not reported`,
      fix: `Fix these first: only the first ${MAX_FINDINGS_PER_DOCUMENT} findings of a document are reported.`,
      range: { start: at, end: at },
      data: { more, limit: MAX_FINDINGS_PER_DOCUMENT },
    });
    if (f.document !== undefined) summary.document = f.document;
    out.push(summary);
  }
  return out;
}
