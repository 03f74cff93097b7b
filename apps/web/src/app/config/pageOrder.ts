/** The ids with the one at `index` moved by `step` (−1 up, +1 down); unchanged at the ends. */
export function movedIds(ids: readonly number[], index: number, step: -1 | 1): number[] {
  const target = index + step;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
