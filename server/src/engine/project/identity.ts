// Cheap identity tests the project keeps its derived facts by: the same objects in order, and a key of a text.
/** The same objects in the same order (what a file gives is kept as one object while the file is unchanged). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A key of a text handed in directly (a buffer, a run's input): its length and a cheap 32-bit hash (FNV-1a). */
export function textKey(text: string): string {
  return `text:${text.length}:${hashOf(text)}`;
}

function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
