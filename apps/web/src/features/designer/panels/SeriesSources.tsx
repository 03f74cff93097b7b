/**
 * A chart's series besides device variables (docs/requirements/widgets.md §4.1–§4.3,
 * pages-and-designer.md §6.2): the project's intermediate variables (`mvarArray`, on a project's
 * page) and the numeric system keys (`systemArray`: the device and alarm counts) for the chart
 * types that carry them.
 */
import { mvarRef, systemRef, type SignalRef } from '@fieldhub/hmi';
import { useT } from '../../../app/useT';
import type { SignalSource } from '../signals/useSignalSource';
import { section } from './complex/complexFields';
import { RefList } from './complex/dataLists';
import type { WidgetEditor } from './PropertyPanel';

/** Chart types with an intermediate-variable series array (widgets.md §4.1–§4.3). */
const MVAR_SERIES = new Set([
  'ComplexLine',
  'ComplexArea',
  'ComplexBar',
  'ComplexPie',
  'ComplexRing',
  'ComplexRose',
]);
/** Chart types with a system-key series array (widgets.md §4.2, §4.3). */
const SYSTEM_SERIES = new Set(['ComplexBar', 'ComplexPie', 'ComplexRing', 'ComplexRose']);

export function hasSeriesSources(type: string): boolean {
  return MVAR_SERIES.has(type) || SYSTEM_SERIES.has(type);
}

export function SeriesSources({ editor, signals }: { editor: WidgetEditor; signals: SignalSource }) {
  const { t } = useT('designer');
  const w = editor.widget;
  const set = (key: 'mvarArray' | 'systemArray') => (next: SignalRef[]) =>
    editor.patch({ data: { ...w.data, [key]: next } });
  const withMvars = MVAR_SERIES.has(w.widgetType) && !!signals.projectId;
  return (
    <>
      {withMvars && (
        <>
          {section(t('bind.mvars'))}
          <RefList
            refs={w.data.mvarArray}
            signals={signals}
            onChange={set('mvarArray')}
            testId="mvar-array"
            colours
            add={{
              label: t('bind.add-mvar'),
              pick: async (colour) => {
                const c = await signals.pickBinding(undefined, { kinds: ['mvar'] });
                return c?.type === 'mvar'
                  ? mvarRef(c.mvarId, c.title, { color: colour, subTitle: t('data.type-mvar') })
                  : null;
              },
            }}
          />
        </>
      )}
      {SYSTEM_SERIES.has(w.widgetType) && (
        <>
          {section(t('bind.system-keys'))}
          <RefList
            refs={w.data.systemArray}
            signals={signals}
            onChange={set('systemArray')}
            testId="system-array"
            colours
            add={{
              label: t('bind.add-key'),
              pick: async (colour) => {
                const c = await signals.pickBinding(undefined, { kinds: ['system'], numericOnly: true });
                return c?.type === 'system'
                  ? systemRef(c.systemKey, c.title, { color: colour, subTitle: t('data.type-system') })
                  : null;
              },
            }}
          />
        </>
      )}
    </>
  );
}
