import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { InspectionSchedule, InspectionTaskState } from '@fieldhub/shared';
import { useT, type Translate } from '../useT';

const STATUS_COLOR: Record<InspectionTaskState, string> = {
  pending: 'processing',
  normal: 'success',
  abnormal: 'error',
  aborted: 'default',
};

/** A task's state (operations.md §4.3) as a coloured tag. */
export function InspectionStatusTag({ status }: { status: InspectionTaskState }) {
  const { t } = useT('inspections');
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={`inspection-status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** `UTC+08:00` of an offset in minutes. */
const zoneText = (minutes: number) => {
  const a = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
};

/**
 * One line saying when a plan's windows are, in the plan's words; the plan's zone is named when it
 * is not this browser's (its times are read in the zone it was saved in).
 */
export function scheduleSummary(s: InspectionSchedule, t: Translate<'inspections'>): string {
  const text = scheduleText(s, t);
  return s.utcOffsetMin === -new Date().getTimezoneOffset() ? text : `${text} (${zoneText(s.utcOffsetMin)})`;
}

function scheduleText(s: InspectionSchedule, t: Translate<'inspections'>): string {
  const times = { start: s.start, end: s.end };
  switch (s.kind) {
    case 'once':
      return t('schedule.summary-once', { date: s.startDate, ...times });
    case 'daily':
      return t('schedule.summary-daily', times);
    case 'weekly':
      return t('schedule.summary-weekly', {
        days: [...s.weekdays]
          .sort()
          .map((d) => t(`weekday.${d as 1 | 2 | 3 | 4 | 5 | 6 | 7}`))
          .join(t('schedule.day-separator')),
        ...times,
      });
    case 'monthly':
      return t('schedule.summary-monthly', { day: s.monthDay, ...times });
  }
}

/** A task's window: the day and the two clock times. */
export const windowText = (start: number, end: number) =>
  `${dayjs(start).format('YYYY-MM-DD HH:mm')}–${dayjs(end).format(
    dayjs(start).isSame(end, 'day') ? 'HH:mm' : 'YYYY-MM-DD HH:mm',
  )}`;
