/**
 * Ordering of a variable list: pinned-to-top rows first, then the rest by sort order, pinned-to-
 * bottom rows last (as the server lists them). Moving swaps a row with its neighbour among the
 * unpinned rows; the result is the full id order the sort call takes (first ranks highest).
 */
export interface Orderable {
  id: number;
  pinned: 'top' | 'bottom' | null;
}

/** The id order after moving `id` one place up or down, or null when it cannot move. */
export function moveVariable(
  rows: readonly Orderable[],
  id: number,
  direction: 'up' | 'down',
): number[] | null {
  const free = rows.filter((r) => r.pinned === null);
  const at = free.findIndex((r) => r.id === id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= free.length) return null;
  const order = free.map((r) => r.id);
  [order[at], order[to]] = [order[to]!, order[at]!];
  return [
    ...rows.filter((r) => r.pinned === 'top').map((r) => r.id),
    ...order,
    ...rows.filter((r) => r.pinned === 'bottom').map((r) => r.id),
  ];
}

/** Whether a row can move in a direction (pinned rows stay where they are). */
export function canMove(rows: readonly Orderable[], id: number, direction: 'up' | 'down'): boolean {
  return moveVariable(rows, id, direction) !== null;
}
