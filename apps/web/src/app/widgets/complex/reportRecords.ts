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
import { windowOf, type WindowChoice } from './chartWindow';

type Records = ReportRecordPage['list'];

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

/**
 * The records of a device report over a window, newest first (at most CHART_RECORDS), read again
 * every `rollTime` seconds while the window ends now. `owner`: the widget, part of the cache key.
 */
export function useReportWindow(
  owner: Widget,
  equipmentId: string,
  reportId: string,
  choice: WindowChoice,
): { records: Records; loading: boolean; failed: boolean; start: number; end: number } {
  const runtime = useWidgetRuntime();
  const rollTime = num((owner.data as Record<string, unknown>)['rollTime'], 30);
  const records = useQuery({
    queryKey: ['widget', 'report-window', runtime.scope, owner.id, equipmentId, reportId, choice],
    queryFn: async () => {
      const { start, end } = windowOf(choice, Date.now());
      const page = await fetchReportRecords(runtime.scope, {
        equipmentId,
        reportId,
        start,
        end,
        pageNum: 1,
        pageSize: CHART_RECORDS,
      });
      return { start, end, list: page.list };
    },
    enabled: !!equipmentId && !!reportId,
    placeholderData: keepPreviousData,
    refetchInterval: choice.kind === 'last' ? rollTime * 1000 : false,
  });
  const period = records.data ?? windowOf(choice, Date.now());
  return {
    records: records.data?.list ?? [],
    loading: records.isPending && !!equipmentId && !!reportId,
    failed: records.isError,
    start: period.start,
    end: period.end,
  };
}

/** The series of a report-sourced line or area chart over the reader's window. */
export function useReportSeries(
  widget: Widget,
  choice: WindowChoice,
): { series: TimeSeries[]; loading: boolean; failed: boolean; now: number; from: number } {
  const runtime = useWidgetRuntime();
  const aggregationName = useAggregationName();
  const equipmentId = reportEquipment(widget, runtime.scope);
  const reportId = String((widget.data as Record<string, unknown>)['reportId'] ?? '');
  const read = useReportWindow(widget, equipmentId, reportId, choice);
  return {
    series: reportSeries(read.records, widget.data.reportSignalArray, aggregationName),
    loading: read.loading,
    failed: read.failed,
    now: read.end,
    from: read.start,
  };
}
