import { useMemo, useState } from 'react';

/**
 * Expansion of a tree table: every branch starts open and the user's collapsed ones are
 * remembered, so branches added later show up open. Spread the result into `expandable`.
 */
export function useOpenBranches(rows: readonly { id: number }[]) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const expandedRowKeys = useMemo(
    () => rows.filter((r) => !collapsed.has(r.id)).map((r) => r.id),
    [rows, collapsed],
  );
  const onExpand = (open: boolean, row: { id: number }) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (open) next.delete(row.id);
      else next.add(row.id);
      return next;
    });
  return { expandedRowKeys, onExpand };
}
