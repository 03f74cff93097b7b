/**
 * authRegion (docs/requirements/organisations-roles-permissions.md §5.3,
 * docs/requirements/pages-and-designer.md §7.4): a widget, or an entry of a navigation bar or menu, that
 * names regions is shown only to accounts whose own authRegion names one of them; enterprise administrators
 * see everything, and what names no region is shown to everyone. The server leaves hidden widgets out of the
 * pages it hands to viewers, and the browser applies the same rule to what it draws.
 */
import type { AccountKind } from '@fieldhub/shared';

/** The account that looks at a page: its kind and its authRegion (a comma list of titles). */
export interface RegionViewer {
  accountKind: AccountKind;
  authRegion: string;
}

/** A comma list (the account's authRegion field; ',' or '，') as titles. */
export const regionTitles = (list: string) =>
  list
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Whether the viewer sees a widget or navigation entry with these regions. */
export function visibleTo(item: { authRegion?: unknown }, viewer: RegionViewer): boolean {
  const regions = Array.isArray(item.authRegion) ? item.authRegion.map(String) : [];
  if (!regions.length || viewer.accountKind === 'enterprise') return true;
  const mine = new Set(regionTitles(viewer.authRegion));
  return regions.some((title) => mine.has(title));
}

/** Navigation entries the viewer may see, children included. */
function visibleItems(items: unknown, viewer: RegionViewer): unknown {
  if (!Array.isArray(items)) return items;
  return items
    .filter((i) => visibleTo((i ?? {}) as { authRegion?: unknown }, viewer))
    .map((i) => {
      const item = i as Record<string, unknown>;
      return Array.isArray(item['children'])
        ? { ...item, children: visibleItems(item['children'], viewer) }
        : item;
    });
}

/** The least a widget needs for the rule (a stored document's widgets as well as parsed ones). */
interface RegionWidget {
  authRegion?: unknown;
  widgetType?: unknown;
  data?: unknown;
}

/**
 * The widgets a viewer sees: those of its regions, and in navigation bars and menus only the
 * entries of its regions. Unchanged widgets keep their identity (the viewer memoizes on it).
 */
export function widgetsFor<W extends RegionWidget>(widgets: readonly W[], viewer: RegionViewer): W[] {
  if (viewer.accountKind === 'enterprise') return [...widgets];
  return widgets
    .filter((w) => visibleTo(w, viewer))
    .map((w) => {
      if (w.widgetType !== 'NavigateNav' && w.widgetType !== 'NavigateMenu') return w;
      const data = (w.data ?? {}) as Record<string, unknown>;
      const shown = visibleItems(data['navItems'], viewer);
      return JSON.stringify(shown) === JSON.stringify(data['navItems'])
        ? w
        : { ...w, data: { ...data, navItems: shown } };
    });
}
