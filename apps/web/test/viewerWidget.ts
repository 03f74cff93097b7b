import { defaultWidget, type Widget, type WidgetType } from '@fieldhub/hmi';

/** A widget of a test page, named: the viewer's test id of it is `vw-` + name. */
export function namedWidget(
  type: WidgetType,
  name: string,
  box: [number, number, number, number],
  patch: Omit<Partial<Widget>, 'data'> & { data?: Record<string, unknown> } = {},
): Widget {
  const w = defaultWidget(type, { id: name, x: box[0], y: box[1], width: box[2], height: box[3] });
  return { ...w, widgetName: name, ...patch, data: { ...w.data, ...patch.data } };
}
