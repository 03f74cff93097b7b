/**
 * The toolbar over a line or area chart (docs/requirements/widgets.md §4.1): quick ranges (the last n
 * minutes, live), a custom period picked with a range picker, and the data selection box (which
 * series are drawn). The designer draws it still, as a preview of the widget's look.
 */
import { useState, type ReactNode } from 'react';
import { DatePicker, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { Widget } from '@fieldhub/hmi';
import { useWidgetText } from '../widgetText';
import {
  dataSelectShown,
  defaultChoice,
  quickRanges,
  rangeLabel,
  toolbarShown,
  windowOf,
  type WindowChoice,
} from './chartWindow';

/** The reader's window and data selection of one chart; starts at the widget's own range. */
export function useChartView(widget: Widget) {
  const [choice, setChoice] = useState<WindowChoice>(() => defaultChoice(widget));
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  return { choice, setChoice, hidden, setHidden };
}
export type ChartView = ReturnType<typeof useChartView>;

/** The chart under its toolbar; the toolbar is left out when the widget turns it off. */
export function WithToolbar({
  widget,
  view,
  names,
  preview,
  children,
}: {
  widget: Widget;
  view: ChartView;
  /** the series' names, for the data selection */
  names: string[];
  /** the designer's still preview */
  preview?: boolean;
  children: ReactNode;
}) {
  const bar = toolbarShown(widget);
  const select = dataSelectShown(widget);
  if (!bar && !select) return <>{children}</>;
  return (
    <div style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column' }}>
      <Toolbar widget={widget} view={view} names={names} bar={bar} select={select} preview={!!preview} />
      <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>{children}</div>
    </div>
  );
}

function Toolbar({
  widget,
  view,
  names,
  bar,
  select,
  preview,
}: {
  widget: Widget;
  view: ChartView;
  names: string[];
  bar: boolean;
  select: boolean;
  preview: boolean;
}) {
  const t = useWidgetText();
  const [custom, setCustom] = useState(view.choice.kind === 'between');
  const ranges = quickRanges(widget);
  const current = view.choice.kind === 'last' && !custom ? view.choice.minutes : custom ? 'custom' : null;
  const period = windowOf(view.choice, Date.now());
  return (
    <div
      data-testid="chart-toolbar"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 6,
        alignItems: 'center',
        padding: '4px 6px 0',
        pointerEvents: preview ? 'none' : undefined,
      }}
    >
      {bar && (
        <Radio.Group
          size="small"
          optionType="button"
          value={current}
          onChange={(e) => {
            const v = e.target.value as number | 'custom';
            if (v === 'custom') return setCustom(true);
            setCustom(false);
            view.setChoice({ kind: 'last', minutes: v });
          }}
        >
          {ranges.map((m) => {
            const { n, unit } = rangeLabel(m);
            return (
              <Radio.Button key={m} value={m} data-testid={`chart-range-${m}`}>
                {t(`complex.chart-range-${unit}`, { n })}
              </Radio.Button>
            );
          })}
          <Radio.Button value="custom" data-testid="chart-range-custom">
            {t('complex.chart-range-custom')}
          </Radio.Button>
        </Radio.Group>
      )}
      {bar && custom && (
        <DatePicker.RangePicker
          size="small"
          showTime
          data-testid="chart-range-picker"
          value={[dayjs(period.start), dayjs(period.end)]}
          onChange={(v) => {
            const [from, to] = (v ?? []) as (Dayjs | null)[];
            if (from && to) view.setChoice({ kind: 'between', start: from.valueOf(), end: to.valueOf() });
          }}
        />
      )}
      {select && (
        <Select<number[]>
          size="small"
          mode="multiple"
          data-testid="chart-data-select"
          style={{ minWidth: 160, flex: 1 }}
          maxTagCount="responsive"
          placeholder={t('complex.chart-data-select')}
          value={names.map((_, i) => i).filter((i) => !view.hidden.has(i))}
          onChange={(shown) =>
            view.setHidden(new Set(names.map((_, i) => i).filter((i) => !shown.includes(i))))
          }
          options={names.map((name, i) => ({ value: i, label: name }))}
        />
      )}
    </div>
  );
}
