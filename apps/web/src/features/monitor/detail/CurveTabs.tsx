import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Segmented, Select, Spin, Typography } from 'antd';
import { LineChartOutlined, RollbackOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { LIMITS, monitorCalls, type LiveValue, type MonitorSignal } from '@fieldhub/shared';
import { callApi } from '../../../app/request';
import type { ValueMap } from '../live/liveValues';
import { curveBase, useEChart } from '../../../app/echarts';
import { RangeField, rangeProblemText, useRange, type TimeRange } from './RangeField';
import { appendPoints, type PointBuffer } from './curvePoints';

const numeric = (s: MonitorSignal) => s.dataType !== 'string';
const label = (s: Pick<MonitorSignal, 'name' | 'unit'>) => (s.unit ? `${s.name} (${s.unit})` : s.name);

function VariablePicker({
  signals,
  value,
  onChange,
  testId,
}: {
  signals: MonitorSignal[];
  value: number[];
  onChange(ids: number[]): void;
  testId: string;
}) {
  const { t } = useT('monitor');
  return (
    <Select
      mode="multiple"
      maxCount={LIMITS.historyCurveVariables}
      maxTagCount="responsive"
      placeholder={t('curve.pick', { max: LIMITS.historyCurveVariables })}
      style={{ minWidth: 280, maxWidth: 480 }}
      value={value}
      onChange={onChange}
      options={signals.map((s) => ({ value: s.id, label: label(s) }))}
      optionFilterProp="label"
      data-testid={testId}
    />
  );
}

const WINDOWS = [5, 10, 30] as const;

/**
 * The real-time curve: values of up to 10 variables as the socket delivers them, over the last
 * N minutes; it starts from the stored history of that span so it is not empty at first.
 */
export function RealtimeCurveTab({
  equipmentId,
  signals,
  values,
  subscribe,
}: {
  equipmentId: number;
  signals: MonitorSignal[] | undefined;
  values: ValueMap;
  subscribe(listener: (values: LiveValue[]) => void): () => void;
}) {
  const { t } = useT('monitor');
  const candidates = useMemo(() => (signals ?? []).filter(numeric), [signals]);
  const [ids, setIds] = useState<number[]>([]);
  const [minutes, setMinutes] = useState<number>(10);
  const { ref, chart } = useEChart();
  const buffer = useRef<PointBuffer>(new Map());
  const chosen = ids.length ? ids : candidates.slice(0, 3).map((s) => s.id);
  const chosenKey = chosen.join(',');
  const valuesRef = useRef(values);
  valuesRef.current = values;

  useEffect(() => {
    if (!chart) return;
    const picked = candidates.filter((s) => chosenKey.split(',').includes(String(s.id)));
    if (!picked.length) return;
    let stopped = false;
    let dirty = true;
    const windowMs = minutes * 60_000;
    buffer.current = new Map(picked.map((s) => [s.id, []]));
    const draw = () => {
      if (!dirty || stopped) return;
      dirty = false;
      const now = Date.now();
      // how many points are drawn, for tests and for people reading the page's markup
      ref.current?.setAttribute(
        'data-points',
        String([...buffer.current.values()].reduce((n, p) => n + p.length, 0)),
      );
      chart.setOption(
        {
          ...curveBase(picked.map((s) => ({ name: label(s), data: buffer.current.get(s.id) ?? [] }))),
          xAxis: { type: 'time', min: now - windowMs, max: now },
        },
        { notMerge: true },
      );
    };
    const add = (incoming: LiveValue[]) => {
      if (appendPoints(buffer.current, incoming, Date.now() - windowMs)) dirty = true;
    };
    // the values shown now, then the stored history of the window (older points go first)
    add([...valuesRef.current].map(([signalId, v]) => ({ signalId, ...v })));
    const now = Date.now();
    callApi(
      monitorCalls.curve,
      {
        equipmentId,
        variableIds: picked.map((s) => s.id),
        startTime: now - windowMs,
        endTime: now,
        width: 600,
      },
      { silent: true },
    )
      .then((curve) => {
        if (stopped) return;
        const older = curve.series.flatMap((s) =>
          s.points.map(([ts, value]) => ({ signalId: s.variableId, ts, value, quality: 0 })),
        );
        const merged: PointBuffer = new Map(picked.map((s) => [s.id, []]));
        appendPoints(merged, older, now - windowMs);
        for (const [id, points] of buffer.current) {
          const first = points[0]?.[0] ?? Infinity;
          merged.set(id, [...(merged.get(id) ?? []).filter(([ts]) => ts < first), ...points]);
        }
        buffer.current = merged;
        dirty = true;
      })
      .catch(() => undefined);
    const unsubscribe = subscribe(add);
    // the time axis moves on every second; a redraw is cheap at these sizes
    const timer = setInterval(() => {
      dirty = true;
      draw();
    }, 1000);
    draw();
    return () => {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
    };
  }, [chart, chosenKey, candidates, minutes, subscribe, equipmentId, ref]);

  return (
    <>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <VariablePicker
          signals={candidates}
          value={chosen}
          onChange={setIds}
          testId="realtime-curve-variables"
        />
        <Segmented<number>
          value={minutes}
          onChange={setMinutes}
          options={WINDOWS.map((m) => ({ value: m, label: t('curve.minutes', { count: m }) }))}
        />
      </Flex>
      {!candidates.length && <Empty description={t('curve.no-numeric')} />}
      <div ref={ref} style={{ height: 380, width: '100%' }} data-testid="realtime-curve" />
    </>
  );
}

/**
 * The history curve: up to 10 variables over a range, downsampled by the server to about the
 * chart's width; zooming in (drag on the chart or the slider) asks the narrower range again,
 * so the points get finer; "back" returns to the previous range.
 */
export function HistoryCurveTab({
  equipmentId,
  signals,
}: {
  equipmentId: number;
  signals: MonitorSignal[] | undefined;
}) {
  const { t } = useT('monitor');
  const candidates = useMemo(() => (signals ?? []).filter((s) => numeric(s) && s.storeHistory), [signals]);
  const [ids, setIds] = useState<number[]>([]);
  const { range, current, setRange } = useRange(1);
  /** what is drawn: the variables and the ranges zoomed through (the last is shown) */
  const [drawn, setDrawn] = useState<{ ids: number[]; ranges: TimeRange[] } | null>(null);
  const { ref, chart } = useEChart();
  const chosen = ids.length ? ids : candidates.slice(0, 1).map((s) => s.id);
  const problem = rangeProblemText(range);
  const shown = drawn?.ranges.at(-1);

  const curve = useQuery({
    queryKey: ['monitor', 'curve', equipmentId, drawn?.ids, shown],
    queryFn: () =>
      callApi(monitorCalls.curve, {
        equipmentId,
        variableIds: drawn!.ids,
        startTime: Math.round(shown!.start),
        endTime: Math.round(shown!.end),
        width: Math.max(100, Math.min(4000, ref.current?.clientWidth ?? 1000)),
      }),
    enabled: !!drawn && !!shown,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!chart || !curve.data || !shown) return;
    chart.setOption(
      {
        ...curveBase(curve.data.series.map((s) => ({ name: label(s), data: s.points }))),
        xAxis: { type: 'time', min: shown.start, max: shown.end },
        toolbox: { right: 16, feature: { dataZoom: { yAxisIndex: 'none' } } },
        dataZoom: [
          { type: 'inside', xAxisIndex: 0, zoomOnMouseWheel: 'ctrl' },
          { type: 'slider', xAxisIndex: 0, bottom: 8, height: 20 },
        ],
      },
      { notMerge: true },
    );
  }, [chart, curve.data, shown]);

  // a zoom asks the visible range again, once the user stops zooming
  useEffect(() => {
    if (!chart || !shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onZoom = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // the axis spans exactly the shown range, so the zoom's percentages place it
        const zoom = (chart.getOption() as { dataZoom?: { start?: number; end?: number }[] }).dataZoom?.[0];
        if (zoom?.start === undefined || zoom.end === undefined) return;
        if (zoom.start <= 0 && zoom.end >= 100) return;
        const span = shown.end - shown.start;
        const start = Math.round(shown.start + (span * zoom.start) / 100);
        const end = Math.round(shown.start + (span * zoom.end) / 100);
        if (end - start < 1000) return;
        setDrawn((d) => (d ? { ...d, ranges: [...d.ranges, { start, end }] } : d));
      }, 400);
    };
    chart.on('datazoom', onZoom);
    return () => {
      clearTimeout(timer);
      chart.off('datazoom', onZoom);
    };
  }, [chart, shown]);

  return (
    <>
      <Flex wrap gap={12} align="flex-start" style={{ marginBottom: 12 }}>
        <VariablePicker
          signals={candidates}
          value={chosen}
          onChange={setIds}
          testId="history-curve-variables"
        />
        <RangeField value={range} onChange={setRange} testId="history-curve-range" />
        <Button
          type="primary"
          icon={<LineChartOutlined />}
          disabled={!!problem || !chosen.length}
          onClick={() => setDrawn({ ids: chosen, ranges: [current()] })}
          data-testid="history-curve-draw"
        >
          {t('curve.draw')}
        </Button>
        {drawn && drawn.ranges.length > 1 && (
          <Button
            icon={<RollbackOutlined />}
            onClick={() => setDrawn((d) => (d ? { ...d, ranges: d.ranges.slice(0, -1) } : d))}
            data-testid="history-curve-back"
          >
            {t('curve.back')}
          </Button>
        )}
      </Flex>
      {!candidates.length && (
        <Alert type="info" showIcon title={t('curve.no-stored')} style={{ marginBottom: 12 }} />
      )}
      <Spin spinning={curve.isFetching}>
        <div style={{ position: 'relative' }}>
          <div
            ref={ref}
            style={{ height: 420, width: '100%' }}
            data-testid="history-curve"
            data-range={shown ? `${shown.start}-${shown.end}` : undefined}
          />
          {!drawn && (
            <Flex
              align="center"
              justify="center"
              style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
            >
              <Typography.Text type="secondary">{t('curve.hint')}</Typography.Text>
            </Flex>
          )}
        </div>
      </Spin>
      {curve.data && (
        <Typography.Text type="secondary" data-testid="history-curve-info">
          {t('curve.info', {
            points: curve.data.series.reduce((n, s) => n + s.points.length, 0),
            raw: curve.data.rawPoints,
          })}
          {curve.data.truncated && ` ${t('curve.truncated')}`}
        </Typography.Text>
      )}
    </>
  );
}
