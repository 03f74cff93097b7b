/**
 * Style-tab settings of the record tables: history (values in a grid or a list, or a report) and
 * alarm records.
 */
import { Select } from 'antd';
import { ALARM_DEFAULT_COLUMNS } from '@fieldhub/hmi';
import { obj } from '../../../../app/widgets/styleOf';
import { Row } from '../fields';
import type { WidgetEditor } from '../PropertyPanel';
import { read, section, useFields } from './complexFields';
import { DIMENSIONS, STEP_UNITS, dimensionOf } from '../../../../app/widgets/complex/historySteps';
import { readsReport } from '../../../../app/widgets/complex/reportData';

/** The table types' own settings. */
export function TableProps({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t, w } = f;
  switch (w.widgetType) {
    case 'ComplexHistory':
    case 'ComplexAlarm':
      return (
        <>
          {section(t('cprops.table'))}
          {f.number('data', 'timeRange', t('cprops.time-range'), 720, 1, 525_600)}
          {f.number('data', 'rollTime', t('cprops.roll-time'), 30, 5, 3600)}
          {f.bool('data', 'filterTime', t('cprops.filter-time'), true)}
          {w.widgetType === 'ComplexHistory' && f.bool('data', 'exportExcel', t('cprops.export-excel'), true)}
          {w.widgetType === 'ComplexHistory' && f.text('data', 'format', t('props.format'))}
          {w.widgetType === 'ComplexHistory' && <HistoryGridFields editor={editor} />}
          {f.bool('style', 'pager', t('cprops.pager'), true)}
          {f.number('style', 'headerHeight', t('cprops.header-height'), 46, 20, 200)}
          {f.number('style', 'rowHeight', t('cprops.row-height'), 40, 20, 200)}
          {w.widgetType === 'ComplexAlarm' && (
            <Row label={t('cprops.columns')}>
              <Select
                size="small"
                mode="multiple"
                style={{ width: '100%' }}
                data-testid="alarm-columns"
                value={
                  (obj(read(w, 'data', 'col'))['list'] as string[] | undefined) ?? [...ALARM_DEFAULT_COLUMNS]
                }
                onChange={(v: string[]) =>
                  f.set('data', 'col', {
                    enable: true,
                    list: ALARM_DEFAULT_COLUMNS.filter((c) => v.includes(c)),
                  })
                }
                options={ALARM_DEFAULT_COLUMNS.map((c) => ({ value: c, label: t(`complex.alarm-col.${c}`) }))}
              />
            </Row>
          )}
        </>
      );
    default:
      return null;
  }
}

/**
 * The history table's dimension and steps (docs/requirements/widgets.md §4.8): a grid by time or
 * by variable at every `interval` × `timeUnit`, or every stored value; and its columns button.
 * A table reading a report lists the report's records: its steps are the report's own.
 */
function HistoryGridFields({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t, w } = f;
  const grid = dimensionOf(read(w, 'data', 'dimensionType')) !== 'record' && !readsReport(w);
  return (
    <>
      {!readsReport(w) &&
        f.select(
          'data',
          'dimensionType',
          t('cprops.history-dimension'),
          'time',
          DIMENSIONS,
          (o) => t(`cprops.history-dimension-${o}`),
          'history-dimension',
        )}
      {grid &&
        f.select(
          'data',
          'timeUnit',
          t('cprops.history-time-unit'),
          'hour',
          STEP_UNITS,
          (o) => t(`cprops.history-unit-${o}`),
          'history-time-unit',
        )}
      {grid && f.number('data', 'interval', t('cprops.history-interval'), 5, 1, 1000)}
      {f.bool('style', 'columnsButton', t('cprops.history-columns-button'), true)}
    </>
  );
}
