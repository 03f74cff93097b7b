import type { SmartReportSchedule } from '@fieldhub/shared';

/**
 * When a smart report's records are due (docs/requirements/data-views.md §4.3): pure functions of
 * the schedule and a time. The schedule's clock times are the enterprise's local times
 * (`utcOffsetMin` from UTC); a record made at a slot covers the time since the slot before it.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The slots of the schedule within about two periods either side of `at`, in time order. */
function slotsAround(s: SmartReportSchedule, at: number): number[] {
  const offset = s.utcOffsetMin * MINUTE;
  const local = at + offset;
  const slots: number[] = [];
  const times = s.times.map(minutesOf);
  if (s.kind === 'monthly') {
    const d = new Date(local);
    for (let m = -2; m <= 2; m++) {
      const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + m, s.monthDay);
      slots.push(dayStart + times[0]! * MINUTE - offset);
    }
  } else {
    const today = Math.floor(local / DAY) * DAY;
    for (let n = -9; n <= 9; n++) {
      const dayStart = today + n * DAY;
      // ISO weekday of the local day: 1 Monday … 7 Sunday
      const weekday = ((new Date(dayStart).getUTCDay() + 6) % 7) + 1;
      if (s.kind === 'weekly' && weekday !== s.weekday) continue;
      const dayTimes = s.kind === 'shift' ? times : times.slice(0, 1);
      for (const t of dayTimes) slots.push(dayStart + t * MINUTE - offset);
    }
  }
  return slots.sort((a, b) => a - b);
}

/** The first slot strictly after `after`; null for a report without a schedule. */
export function nextSlot(s: SmartReportSchedule, after: Date): Date | null {
  if (s.kind === 'none' || !s.times.length) return null;
  const t = after.getTime();
  const next = slotsAround(s, t).find((slot) => slot > t);
  return next === undefined ? null : new Date(next);
}

/** The last slot at or before `at`; null for a report without a schedule. */
export function slotAtOrBefore(s: SmartReportSchedule, at: Date): Date | null {
  if (s.kind === 'none' || !s.times.length) return null;
  const t = at.getTime();
  const before = slotsAround(s, t).filter((slot) => slot <= t);
  return before.length ? new Date(before[before.length - 1]!) : null;
}

/**
 * The period a record covers: for a scheduled record made at `slot`, from the slot before it;
 * for one made on demand at `at`, from the last slot (the current period so far), or the last
 * 24 hours for a report without a schedule.
 */
export function recordPeriod(s: SmartReportSchedule, at: Date, scheduled: boolean): { from: Date; to: Date } {
  const previous = slotAtOrBefore(s, new Date(at.getTime() - (scheduled ? 1 : 0)));
  return { from: previous ?? new Date(at.getTime() - DAY), to: at };
}

/** `yyyy-MM-dd HH:mm` of a time in the schedule's local time, for record names. */
export function localStamp(s: SmartReportSchedule, at: Date): string {
  return new Date(at.getTime() + s.utcOffsetMin * MINUTE).toISOString().slice(0, 16).replace('T', ' ');
}
