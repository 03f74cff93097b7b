import ExcelJS from 'exceljs';
import type { Lang, ReportExportInput } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { visibleDevice } from '../../modules/devices/deviceScope';
import { findReportRecords } from './history.repo';
import { checkedRange, deviceReportColumns } from './history.service';

/** Records one report export holds (newest first; a note says when more matched). */
export const REPORT_EXPORT_MAX_ROWS = 100_000;

const TEXT: Record<Lang, { time: string; file: string; aggregation: Record<string, string>; cut: string }> = {
  'zh-CN': {
    time: '时间',
    file: '报表',
    aggregation: { delta: '差值', first: '首值', last: '末值', max: '最大值', min: '最小值', avg: '平均值' },
    cut: `报表记录超过 ${REPORT_EXPORT_MAX_ROWS} 条，只导出了最新的 ${REPORT_EXPORT_MAX_ROWS} 条；请缩小时间范围`,
  },
  'en-US': {
    time: 'Time',
    file: 'report',
    aggregation: { delta: 'delta', first: 'first', last: 'last', max: 'max', min: 'min', avg: 'average' },
    cut: `More than ${REPORT_EXPORT_MAX_ROWS} report records; only the newest ${REPORT_EXPORT_MAX_ROWS} were exported. Narrow the time range.`,
  },
};

export interface ReportExport {
  filename: string;
  body: Buffer;
}

/**
 * /monitor/multi/report/export: the records of one of the device's reports in the range as
 * .xlsx, one row per record (newest first), one column per report item headed "variable
 * (aggregation) [unit]". The device must be the caller's (1101) and the report the device's
 * (90002); the range follows the history rules (10001). Times are written as dates in the
 * reader's offset from UTC.
 */
export async function reportExport(
  db: Db,
  auth: AuthContext,
  q: ReportExportInput,
  lang: Lang,
): Promise<ReportExport> {
  const range = checkedRange(q.startTime, q.endTime);
  const device = await visibleDevice(db, auth, q.equipmentId);
  const columns = await deviceReportColumns(db, auth, q.equipmentId, q.reportId);
  const report = await one<{ name: string }>(db, 'select name from reports where id = $1', [q.reportId]);
  const { rows, total } = await findReportRecords(db, q.reportId, q.equipmentId, range, {
    limit: REPORT_EXPORT_MAX_ROWS,
    offset: 0,
  });
  const text = TEXT[lang];
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(text.file);
  sheet.columns = [
    { width: 22, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
    ...columns.map(() => ({ width: 20 })),
  ];
  sheet.addRow([
    text.time,
    ...columns.map(
      (c) => `${c.name} (${text.aggregation[c.aggregation] ?? c.aggregation})${c.unit ? ` [${c.unit}]` : ''}`,
    ),
  ]).font = { bold: true };
  for (const r of rows)
    sheet.addRow([
      new Date(r.ts + q.utcOffsetMinutes * 60_000),
      ...columns.map((c) => r.values[String(c.variableId)]?.[c.aggregation] ?? null),
    ]);
  if (total > rows.length) sheet.addRow([text.cut]);
  const day = new Date(q.endTime + q.utcOffsetMinutes * 60_000).toISOString().slice(0, 10).replace(/-/g, '');
  return {
    filename: `${device.name}-${report?.name ?? text.file}-${day}.xlsx`,
    body: Buffer.from(await wb.xlsx.writeBuffer()),
  };
}
