/**
 * The data tab of the complex, navigate, script and 3D widgets: signal arrays (or a report),
 * X/Y pairs, the timeline's signal, alarm equipment, map equipment. Each edit is one setProperty
 * command.
 */
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useT } from '../../../../app/useT';
import { signalRefSchema, type SignalRef } from '@fieldhub/hmi';
import { obj } from '../../../../app/widgets/styleOf';
import { REPORT_SOURCE_TYPES } from '../../../../app/widgets/complex/reportData';
import type { WidgetEditor } from '../PropertyPanel';
import type { SignalSource } from '../../signals/useSignalSource';
import { DataSourceChoice } from '../ReportSource';
import { SeriesSources, hasSeriesSources } from '../SeriesSources';
import { section, type Loose } from './complexFields';
import { EquipmentList, RefList } from './dataLists';
import { ReportAxesChoice, reportAxesSource } from './reportAxes';

const CHART_ARRAYS = new Set([
  'ComplexLine',
  'ComplexArea',
  'ComplexBar',
  'ComplexPie',
  'ComplexRing',
  'ComplexRose',
  'ComplexHistory',
  'ScriptReport',
  'ScriptTrend',
  'ScriptBar',
  'ScriptPie',
]);

/** The data tab of the complex widgets. */
export function ComplexData({ editor, signals }: { editor: WidgetEditor; signals: SignalSource }) {
  const { t } = useT('designer');
  const w = editor.widget;
  const type = w.widgetType;
  const setArray = (key: 'signalArray' | 'signalArrayX' | 'signalArrayY') => (next: SignalRef[]) =>
    editor.patch({ data: { ...w.data, [key]: next } });
  if (CHART_ARRAYS.has(type)) {
    const variables = (
      <>
        {section(t('cprops.signals'))}
        <RefList
          refs={w.data.signalArray}
          signals={signals}
          onChange={setArray('signalArray')}
          testId="signal-array"
          colours={type !== 'ComplexHistory' && type !== 'ScriptReport'}
        />
        {hasSeriesSources(type) && <SeriesSources editor={editor} signals={signals} />}
      </>
    );
    return (
      <div data-testid="complex-data">
        {(REPORT_SOURCE_TYPES as readonly string[]).includes(type) ? (
          <DataSourceChoice
            key={w.id}
            editor={editor}
            pageEquipId={signals.pageEquipId}
            variables={variables}
          />
        ) : (
          variables
        )}
      </div>
    );
  }
  // the XY curve, diagram and timeline read variables or a device report (reportAxes.tsx)
  const reportAxes = (variables: ReactNode) => (
    <div data-testid="complex-data">
      <DataSourceChoice
        key={w.id}
        editor={editor}
        pageEquipId={signals.pageEquipId}
        variables={variables}
        report={{
          part: <ReportAxesChoice editor={editor} pageEquipId={signals.pageEquipId} />,
          ...reportAxesSource(w),
        }}
      />
    </div>
  );
  if (type === 'ComplexXyline' || type === 'ComplexDiagram') {
    return reportAxes(
      <>
        {section(t('cprops.signals-x'))}
        <RefList
          refs={w.data.signalArrayX}
          signals={signals}
          onChange={setArray('signalArrayX')}
          testId="signal-array-x"
          colours={false}
        />
        {section(t('cprops.signals-y'))}
        <RefList
          refs={w.data.signalArrayY}
          signals={signals}
          onChange={setArray('signalArrayY')}
          testId="signal-array-y"
          colours
        />
      </>,
    );
  }
  if (type === 'ComplexSection') {
    const current = signalRefSchema.parse(obj((w.data as Loose)['reportSignal']));
    return reportAxes(
      <>
        {section(t('cprops.status-signal'))}
        <RefList
          refs={current.signalId ? [current] : []}
          signals={signals}
          testId="section-signal"
          colours={false}
          onChange={(next) =>
            editor.patch({
              data: {
                ...w.data,
                reportSignal: next[next.length - 1] ?? {
                  signalId: '',
                  equipId: '',
                  title: '',
                  subTitle: '',
                  alias: '',
                },
              },
            })
          }
        />
      </>,
    );
  }
  if (type === 'ComplexAlarm' || type === 'ComplexMap') {
    return (
      <div data-testid="complex-data">
        {section(t('cprops.equipments'))}
        <EquipmentList editor={editor} map={type === 'ComplexMap'} signals={signals} />
      </div>
    );
  }
  return (
    <Typography.Paragraph type="secondary" data-testid="complex-data">
      {t('cprops.no-data')}
    </Typography.Paragraph>
  );
}
