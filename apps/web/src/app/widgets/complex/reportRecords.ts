/**
 * Reading a device report's records for a widget: on a project page through the project (its
 * members may lack the device permission), elsewhere through the device monitor call; and the
 * chart series of the last `timeRange` minutes, read again every `rollTime` seconds.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { monitorCalls, projectMonitorCalls, type ReportRecordPage } from '@fieldhub/shared';
import type { Widget } from '@fieldhub/hmi';
import { callApi, downloadCall } from '../../request';
import { useWidgetRuntime, type WidgetRuntime } from '../runtime';
import { num } from '../styleOf';
import { textUnder } from '../../useT';
import { useWidgetText } from '../widgetText';
import { reportEquipment, reportSeries } from './reportData';
import type { TimeSeries } from './chartOptions';

/** The most records one query answers; a chart reads the newest of its window up to this. */
const CHART_RECORDS = 500;

export interface ReportQuery {
  equipmentId: string;
  reportId: string;
  start: number;
  end: number;
  pageNum: number;
  pageSize: number;
}

export function fetchReportRecords(scope: WidgetRuntime['scope'], q: ReportQuery): Promise<ReportRecordPage> {
  const body = {
    equipmentId: Number(q.equipmentId),
    reportId: Number(q.reportId),
    startTime: q.start,
    endTime: q.end,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
  return scope.kind === 'project'
    ? callApi(projectMonitorCalls.reportRecords, { projectId: Number(scope.id), ...body }, { silent: true })
    : callApi(monitorCalls.reportRecords, body, { silent: true });
}

/**
 * Saves the report's records in the range as an .xlsx file: through the device call, or the
 * project's twin.
 */
export function saveReportRecords(
  scope: WidgetRuntime['scope'],
  q: Omit<ReportQuery, 'pageNum' | 'pageSize'>,
  name: string,
  utcOffsetMinutes: number,
): Promise<void> {
  const body = {
    equipmentId: Number(q.equipmentId),
    reportId: Number(q.reportId),
    startTime: q.start,
    endTime: q.end,
    utcOffsetMinutes,
  };
  return scope.kind === 'project'
    ? downloadCall(projectMonitorCalls.reportExport, { projectId: Number(scope.id), ...body }, name)
    : downloadCall(monitorCalls.reportExport, body, name);
}

/** The aggregation's name in the reader's language (widget bodies only: the canvas gives the text). */
export function useAggregationName(): (a: string) => string {
  const t = useWidgetText();
  return (a: string) => textUnder(t, 'designer:complex.aggregation.', a);
}

/** The series of a report-sourced line or area chart over its last `timeRange` minutes. */
export function useReportSeries(widget: Widget): {
  series: TimeSeries[];
  loading: boolean;
  failed: boolean;
  now: number;
} {
  const runtime = useWidgetRuntime();
  const aggregationName = useAggregationName();
  const d = widget.data as Record<string, unknown>;
  const minutes = num(d['timeRange'], 60);
  const equipmentId = reportEquipment(widget, runtime.scope);
  const reportId = String(d['reportId'] ?? '');
  const records = useQuery({
    queryKey: ['widget', 'report-series', runtime.scope, widget.id, equipmentId, reportId, minutes],
    queryFn: async () => {
      const end = Date.now();
      const page = await fetchReportRecords(runtime.scope, {
        equipmentId,
        reportId,
        start: end - minutes * 60_000,
        end,
        pageNum: 1,
        pageSize: CHART_RECORDS,
      });
      return { end, list: page.list };
    },
    enabled: !!equipmentId && !!reportId,
    placeholderData: keepPreviousData,
    refetchInterval: num(d['rollTime'], 30) * 1000,
  });
  return {
    series: reportSeries(records.data?.list ?? [], widget.data.reportSignalArray, aggregationName),
    loading: records.isPending,
    failed: records.isError,
    now: records.data?.end ?? Date.now(),
  };
}
