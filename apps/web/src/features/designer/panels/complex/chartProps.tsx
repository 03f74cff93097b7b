/**
 * Style-tab settings of the charts: time charts (line, area, with their viewer toolbar), bar, pie
 * family, X/Y and scatter diagrams, and the status timeline (ComplexSection).
 */
import { Button, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CHART_THEME } from '@fieldhub/hmi';
import { obj, str } from '../../../../app/widgets/styleOf';
import { CommitText, ColorField, Row } from '../fields';
import {
  QUICK_RANGE_CHOICES,
  quickRanges,
  rangeLabel,
  toolbarShown,
} from '../../../../app/widgets/complex/chartWindow';
import type { WidgetEditor } from '../PropertyPanel';
import { read, section, useFields, type Loose } from './complexFields';
import { ScriptFields } from './scriptProps';

/** Time range, format and axis mode of the time charts. */
function TimeChartFields({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t } = f;
  const fixed = str(read(f.w, 'data', 'mode'), 'adapt') !== 'adapt';
  return (
    <>
      {section(t('cprops.chart'))}
      {f.number('data', 'timeRange', t('cprops.time-range'), 60, 1, 525_600)}
      {f.text('data', 'timeFormat', t('cprops.time-format'))}
      {f.select('data', 'mode', t('cprops.axis-mode'), 'adapt', ['adapt', 'fixed'], (o) =>
        t(`cprops.axis-${o}`),
      )}
      {fixed && f.number('data', 'minVal', t('props.min'), 0)}
      {fixed && f.number('data', 'maxVal', t('props.max'), 100)}
      {f.bool('style', 'legend.show', t('cprops.legend'), true)}
      {f.select(
        'style',
        'legend.position',
        t('cprops.legend-position'),
        'bottom',
        ['bottom', 'top', 'left', 'right'],
        (o) => t(`cprops.pos-${o}`),
      )}
      {f.bool('style', 'axis.grid', t('cprops.grid'), true)}
      <ToolbarFields editor={editor} />
    </>
  );
}

/**
 * The viewer's toolbar of a line or area chart (docs/requirements/widgets.md §4.1): shown or not,
 * its quick ranges, the data selection box and the X range slider.
 */
function ToolbarFields({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t, w } = f;
  const label = (m: number) => {
    const { n, unit } = rangeLabel(m);
    return t(`complex.chart-range-${unit}`, { n });
  };
  return (
    <>
      {section(t('cprops.chart-toolbar'))}
      {f.bool('style', 'toolbar.show', t('cprops.chart-toolbar'), true)}
      {toolbarShown(w) && (
        <Row label={t('cprops.chart-quick-ranges')}>
          <Select<number[]>
            size="small"
            mode="multiple"
            style={{ width: '100%' }}
            data-testid="chart-quick-ranges"
            value={quickRanges(w)}
            onChange={(v) =>
              f.set(
                'style',
                'toolbar.quickRanges',
                [...v].sort((a, b) => a - b),
              )
            }
            options={QUICK_RANGE_CHOICES.map((m) => ({ value: m, label: label(m) }))}
          />
        </Row>
      )}
      {f.bool('style', 'dataSelect.show', t('cprops.chart-data-select'), false)}
      {f.bool('data', 'showXRange', t('cprops.chart-x-range'), false)}
    </>
  );
}

function AxisFields({
  editor,
  axis,
  titled,
}: {
  editor: WidgetEditor;
  axis: 'modeX' | 'modeY';
  titled: boolean;
}) {
  const f = useFields(editor);
  const { t } = f;
  const fixed = titled || str(read(f.w, 'data', `${axis}.type`), 'adapt') !== 'adapt';
  return (
    <>
      {section(t(`cprops.${axis}`))}
      {titled
        ? f.text('data', `${axis}.title`, t('cprops.axis-title'))
        : f.select('data', `${axis}.type`, t('cprops.axis-mode'), 'adapt', ['adapt', 'fixed'], (o) =>
            t(`cprops.axis-${o}`),
          )}
      {fixed && f.number('data', `${axis}.min`, t('props.min'), 0)}
      {fixed && f.number('data', `${axis}.max`, t('props.max'), 100)}
    </>
  );
}

