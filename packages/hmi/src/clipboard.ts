/**
 * Copy and paste: what a copy takes from a page, the copy limits of
 * docs/requirements/pages-and-designer.md §2.4 and §4.6 (widget maximum 2000, weather maximum 3, at most one
 * UsualWebgl), and the paste command with new ids and the offset 50·n of the nth paste.
 */
import { PASTE_OFFSET, WEATHER_MAX, WEBGL_MAX, WIDGET_MAX } from './constants';
import type { PageDocument, Widget, WidgetGroup } from './document';
import { selectionUnits } from './pageIndex';

/** Why a copy or paste is blocked. */
export type CopyBlockReason = 'widgetMax' | 'weatherMax' | 'webglMax';

/** The i18n text of each block reason (the seed blocks silently; the designer may show these). */
export const COPY_BLOCK_MESSAGES: Readonly<Record<CopyBlockReason, { zh: string; en: string }>> = {
  widgetMax: {
    zh: `组件数量不能超过${WIDGET_MAX}个`,
    en: `A page holds at most ${WIDGET_MAX} widgets`,
  },
  weatherMax: {
    zh: `天气组件不能超过${WEATHER_MAX}个`,
    en: `A page holds at most ${WEATHER_MAX} weather widgets`,
  },
  webglMax: {
    zh: `3D场景组件最多${WEBGL_MAX}个`,
    en: `A page holds at most ${WEBGL_MAX} 3D scene widget`,
  },
};

/** Whether adding `incoming` to the page would pass a copy limit; null when it may be added. */
export function copyBlockReason(page: PageDocument, incoming: readonly Widget[]): CopyBlockReason | null {
  if (page.widgets.length + incoming.length > WIDGET_MAX) return 'widgetMax';
  const count = (list: readonly Widget[], type: Widget['widgetType']) =>
    list.reduce((n, w) => n + (w.widgetType === type ? 1 : 0), 0);
  if (count(page.widgets, 'ComplexWeather') + count(incoming, 'ComplexWeather') > WEATHER_MAX) {
    return 'weatherMax';
  }
  if (
    count(incoming, 'UsualWebgl') > 0 &&
    count(page.widgets, 'UsualWebgl') + count(incoming, 'UsualWebgl') > WEBGL_MAX
  ) {
    return 'webglMax';
  }
  return null;
}

/** What a copy holds: whole widgets and whole groups (a selected member copies its group). */
export interface Clipboard {
  widgets: Widget[];
  groups: WidgetGroup[];
}

/** Copies the selected widgets and groups, in paint order. */
export function copySelection(page: PageDocument, ids: readonly string[]): Clipboard {
  const units = selectionUnits(page, ids);
  const chosen = new Set(units.flatMap((u) => u.members.map((w) => w.id)));
  return {
    widgets: page.widgets.filter((w) => chosen.has(w.id)),
    groups: units.flatMap((u) => (u.group ? [u.group] : [])),
  };
}

/** A paste ready to apply: new ids, offset, or the reason it is blocked. */
export type PreparedPaste =
  { ok: true; widgets: Widget[]; groups: WidgetGroup[] } | { ok: false; reason: CopyBlockReason };

/**
 * The widgets and groups of the nth paste (n ≥ 1) of a clipboard: every widget and group gets a
 * new id from `newId`, moved by 50·n in x and y. Blocked when a copy limit would be passed.
 */
export function preparePaste(
  page: PageDocument,
  clip: Clipboard,
  n: number,
  newId: (kind: 'widget' | 'group') => string,
): PreparedPaste {
  const reason = copyBlockReason(page, clip.widgets);
  if (reason) return { ok: false, reason };
  const offset = PASTE_OFFSET * n;
  const groupIds = new Map(clip.groups.map((g) => [g.id, newId('group')]));
  const widgetIds = new Map(clip.widgets.map((w) => [w.id, newId('widget')]));
  const widgets = clip.widgets.map((w) => {
    const id = widgetIds.get(w.id)!;
    return {
      ...w,
      id,
      textId: id,
      groupId: w.groupId ? (groupIds.get(w.groupId) ?? null) : null,
      position: { ...w.position, x: w.position.x + offset, y: w.position.y + offset },
    };
  });
  const groups = clip.groups.map((g) => ({
    ...g,
    id: groupIds.get(g.id)!,
    children: g.children.flatMap((c) => {
      const id = widgetIds.get(c);
      return id ? [id] : [];
    }),
  }));
  return { ok: true, widgets, groups };
}
