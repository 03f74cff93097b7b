/**
 * The script widgets (report, trend, bar, pie): the widget's script runs in a worker of the
 * isolated script host with the api object, its parameter and a callback (scriptSandbox.ts); the
 * callback's value is drawn as a table or chart. In the designer the api answers with sample
 * series, so the author sees the script's output; in the viewer it answers with the stored curves
 * and live values of the bound signals, and the script runs again every minute.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SignalRef, Widget } from '@fieldhub/hmi';
import { signalRefSchema } from '@fieldhub/hmi';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime, type WidgetRuntime } from '../runtime';
import { num, str } from '../styleOf';
import { BodyNote } from './BodyNote';
import { barOption, lineOption, pieOption } from './chartOptions';
import { fetchCurves, refName } from './liveData';
import { sampleSeries, sampleValues } from './sampleData';
import { ScriptTimeoutError, runScript, type SandboxHost } from './scriptSandbox';
import { readResult, scriptRange, type ScriptKind, type ScriptOutput } from './scriptResult';
import { Chart } from './ChartCanvas';

type Loose = Record<string, unknown>;
const RERUN_MS = 60_000;

const isEmpty = (o: ScriptOutput) =>
  o.kind === 'table'
    ? !o.rows.length
    : o.kind === 'trend'
      ? o.series.every((s) => !s.points.length)
      : !o.values.length;

function refsOf(raw: unknown, fallback: SignalRef[]): SignalRef[] {
  return Array.isArray(raw) ? raw.map((r) => signalRefSchema.parse(r)) : fallback;
}

/** The api's answers: sample series in the designer, the bound signals' data in the viewer. */
function hostFor(runtime: WidgetRuntime, own: SignalRef[], sample: (n: number) => string): SandboxHost {
  if (runtime.mode === 'design') {
    const names = (refs: SignalRef[]) =>
      refs.length ? refs.map(refName) : [sample(1), sample(2), sample(3)];
    return {
      history: async ({ signals, start, end }) => {
        const list = names(refsOf(signals, own));
        return sampleSeries(list, Math.max(1, Math.round((end - start) / 60_000)), end).map((s) => ({
          name: s.name,
          points: s.points,
        }));
      },
      values: async ({ signals }) => sampleValues(names(refsOf(signals, own))),
    };
  }
  return {
    history: async ({ signals, start, end }) =>
      (await fetchCurves(refsOf(signals, own), start, end, runtime.scope)).map((s) => ({
        name: s.name,
        points: s.points,
      })),
    values: async ({ signals }) =>
      refsOf(signals, own).map((r) => {
        const v = runtime.valueOf(runtime.keyOf(r));
        return { name: refName(r), value: v?.value ?? null, ts: v?.ts ?? null };
      }),
  };
}

function Output({
  widget,
  output,
  range,
}: {
  widget: Widget;
  output: ScriptOutput;
  range: { start: number; end: number };
}) {
  const option = useMemo(() => {
    if (output.kind === 'trend')
      return lineOption(widget, output.series, range.end, false, { from: range.start });
    if (output.kind === 'values') {
      return widget.widgetType === 'ScriptPie'
        ? pieOption(widget, output.values, Math.min(widget.position.width, widget.position.height))
        : barOption(widget, output.values);
    }
    return null;
  }, [widget, output, range]);
  if (output.kind === 'table') {
    const st = widget.style as Loose;
    const cell = {
      padding: '0 8px',
      borderBottom: '1px solid #F0F0F0',
      whiteSpace: 'nowrap' as const,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    };
    return (
      <div
        style={{
          position: 'absolute',
          inset: 0,
          overflow: 'auto',
          background: '#fff',
          border: '1px solid #E5E7EB',
        }}
      >
        <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 12 }} data-testid="script-table">
          <thead>
            <tr style={{ height: num(st['headerHeight'], 46), background: '#FAFAFA', textAlign: 'left' }}>
              {output.columns.map((c, i) => (
                <th key={i} style={{ ...cell, fontWeight: 600 }}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {output.rows.map((r, i) => (
              <tr key={i} style={{ height: num(st['rowHeight'], 40) }}>
                {r.map((c, j) => (
                  <td key={j} style={cell}>
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return option ? <Chart option={option} widget={widget} /> : null;
}

export default function ScriptBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const runtime = useWidgetRuntime();
  const d = widget.data as Loose;
  const code = str(d['script'], '');
  const [state, setState] = useState<{ output?: ScriptOutput; error?: string; running: boolean }>({
    running: true,
  });
  const [tick, setTick] = useState(0);
  const range = useMemo(
    () => scriptRange(Date.now(), num(d['offset'], -1), str(d['timeUnit'], 'date'), num(d['length'], 1)),
    // the period is recomputed with each run
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [d['offset'], d['timeUnit'], d['length'], tick],
  );
  const paramKey = JSON.stringify([
    code,
    d['offset'],
    d['timeUnit'],
    d['length'],
    d['mode'],
    d['min'],
    d['max'],
    widget.data.signalArray,
    range,
  ]);
  const latest = useRef(paramKey);
  latest.current = paramKey;
  useEffect(() => {
    if (!code.trim()) return;
    const key = paramKey;
    setState((s) => ({ ...s, running: true }));
    const param = {
      offset: num(d['offset'], -1),
      timeUnit: str(d['timeUnit'], 'date'),
      length: num(d['length'], 1),
      mode: str(d['mode'], 'adapt'),
      min: num(d['min'], 0),
      max: num(d['max'], 100),
      signals: widget.data.signalArray,
      range,
    };
    runScript({
      code,
      param,
      host: hostFor(runtime, widget.data.signalArray, (n) => t('complex.sample', { n })),
    })
      .then((raw) => {
        if (latest.current !== key) return;
        const out = readResult(widget.widgetType as ScriptKind, raw);
        setState('error' in out ? { error: t(out.error), running: false } : { output: out, running: false });
      })
      .catch((e: unknown) => {
        if (latest.current !== key) return;
        const message =
          e instanceof ScriptTimeoutError
            ? t('complex.script.timeout', { s: e.ms / 1000 })
            : t('complex.script.failed', { message: (e as Error).message });
        setState({ error: message, running: false });
      });
    // the run depends on the parameter's content (paramKey)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paramKey, runtime]);
  useEffect(() => {
    if (runtime.mode !== 'view') return;
    const timer = setInterval(() => setTick((n) => n + 1), RERUN_MS);
    return () => clearInterval(timer);
  }, [runtime.mode]);
  if (!code.trim()) return <BodyNote text={t('complex.script.empty')} />;
  return (
    <div
      style={{ position: 'absolute', inset: 0 }}
      data-testid="script-widget"
      data-state={state.error ? 'error' : state.output ? 'done' : 'running'}
    >
      {state.output && <Output widget={widget} output={state.output} range={range} />}
      {state.output && isEmpty(state.output) && <BodyNote text={t('complex.no-data')} />}
      {state.error && <BodyNote text={state.error} />}
      {!state.output && !state.error && <BodyNote text={t('complex.script.running')} />}
    </div>
  );
}