/** Status rows of the timeline: status text, value and colour. */
function StatusRows({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t } = f;
  const items = (
    Array.isArray(read(f.w, 'data', 'items')) ? (read(f.w, 'data', 'items') as unknown[]) : []
  ).map(obj);
  const save = (next: Loose[]) => f.set('data', 'items', next);
  return (
    <>
      {section(t('cprops.status-rows'))}
      {items.map((item, i) => (
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }}>
          <CommitText
            value={str(item['status'], '')}
            placeholder={t('cprops.status')}
            onCommit={(v) => save(items.map((x, k) => (k === i ? { ...x, status: v } : x)))}
          />
          <CommitText
            value={str(item['value'], '')}
            placeholder={t('cprops.value')}
            onCommit={(v) => save(items.map((x, k) => (k === i ? { ...x, value: v } : x)))}
          />
          <ColorField
            value={str(item['color'], '#1890FF')}
            onCommit={(v) => save(items.map((x, k) => (k === i ? { ...x, color: v } : x)))}
          />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            onClick={() => save(items.filter((_, k) => k !== i))}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() =>
          save([...items, { status: '', value: String(items.length), color: CHART_THEME[items.length % 10] }])
        }
      >
        {t('cprops.add-row')}
      </Button>
    </>
  );
}

/** The chart types' own settings. */
export function ChartProps({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t, w } = f;
  switch (w.widgetType) {
    case 'ComplexLine':
    case 'ComplexArea':
      return (
        <>
          <TimeChartFields editor={editor} />
          {f.bool('style', 'smooth', t('cprops.smooth'), false)}
        </>
      );
    case 'ComplexBar':
      return (
        <>
          {section(t('cprops.chart'))}
          {f.select('data', 'mode', t('cprops.axis-mode'), 'adapt', ['adapt', 'fixed'], (o) =>
            t(`cprops.axis-${o}`),
          )}
          {f.number('data', 'minVal', t('props.min'), 0)}
          {f.number('data', 'maxVal', t('props.max'), 100)}
          {f.number('style', 'barWidth', t('cprops.bar-width'), 40, 1, 400)}
          {f.number('style', 'barSpace', t('cprops.bar-space'), 35, 0, 400)}
          {f.bool('style', 'valueShow', t('cprops.value-show'), false)}
          {f.bool('style', 'legend.show', t('cprops.legend'), false)}
        </>
      );
    case 'ComplexPie':
    case 'ComplexRing':
    case 'ComplexRose':
    case 'ScriptPie':
      return (
        <>
          {section(t('cprops.chart'))}
          {f.select('style', 'valueType', t('cprops.value-type'), 'value', ['value', 'percent'], (o) =>
            t(`cprops.value-type-${o}`),
          )}
          {w.widgetType === 'ComplexRing' &&
            f.number('style', 'ringWidth', t('cprops.ring-width'), 20, 1, 400)}
          {f.bool('style', 'legend.show', t('cprops.legend'), true)}
          {w.widgetType === 'ScriptPie' && <ScriptFields editor={editor} />}
        </>
      );
    case 'ComplexXyline':
      return (
        <>
          {section(t('cprops.chart'))}
          {f.number('data', 'timeRange', t('cprops.time-range'), 60, 1, 525_600)}
          {f.select('data', 'lineType', t('cprops.line-type'), 'line', ['line', 'dot'], (o) =>
            t(`cprops.line-type-${o}`),
          )}
          <AxisFields editor={editor} axis="modeX" titled={false} />
          <AxisFields editor={editor} axis="modeY" titled={false} />
        </>
      );
    case 'ComplexDiagram':
      return (
        <>
          {section(t('cprops.chart'))}
          {f.number('data', 'timeRange', t('cprops.time-range'), 120, 1, 525_600)}
          <AxisFields editor={editor} axis="modeX" titled />
          <AxisFields editor={editor} axis="modeY" titled />
        </>
      );
    case 'ComplexSection':
      return (
        <>
          {section(t('cprops.chart'))}
          {f.number('data', 'timeRange', t('cprops.time-range'), 60, 1, 525_600)}
          {f.text('data', 'timeFormat', t('cprops.time-format'))}
          {f.select('style', 'sectionHeight', t('cprops.section-height'), 'adapt', ['adapt', 'value'], (o) =>
            t(`cprops.section-height-${o}`),
          )}
          {read(w, 'style', 'sectionHeight') === 'value' &&
            f.number('style', 'sectionHeightValue', t('cprops.height-px'), 40, 4, 2000)}
          <StatusRows editor={editor} />
        </>
      );
    default:
      return null;
  }
}
