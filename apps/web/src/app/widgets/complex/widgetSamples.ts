/** Widgets and refs for the complex bodies' unit tests: a type's defaults with data and style patched. */
import { defaultWidget, type Widget } from '@fieldhub/hmi';

type Loose = Record<string, unknown>;

/** A new widget of the type (its defaults) with `patch` laid over its data and style. */
export function makeWidget(type: Widget['widgetType'], patch: { data?: Loose; style?: Loose } = {}): Widget {
  const w = defaultWidget(type, { id: `w-${type}` });
  return {
    ...w,
    data: { ...w.data, ...patch.data } as Widget['data'],
    style: { ...w.style, ...patch.style },
  };
}

/** A signal ref of device 7 ("Pump"), titled after its id. */
export const sampleRef = (signalId: string, extra: Loose = {}) => ({
  signalId,
  equipId: '7',
  title: `s${signalId}`,
  subTitle: 'Pump',
  ...extra,
});
