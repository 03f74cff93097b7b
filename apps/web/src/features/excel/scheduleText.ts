import type { SmartReportSchedule } from '@fieldhub/shared';
import type { Translate } from '../../app/useT';

/** A schedule in words: "Daily at 08:00", "Shifts at 08:00, 20:00", "On demand only". */
export function scheduleText(t: Translate, s: SmartReportSchedule): string {
  const times = s.times.join(', ');
  switch (s.kind) {
    case 'none':
      return t('smartReports:schedule.text.none');
    case 'daily':
      return t('smartReports:schedule.text.daily', { times });
    case 'shift':
      return t('smartReports:schedule.text.shift', { times });
    case 'weekly':
      return t('smartReports:schedule.text.weekly', {
        day: t(`smartReports:weekday.${s.weekday as 1 | 2 | 3 | 4 | 5 | 6 | 7}`),
        times,
      });
    case 'monthly':
      return t('smartReports:schedule.text.monthly', { day: s.monthDay, times });
  }
}
