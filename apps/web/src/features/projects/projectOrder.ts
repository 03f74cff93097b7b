/** Most projects the management list loads in one call (the list call's page size limit). */
export const PROJECT_LIST_MAX = 500;

/**
 * The seq each project must get so the stored order is the list's order: its index. Only the
 * projects whose seq differs are returned, so a move of one row touches few projects once the
 * list has been numbered.
 */
export function reseq<T extends { seq: number }>(ordered: readonly T[]): { row: T; seq: number }[] {
  return ordered.flatMap((row, index) => (row.seq === index ? [] : [{ row, seq: index }]));
}

/** The list with the row at `from` moved to `to` (a drag), or unchanged when either is out of range. */
export function moved<T>(rows: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row as T);
  return next;
}
