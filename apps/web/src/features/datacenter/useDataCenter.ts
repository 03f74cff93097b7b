import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { dataCenterCalls, type DataCenterQueryInput } from '@fieldhub/shared';
import { callApi } from '../../app/request';

/** A range in ms since the epoch. */
export interface TimeRange {
  start: number;
  end: number;
}

/** The quick ranges of the toolbar, in hours (data-views.md §3.1: at most 30 days). */
export const QUICK_RANGES = [
  { key: 'hour', hours: 1 },
  { key: 'day', hours: 24 },
  { key: 'week', hours: 24 * 7 },
  { key: 'month', hours: 24 * 30 },
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number]['key'];

export const lastHours = (hours: number): TimeRange => {
  const end = Date.now();
  return { start: end - hours * 3_600_000, end };
};

export type Mode = 'raw' | 'aggregated';

/** What the screen asks the server: the checked variables, the range, raw or by interval. */
export interface Asked {
  variableIds: number[];
  range: TimeRange;
  mode: Mode;
  interval: number;
}

/** The body of the query, chart and export calls; times are written in the browser's offset. */
export const callBody = (a: Asked): DataCenterQueryInput => ({
  variableIds: a.variableIds,
  startTime: a.range.start,
  endTime: a.range.end,
  mode: a.mode,
  interval: a.interval,
  utcOffsetMinutes: -new Date().getTimezoneOffset(),
});

/**
 * The range: a quick range ends now each time it is read (so a query made later sees the newest
 * values), a picked one stays as picked.
 */
export function useRange(initial: QuickRange = 'day') {
  const [quick, setQuick] = useState<QuickRange | null>(initial);
  const [picked, setPicked] = useState<TimeRange>(() => lastHours(24));
  const current = useCallback(
    () => (quick ? lastHours(QUICK_RANGES.find((q) => q.key === quick)!.hours) : picked),
    [quick, picked],
  );
  return {
    quick,
    range: current(),
    current,
    chooseQuick: setQuick,
    pick: (r: TimeRange) => {
      setQuick(null);
      setPicked(r);
    },
  };
}

export const treeKey = ['datacenter', 'tree'] as const;
export const savedKey = ['datacenter', 'saved'] as const;

/** The tree of groups, devices and variables; a refusal (2615, no permission) is the screen's error state. */
export function useDataCenterTree() {
  return useQuery({
    queryKey: treeKey,
    queryFn: () => callApi(dataCenterCalls.tree, undefined, { silent: true }),
    retry: false,
  });
}

export function useSavedQueries(enabled: boolean) {
  return useQuery({
    queryKey: savedKey,
    queryFn: () => callApi(dataCenterCalls.savedList),
    enabled,
  });
}
