import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { historyExportSchema, Lang } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { visibleDevice } from '../../modules/devices/deviceScope';
import { checkedRange, deviceVariables, type HistoryVariable } from './history.service';
import { valuesAfter, type HistoryRange } from './history.repo';

/** Rows one export may hold (an .xlsx sheet ends at 1,048,576 rows). */
export const EXPORT_MAX_ROWS = 1_000_000;
const CHUNK = 10_000;

const headers: Record<Lang, { time: string; device: string; rest: string[] }> = {
  'zh-CN': { time: '时间', device: '设备', rest: ['变量', '值', '单位', '质量'] },
  'en-US': { time: 'Time', device: 'Device', rest: ['Variable', 'Value', 'Unit', 'Quality'] },
};
const truncatedNote: Record<Lang, string> = {
  'zh-CN': `数据超过 ${EXPORT_MAX_ROWS} 行，已截断；请缩小时间范围`,
  'en-US': `More than ${EXPORT_MAX_ROWS} rows; the export was cut. Narrow the time range.`,
};

export interface HistoryExport {
  filename: string;
  /** the workbook, written while it is read: memory stays flat however many rows there are */
  stream: Readable;
}

/**
 * /monitor/multi/history/export: the stored values of the range as .xlsx, one row per value,
 * grouped by variable and in time order. Checks run before the first byte, so a refused export
 * still answers the envelope; the rows are then streamed in chunks. Times are written as dates
 * in the reader's offset from UTC (the browser sends it; default UTC+8).
 */
export async function historyExport(
  db: Db,
  auth: AuthContext,
  q: z.infer<typeof historyExportSchema>,
  lang: Lang,
): Promise<HistoryExport> {
  const range = checkedRange(q.startTime, q.endTime);
  const device = await visibleDevice(db, auth, q.equipmentId);
  const variables = await deviceVariables(db, q.equipmentId, q.variableIds);
  return valuesWorkbook(db, variables, range, { ...q, name: device.name, lang });
}

/** A variable of an export; with `device`, the sheet has a device column. */
export type ExportVariable = HistoryVariable & { device?: string };

/**
 * The workbook of an export of variables already checked to be the caller's: `name` starts the
 * file name. The device column is written when the variables name their device (an export over
 * several devices).
 */
export function valuesWorkbook(
  db: Db,
  variables: readonly ExportVariable[],
  range: HistoryRange,
  q: { endTime: number; utcOffsetMinutes: number; name: string; lang: Lang },
): HistoryExport {
  const { lang } = q;
  const withDevice = variables.some((v) => v.device !== undefined);
  const day = new Date(q.endTime + q.utcOffsetMinutes * 60_000).toISOString().slice(0, 10).replace(/-/g, '');
  const filename = `${q.name}-${lang === 'zh-CN' ? '历史数据' : 'history'}-${day}.xlsx`;

  const out = new PassThrough();
  const write = async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    // 'History' is a name Excel reserves for itself
    const sheet = wb.addWorksheet(lang === 'zh-CN' ? '历史数据' : 'History data');
    sheet.columns = [
      { width: 22, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } },
      ...(withDevice ? [{ width: 24 }] : []),
      { width: 24 },
      { width: 16 },
      { width: 10 },
      { width: 10 },
    ];
    const head = headers[lang];
    sheet.addRow([head.time, ...(withDevice ? [head.device] : []), ...head.rest]).commit();
    let written = 0;
    const shift = q.utcOffsetMinutes * 60_000;
    outer: for (const v of variables) {
      let after: number | null = null;
      for (;;) {
        const rows = await valuesAfter(db, v.id, range, after, CHUNK);
        for (const r of rows) {
          if (written >= EXPORT_MAX_ROWS) {
            sheet.addRow([truncatedNote[lang]]).commit();
            break outer;
          }
          // a date cell shows wall time, so the instant is moved by the reader's offset
          const device = withDevice ? [v.device ?? ''] : [];
          sheet
            .addRow([new Date(r.ts + shift), ...device, v.name, r.num ?? r.txt, v.unit, r.quality])
            .commit();
          written++;
        }
        if (rows.length < CHUNK) break;
        after = rows[rows.length - 1]!.ts;
      }
    }
    await sheet.commit();
    await wb.commit();
  };
  write().catch((err: unknown) => out.destroy(err as Error));
  return { filename, stream: out };
}
