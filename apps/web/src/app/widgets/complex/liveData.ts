/**
 * Live data of the complex widgets in the viewer: current values of a widget's signal refs
 * through the widget runtime, and time series that start from the stored curve of the window
 * (the monitor's curve call, `monitorCalls.curve`) and grow with live values.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { LIMITS, monitorCalls, projectMonitorCalls, type CurveResult } from '@fieldhub/shared';
import type { SignalRef } from '@fieldhub/hmi';
import { callApi } from '../../request';
import { useWidgetRuntime, type RuntimeValue, type WidgetRuntime } from '../runtime';
import type { TimeSeries } from './chartOptions';
import { windowOf, type WindowChoice } from './chartWindow';

/** Display name of a ref: its alias, else its title, else its id. */
export const refName = (r: SignalRef): string => r.alias || r.title || r.signalId;

const numeric = (v: RuntimeValue | undefined): number | null => {
  if (!v || v.value === null || v.value === '') return null;
  const n = Number(v.value);
  return Number.isFinite(n) ? n : null;
};

/** Subscribes to every key; the snapshot changes identity whenever one of the values does. */
function useValues(runtime: WidgetRuntime, keys: string[]): (RuntimeValue | undefined)[] {
  const joined = keys.join('\n');
  const store = useMemo(() => {
    let snapshot = keys.map((k) => (k ? runtime.valueOf(k) : undefined));
    return {
      subscribe(listener: () => void) {
        const offs = keys.filter(Boolean).map((k) =>
          runtime.subscribe(k, () => {
            snapshot = keys.map((key) => (key ? runtime.valueOf(key) : undefined));
            listener();
          }),
        );
        return () => offs.forEach((off) => off());
      },
      get: () => snapshot,
    };
    // keys are compared by content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runtime, joined]);
  return useSyncExternalStore(store.subscribe, store.get);
}

/** The current numeric values of refs (null while unknown or not a number). */
export function useRefValues(refs: SignalRef[]): (number | null)[] {
  const runtime = useWidgetRuntime();
  const keys = refs.map((r) => runtime.keyOf(r));
  return useValues(runtime, keys).map(numeric);
}

/** The raw current values of refs, for widgets that show text (reports, scripts). */
export function useRefRawValues(refs: SignalRef[]): (RuntimeValue | undefined)[] {
  const runtime = useWidgetRuntime();
  return useValues(
    runtime,
    refs.map((r) => runtime.keyOf(r)),
  );
}

/**
 * Stored points of one device's variables: a project page reads through the project (its members
 * may not hold the device permission), any other page through the device monitor call.
 */
function fetchCurve(
  scope: WidgetRuntime['scope'],
  q: { equipmentId: number; variableIds: number[]; startTime: number; endTime: number; width: number },
): Promise<CurveResult> {
  return scope.kind === 'project'
    ? callApi(projectMonitorCalls.curve, { projectId: Number(scope.id), ...q }, { silent: true })
    : callApi(monitorCalls.curve, q, { silent: true });
}

/** Stored points of signal refs over [start, end]: per equipment, at most 10 variables a call. */
export async function fetchCurves(
  refs: SignalRef[],
  start: number,
  end: number,
  scope: WidgetRuntime['scope'],
  width = 600,
): Promise<TimeSeries[]> {
  const byEquip = new Map<string, number[]>();
  for (const r of refs) {
    const id = Number(r.signalId);
    if (!r.equipId || !r.signalId || !Number.isFinite(id)) continue;
    const list = byEquip.get(r.equipId) ?? [];
    if (!list.includes(id)) list.push(id);
    byEquip.set(r.equipId, list);
  }
  const calls = [...byEquip].flatMap(([equipId, ids]) =>
    Array.from({ length: Math.ceil(ids.length / LIMITS.historyCurveVariables) }, (_, k) =>
      ids.slice(k * LIMITS.historyCurveVariables, (k + 1) * LIMITS.historyCurveVariables),
    ).map(async (variableIds) => {
      const curve = await fetchCurve(scope, {
        equipmentId: Number(equipId),
        variableIds,
        startTime: start,
        endTime: end,
        width,
      });
      return curve.series.map((s) => ({ key: `${equipId}.${s.variableId}`, points: s.points }));
    }),
  );
  const found = new Map((await Promise.all(calls)).flat().map((s) => [s.key, s.points]));
  return refs.map((r) => ({
    name: refName(r),
    color: r.color,
    points: found.get(`${r.equipId}.${r.signalId}`) ?? [],
  }));
}

/**
 * Time series of refs over a window (docs/requirements/widgets.md §4.1): the stored curve first,
 * then, while the window is the last n minutes, live values as they arrive (points older than the
 * window dropped; `now` moves with each redraw). A fixed period is read once and stays still.
 */
export function useLiveSeries(
  refs: SignalRef[],
  choice: WindowChoice,
): { series: TimeSeries[]; loading: boolean; now: number; from: number } {
  const runtime = useWidgetRuntime();
  const keys = refs.map((r) => runtime.keyOf(r));
  const values = useValues(runtime, keys);
  const refsKey = JSON.stringify([
    refs.map((r) => [r.equipId, r.signalId, r.alias, r.title, r.color]),
    choice,
  ]);
  const [stored, setStored] = useState<{ key: string; series: TimeSeries[] } | null>(null);
  const [live, setLive] = useState<[number, number][][]>([]);
  useEffect(() => {
    let stopped = false;
    const { start, end } = windowOf(choice, Date.now());
    setLive(refs.map(() => []));
    fetchCurves(refs, start, end, runtime.scope)
      .then((series) => !stopped && setStored({ key: refsKey, series }))
      .catch(
        () =>
          !stopped &&
          setStored({
            key: refsKey,
            series: refs.map((r) => ({ name: refName(r), color: r.color, points: [] })),
          }),
      );
    return () => {
      stopped = true;
    };
    // refs and the choice are compared by content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refsKey, runtime.scope]);
  useEffect(() => {
    setLive((prev) =>
      values.map((v, i) => {
        const list = prev[i] ?? [];
        const n = numeric(v);
        if (n === null || !v) return list;
        const last = list[list.length - 1];
        return last && last[0] >= v.ts ? list : [...list, [v.ts, n]];
      }),
    );
  }, [values]);
  const { start: from, end: now, live: growing } = windowOf(choice, Date.now());
  const series = refs.map((r, i) => {
    const base = stored?.key === refsKey ? (stored.series[i]?.points ?? []) : [];
    const last = base[base.length - 1]?.[0] ?? -Infinity;
    const tail = growing ? (live[i] ?? []).filter(([ts]) => ts > last) : [];
    return { name: refName(r), color: r.color, points: [...base, ...tail].filter(([ts]) => ts >= from) };
  });
  return { series, loading: stored?.key !== refsKey, now, from };
}
