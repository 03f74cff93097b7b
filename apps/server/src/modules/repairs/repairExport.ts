import ExcelJS from 'exceljs';
import type { Lang, RepairOrderRow } from '@fieldhub/shared';

/** The repair orders of a list filter as .xlsx (docs/requirements/operations.md §2.7). */

const TEXT = {
  'zh-CN': {
    sheet: '维修工单',
    file: '维修工单',
    columns: [
      '编号',
      '设备',
      '问题描述',
      '优先级',
      '状态',
      '报修人',
      '维修人',
      '维修内容',
      '备件',
      '结束原因',
      '创建时间',
      '派发时间',
      '接单时间',
      '完成时间',
      '结束时间',
    ],
    priority: { low: '低', normal: '普通', high: '高', urgent: '紧急' },
    state: {
      pending: '待派发',
      dispatched: '已派发',
      received: '已接单',
      finished: '已完成',
      ended: '已结束',
    },
  },
  'en-US': {
    sheet: 'Repair orders',
    file: 'repair-orders',
    columns: [
      'Number',
      'Device',
      'Problem',
      'Priority',
      'State',
      'Requester',
      'Repairer',
      'Repair content',
      'Spare parts',
      'End reason',
      'Created',
      'Dispatched',
      'Accepted',
      'Finished',
      'Ended',
    ],
    priority: { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' },
    state: {
      pending: 'Pending',
      dispatched: 'Dispatched',
      received: 'Accepted',
      finished: 'Finished',
      ended: 'Ended',
    },
  },
} as const;

export async function repairsWorkbook(
  rows: readonly RepairOrderRow[],
  q: { lang: Lang; utcOffsetMin: number; now: Date },
): Promise<{ filename: string; body: Buffer }> {
  const text = TEXT[q.lang];
  const local = (ms: number | null) => (ms === null ? null : new Date(ms + q.utcOffsetMin * 60_000));
  const wb = new ExcelJS.Workbook();
  wb.creator = 'FieldHub';
  const sheet = wb.addWorksheet(text.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const date = { numFmt: 'yyyy-mm-dd hh:mm' };
  const widths = [14, 20, 36, 10, 12, 14, 14, 36, 28, 24, 18, 18, 18, 18, 18];
  sheet.columns = widths.map((width, i) => (i >= 10 ? { width, style: date } : { width }));
  sheet.addRow([...text.columns]).font = { bold: true };
  for (const r of rows)
    sheet.addRow([
      r.number,
      r.equipmentName,
      r.problem,
      text.priority[r.priority],
      text.state[r.state],
      r.requesterName,
      r.repairerName,
      r.content,
      r.parts.map((p) => `${p.name} × ${p.quantity}`).join(', '),
      r.endReason,
      local(r.createdAt),
      local(r.dispatchedAt),
      local(r.acceptedAt),
      local(r.finishedAt),
      local(r.endedAt),
    ]);
  const stamp = local(q.now.getTime())!.toISOString().slice(0, 10);
  return { filename: `${text.file}-${stamp}.xlsx`, body: Buffer.from(await wb.xlsx.writeBuffer()) };
}
