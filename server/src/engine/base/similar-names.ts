// "Did you mean": names close to a misspelt one (kinds, fields, enum values, gates, CLI options, config keys).
// One distance and one cut-off rule for every caller. Dependency-free.
import { compareText } from './compare-text';

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions). With `cap`, stops as soon as the
 * distance is known to exceed it and returns `cap + 1`.
 */
export function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > cap) return cap + 1;
  if (n === 0) return m;
  if (m === 0) return n;
  let prevPrev = new Int32Array(m + 1);
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let best = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        best = Math.min(best, prevPrev[j - 2]! + 1);
      }
      cur[j] = best;
      if (best < rowMin) rowMin = best;
    }
    // A row's minimum never drops by more than one from the row before, and a transposition from two rows up
    // costs one: once a whole row is over the cap, so is the distance.
    if (rowMin > cap) return cap + 1;
    const recycled = prevPrev;
    prevPrev = prev;
    prev = cur;
    cur = recycled;
  }
  return prev[m]!;
}

/** Edits a name may be away from a suggestion: a third of its length, at least 1 and at most 3. */
function editLimit(name: string): number {
  return Math.max(1, Math.min(3, Math.floor(name.length / 3)));
}

/** Shortest name whose leading letters count as an abbreviation (`--conf` → `--config`). */
const MIN_ABBREVIATION = 3;

/** Whether a candidate has the same letters as `name` ignoring case, without being `name` itself. */
export function sameLetters(name: string, candidate: string): boolean {
  return candidate !== name && candidate.toLowerCase() === name.toLowerCase();
}

/**
 * Candidates close to `name`, best first, at most `max`. Candidates with the same letters ignoring case win
 * alone (`SkipNodeOperations` → `skipNodeOperations`); otherwise a candidate is close when it is within
 * `editLimit(name)` edits, ignoring case, or starts with the name (3 letters or more; counted as one edit).
 * Ties go by name. `name` itself is never suggested.
 */
export function closeNames(name: string, candidates: Iterable<string>, max = 3): string[] {
  const lower = name.toLowerCase();
  const limit = editLimit(name);
  const caseOnly: string[] = [];
  const near: { c: string; d: number }[] = [];
  for (const c of candidates) {
    if (c === name) continue;
    if (sameLetters(name, c)) {
      caseOnly.push(c);
      continue;
    }
    if (caseOnly.length > 0) continue;
    const cl = c.toLowerCase();
    const abbreviation = lower.length >= MIN_ABBREVIATION && cl.startsWith(lower);
    const d = abbreviation ? 1 : editDistance(lower, cl, limit);
    if (d <= limit) near.push({ c, d });
  }
  if (caseOnly.length > 0) return caseOnly.slice(0, max);
  return near
    .sort((x, y) => x.d - y.d || compareText(x.c, y.c))
    .slice(0, max)
    .map((x) => x.c);
}

/** The one candidate most like `name` (see closeNames), if any is close. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  return closeNames(name, candidates, 1)[0];
}
