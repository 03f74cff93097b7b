import type { PagePmsn, PagePmsnLevel, ProjectMember } from '@fieldhub/shared';

/**
 * Kernels of the project permission editor (docs/requirements/projects.md §2.2, §4.2: at most 10 accounts
 * hold a permission on one page, at most 50 accounts per project).
 */

/** How many members hold a permission on each page, leaving out the member being edited. */
export function holdersByPage(members: readonly ProjectMember[], except?: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const m of members) {
    if (m.id === except) continue;
    for (const p of m.pagePmsn) counts.set(p.pageId, (counts.get(p.pageId) ?? 0) + 1);
  }
  return counts;
}

/**
 * The pages on which `adding` more accounts would pass the per-page maximum, given how many
 * members already hold each.
 */
export function pagesOverLimit(
  pmsn: readonly PagePmsn[],
  holders: ReadonlyMap<number, number>,
  adding: number,
  max: number,
): number[] {
  return pmsn.filter((p) => (holders.get(p.pageId) ?? 0) + adding > max).map((p) => p.pageId);
}

/** The permission list with one page switched on (at `level`) or off, in page order. */
export function setPagePmsn(
  pmsn: readonly PagePmsn[],
  pageOrder: readonly number[],
  pageId: number,
  level: PagePmsnLevel | null,
): PagePmsn[] {
  const byPage = new Map(pmsn.map((p) => [p.pageId, p.pmsn]));
  if (level === null) byPage.delete(pageId);
  else byPage.set(pageId, level);
  return pageOrder.flatMap((id) => {
    const l = byPage.get(id);
    return l ? [{ pageId: id, pmsn: l }] : [];
  });
}
