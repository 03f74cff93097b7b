/**
 * A chart's series besides device variables (docs/requirements/widgets.md §4.1–§4.3,
 * pages-and-designer.md §6.2): the project's intermediate variables (`mvarArray`, on a project's
 * page) and the numeric system keys (`systemArray`: the device and alarm counts) for the chart
 * types that carry them.
 */
import { mvarRef, systemRef } from '@fieldhub/hmi';
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

/** One series array of another source than device variables: its heading, items and add button. */
function SourceList({
  editor,
  signals,
  kind,
}: {
  editor: WidgetEditor;
  signals: SignalSource;
  kind: 'mvar' | 'system';
}) {
  const { t } = useT('designer');
  const w = editor.widget;
  const key = kind === 'mvar' ? 'mvarArray' : 'systemArray';
  const subTitle = t(kind === 'mvar' ? 'data.type-mvar' : 'data.type-system');
  return (
    <>
      {section(t(kind === 'mvar' ? 'bind.mvars' : 'bind.system-keys'))}
      <RefList
        refs={w.data[key]}
        signals={signals}
        onChange={(next) => editor.patch({ data: { ...w.data, [key]: next } })}
        testId={kind === 'mvar' ? 'mvar-array' : 'system-array'}
        colours
        add={{
          label: t(kind === 'mvar' ? 'bind.add-mvar' : 'bind.add-key'),
          pick: async (color) => {
            // a chart draws numbers: of the system keys, the counts
            const c = await signals.pickBinding(undefined, { kinds: [kind], numericOnly: true });
            if (c?.type === 'mvar') return mvarRef(c.mvarId, c.title, { color, subTitle });
            if (c?.type === 'system') return systemRef(c.systemKey, c.title, { color, subTitle });
            return null;
          },
        }}
      />
    </>
  );
}

export function SeriesSources({ editor, signals }: { editor: WidgetEditor; signals: SignalSource }) {
  const type = editor.widget.widgetType;
  return (
    <>
      {MVAR_SERIES.has(type) && signals.projectId && (
        <SourceList editor={editor} signals={signals} kind="mvar" />
      )}
      {SYSTEM_SERIES.has(type) && <SourceList editor={editor} signals={signals} kind="system" />}
    </>
  );
}
