// Appending one array to another without spreading it into push(): spreading passes every item as an
// argument, and a long array (over ~100 000 findings) overflows the stack.
export function append<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
