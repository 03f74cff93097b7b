/**
 * The status timeline (ComplexSection): runs of the bound signal's value over the last
 * `timeRange` minutes as coloured bars, a legend of the status rows and a time axis. The designer
 * shows a sample run pattern; the viewer reads the stored curve and live values of the signal,
 * or, when the widget names a report (`reportId`), the item's recorded values (§4.7).
 */
import { useMemo } from 'react';
import dayjs from 'dayjs';
import { signalRefSchema, type SignalRef, type Widget } from '@fieldhub/hmi';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime } from '../runtime';
import { num, obj, str, textStyleOf } from '../styleOf';
import { useLiveSeries } from './liveData';
import { sampleStatus } from './sampleData';
import { barsOf, runsOf, statusItems } from './timeline';
import { readsReportAxes, reportItemName, reportSeries } from './reportData';
import { useAggregationName, useReportWindow } from './reportRecords';

type Loose = Record<string, unknown>;

/** The signal the timeline follows: reportSignal, else the widget's own binding. */
export function sectionRef(w: Widget): SignalRef | null {
  const r = signalRefSchema.parse(obj((w.data as Loose)['reportSignal']));
  if (r.signalId) return r;
  const d = w.data;
  return d.signalId
    ? signalRefSchema.parse({
        signalId: d.signalId,
        equipId: d.equipId,
        title: d.title,
        subTitle: d.subTitle,
      })
    : null;
}

function Timeline({
  widget,
  points,
  now,
  title,
}: {
  widget: Widget;
  points: [number, number | string][];
  now: number;
  title: string;
}) {
  const t = useWidgetText();
  const d = widget.data as Loose;
  const minutes = num(d['timeRange'], 60);
  const format = str(d['timeFormat'], 'HH:mm');
  const items = statusItems(d['items']);
  const start = now - minutes * 60_000;
  const bars = useMemo(
    () => barsOf(runsOf(points, start, now), items, start, now),
    [points, items, start, now],
  );
  const st = widget.style as Loose;
  const height =
    st['sectionHeight'] === 'adapt' || st['sectionHeight'] === undefined
      ? undefined
      : num(st['sectionHeightValue'], 40);
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const font = textStyleOf(widget);
  return (
    <div
      data-testid="section-body"
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        padding: 8,
        gap: 6,
        fontFamily: font.fontFamily,
        fontSize: 12,
        color: '#334155',
      }}
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        <strong style={{ marginRight: 'auto' }}>{title}</strong>
        {items.map((i) => (
          <span
            key={`${i.status}-${i.value}`}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <span style={{ width: 12, height: 12, background: i.color, borderRadius: 2 }} />
            {i.status}
          </span>
        ))}
      </div>
      <div
        style={{
          position: 'relative',
          flex: height ? `0 0 ${height}px` : 1,
          minHeight: 12,
          background: '#F1F5F9',
          borderRadius: 2,
        }}
      >
        {bars.map((b) => (
          <div
            key={b.run.from}
            title={`${b.status} ${dayjs(b.run.from).format('HH:mm:ss')} – ${dayjs(b.run.to).format('HH:mm:ss')}`}
            style={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: `${b.left * 100}%`,
              width: `${b.width * 100}%`,
              background: b.color,
            }}
          />
        ))}
        {!bars.length && (
          <div
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              color: '#94a3b8',
            }}
          >
            {t('complex.no-data')}
          </div>
        )}
      </div>
      <div style={{ position: 'relative', height: 14 }}>
        {ticks.map((f) => (
          <span
            key={f}
            style={{
              position: 'absolute',
              left: `${f * 100}%`,
              transform: `translateX(${f === 0 ? 0 : f === 1 ? -100 : -50}%)`,
              color: '#64748b',
            }}
          >
            {dayjs(start + f * (now - start)).format(format)}
          </span>
        ))}
      </div>
    </div>
  );
}

function LiveTimeline({ widget, source }: { widget: Widget; source: SignalRef }) {
  const minutes = num((widget.data as Loose)['timeRange'], 60);
  const { series, now } = useLiveSeries([source], { kind: 'last', minutes });
  return (
    <Timeline
      widget={widget}
      points={series[0]?.points ?? []}
      now={now}
      title={source.alias || source.title}
    />
  );
}

/** The timeline of a report item: its recorded values over the last `timeRange` minutes. */
function ReportTimeline({ widget, source }: { widget: Widget; source: SignalRef }) {
  const runtime = useWidgetRuntime();
  const aggregationName = useAggregationName();
  const d = widget.data as Loose;
  const equipmentId = source.equipId || (runtime.scope.kind === 'equipment' ? runtime.scope.id : '');
  const choice = { kind: 'last', minutes: num(d['timeRange'], 60) } as const;
  const read = useReportWindow(widget, equipmentId, str(d['reportId'], ''), choice);
  const points = useMemo(
    () => reportSeries(read.records, [source], aggregationName)[0]?.points ?? [],
    // the source is part of the widget
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [read.records, widget],
  );
  return (
    <Timeline
      widget={widget}
      points={points}
      now={read.end}
      title={reportItemName(source, aggregationName)}
    />
  );
}

export default function SectionBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const aggregationName = useAggregationName();
  const runtime = useWidgetRuntime();
  const source = sectionRef(widget);
  if (runtime.mode === 'view' && source)
    return readsReportAxes(widget) ? (
      <ReportTimeline widget={widget} source={source} />
    ) : (
      <LiveTimeline widget={widget} source={source} />
    );
  if (runtime.mode === 'view')
    return <Timeline widget={widget} points={[]} now={Date.now()} title={t('complex.no-signals')} />;
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const minutes = num((widget.data as Loose)['timeRange'], 60);
  return (
    <Timeline
      widget={widget}
      points={sampleStatus(minutes, now)}
      now={now}
      title={
        !source
          ? t('complex.sample', { n: 1 })
          : readsReportAxes(widget)
            ? reportItemName(source, aggregationName)
            : source.alias || source.title
      }
    />
  );
}
