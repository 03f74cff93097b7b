import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { summaryCalls } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';

/** A range of the summary screen, in ms. */
export interface SummaryRange {
  start: number;
  end: number;
}

/** The longest range the server reads or recomputes (docs/requirements/data-views.md §2.2). */
export const SUMMARY_RANGE_MAX_DAYS = 366;
/** The most summary variables drawn at once. */
export const SUMMARY_CHOSEN_MAX = 10;

export const summaryKeys = {
  all: ['summary'] as const,
  totals: (groupId: number | undefined) => ['summary', 'totals', groupId ?? 0] as const,
  variables: (groupId: number | undefined) => ['summary', 'variables', groupId ?? 0] as const,
  history: (ids: number[], range: SummaryRange) => ['summary', 'history', ids.join(','), range] as const,
};

/** Devices, share online, alarms and writes of today over the caller's devices (of a group). */
export function useSummaryTotals(groupId: number | undefined) {
  return useQuery({
    queryKey: summaryKeys.totals(groupId),
    queryFn: () => callApi(summaryCalls.totals, { groupId }),
    refetchInterval: 60_000,
  });
}

/** Summary variables on the caller's devices (of a group). */
export function useSummaryVariables(groupId: number | undefined) {
  return useQuery({
    queryKey: summaryKeys.variables(groupId),
    queryFn: () => callApi(summaryCalls.variables, { groupId }),
  });
}

/** Stored results of the chosen summary variables over the range; idle without a choice. */
export function useSummaryHistory(ids: number[], range: SummaryRange | null) {
  return useQuery({
    queryKey: summaryKeys.history(ids, range ?? { start: 0, end: 0 }),
    queryFn: () =>
      callApi(summaryCalls.history, {
        variableIds: ids,
        startTime: new Date(range!.start),
        endTime: new Date(range!.end),
      }),
    enabled: ids.length > 0 && range !== null,
  });
}

/** Recomputes the chosen variables' closed periods in the range, then reads them again. */
export function useRecompute() {
  const { t } = useT('summary');
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, range }: { ids: number[]; range: SummaryRange }) => {
      let periods = 0;
      for (const variableId of ids)
        periods += (
          await callApi(summaryCalls.recompute, {
            variableId,
            startTime: new Date(range.start),
            endTime: new Date(range.end),
          })
        ).periods;
      return periods;
    },
    onSuccess: async (n) => {
      toastSuccess(t('recompute-done', { n }));
      await client.invalidateQueries({ queryKey: ['summary', 'history'] });
    },
  });
}
