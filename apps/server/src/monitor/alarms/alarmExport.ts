import ExcelJS from 'exceljs';
import { formatValueWithUnit, type AlarmRecordRow, type Lang } from '@fieldhub/shared';

/** Most alarm records one export holds (newest first; a note says when more matched). */
export const ALARM_EXPORT_MAX_ROWS = 50_000;

const TEXT: Record<
  Lang,
  {
    sheet: string;
    file: string;
    columns: string[];
    level: Record<string, string>;
    state: Record<AlarmRecordRow['state'], string>;
    /** the mark of an alarm learnt late (monitoring.md §7.5) */
    delayed: string;
    cut: string;
  }
> = {
  'zh-CN': {
    sheet: '报警记录',
    file: '报警记录',
    columns: [
      '设备',
      '变量',
      '报警等级',
      '触发时间',
      '解除时间',
      '触发值',
      '报警内容',
      '状态',
      '迟到上报',
      '确认人',
      '确认时间',
    ],
    level: { info: '提示', normal: '一般', serious: '严重', urgent: '紧急' },
    state: { active: '未处理', cleared: '已恢复' },
    delayed: '是',
    cut: `报警记录超过 ${ALARM_EXPORT_MAX_ROWS} 条，只导出了最新的 ${ALARM_EXPORT_MAX_ROWS} 条；请缩小时间范围`,
  },
  'en-US': {
    sheet: 'Alarm records',
    file: 'alarms',
    columns: [
      'Device',
      'Variable',
      'Level',
      'Triggered',
      'Released',
      'Value',
      'Message',
      'State',
      'Learnt late',
      'Confirmed by',
      'Confirmed at',
    ],
    level: { info: 'Info', normal: 'Normal', serious: 'Serious', urgent: 'Urgent' },
    state: { active: 'Active', cleared: 'Cleared' },
    delayed: 'Yes',
    cut: `More than ${ALARM_EXPORT_MAX_ROWS} alarm records; only the newest ${ALARM_EXPORT_MAX_ROWS} were exported. Narrow the time range.`,
  },
};

export interface AlarmExport {
  filename: string;
  body: Buffer;
}

/**
 * The alarm records of an alarm query as .xlsx (the alarm table's columns: device, variable,
 * level, trigger and release time, value, message, state, learnt late, confirmation), in the order the query
 * answers them. The value is written as the screens show it: with the variable's decimals and unit
 * (docs/requirements/monitoring.md §3.13). Times are written as dates in the reader's offset from UTC. `total` above the rows
 * given adds a note that the export was cut.
 */
export async function alarmsWorkbook(
  rows: readonly (AlarmRecordRow & { equipmentTitle: string })[],
  q: { name: string; lang: Lang; utcOffsetMinutes: number; total: number; now: Date },
): Promise<AlarmExport> {
  const text = TEXT[q.lang];
  const local = (ms: number | null) => (ms === null ? null : new Date(ms + q.utcOffsetMinutes * 60_000));
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(text.sheet);
  const date = { numFmt: 'yyyy-mm-dd hh:mm:ss' };
  sheet.columns = [
    { width: 24 },
    { width: 20 },
    { width: 10 },
    { width: 22, style: date },
    { width: 22, style: date },
    { width: 12 },
    { width: 40 },
    { width: 10 },
    { width: 12 },
    { width: 16 },
    { width: 22, style: date },
  ];
  sheet.addRow(text.columns).font = { bold: true };
  for (const r of rows)
    sheet.addRow([
      r.equipmentTitle,
      r.variableName,
      text.level[r.level] ?? r.level,
      local(r.triggeredAt),
      local(r.releasedAt),
      formatValueWithUnit(r.valueFormat, r.triggerValue),
      r.content,
      text.state[r.state],
      r.delayed ? text.delayed : null,
      r.confirmedBy,
      local(r.confirmedAt),
    ]);
  if (q.total > rows.length) sheet.addRow([text.cut]);
  const day = new Date(q.now.getTime() + q.utcOffsetMinutes * 60_000)
    .toISOString()
    .slice(0, 10)
    .replace(/-/g, '');
  return {
    filename: `${q.name}-${text.file}-${day}.xlsx`,
    body: Buffer.from(await wb.xlsx.writeBuffer()),
  };
}
