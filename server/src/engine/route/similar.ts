// "Did you mean": the closest candidate to a misspelt name (kinds, field names).

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  let prevPrev = new Int32Array(m + 1);
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    for (let j = 1; j <= m; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let best = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        best = Math.min(best, prevPrev[j - 2]! + 1);
      }
      cur[j] = best;
    }
    const recycled = prevPrev;
    prevPrev = prev;
    prev = cur;
    cur = recycled;
  }
  return prev[m]!;
}

/**
 * Levenshtein distance (no transpositions). With `cap`, gives up early and returns `cap + 1` once the distance
 * is known to exceed it.
 */
export function levenshtein(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > cap) return cap + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The candidate most like `name`: an exact case-insensitive match first (`SkipNodeOperations` →
 * `skipNodeOperations`), else the smallest edit distance within a third of the name's length.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  const limit = Math.max(1, Math.floor(name.length / 3));
  for (const c of candidates) {
    if (c === name) continue;
    const cl = c.toLowerCase();
    if (cl === lower) return c;
    if (Math.abs(c.length - name.length) > limit) continue;
    const d = editDistance(lower, cl);
    if (d <= limit && d < bestScore) {
      best = c;
      bestScore = d;
    }
  }
  return best;
}
