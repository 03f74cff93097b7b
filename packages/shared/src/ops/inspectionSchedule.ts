import { z } from 'zod';

/**
 * When an inspection plan's tasks fall due (docs/requirements/operations.md §4.1): a schedule of
 * kind once, daily, weekly (on chosen weekdays) or monthly (on a day of the month), each with a
 * time window `start`–`end` on the same day. Clock times and dates are read in the enterprise's
 * local time, a fixed offset from UTC (`utcOffsetMin`, UTC+8 is 480): no daylight-saving rule,
 * as the smart reports' schedules do. A monthly day the month lacks (31 in April) has no window.
 */

export const INSPECTION_SCHEDULE_KINDS = ['once', 'daily', 'weekly', 'monthly'] as const;
export type InspectionScheduleKind = (typeof INSPECTION_SCHEDULE_KINDS)[number];

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'yyyy-MM-dd',
  );

export const inspectionScheduleSchema = z
  .object({
    kind: z.enum(INSPECTION_SCHEDULE_KINDS),
    /** the first day (for `once` the only day), local date */
    startDate: localDate,
    /** the last day of a repeating schedule, inclusive; null runs on */
    endDate: localDate.nullable().default(null),
    /** weekly: ISO weekdays 1 Monday … 7 Sunday */
    weekdays: z.array(z.coerce.number().int().min(1).max(7)).max(7).default([]),
    /** monthly: the day of the month, 1–31 */
    monthDay: z.coerce.number().int().min(1).max(31).default(1),
    /** the window's start and end, local clock times of the same day (end after start) */
    start: clockTime,
    end: clockTime,
    utcOffsetMin: z.coerce.number().int().min(-720).max(840).default(0),
  })
  .refine((s) => s.end > s.start, { message: 'the window ends before it starts', path: ['end'] })
  .refine((s) => s.kind !== 'weekly' || s.weekdays.length > 0, {
    message: 'choose a weekday',
    path: ['weekdays'],
  })
  .refine((s) => s.endDate === null || s.endDate >= s.startDate, {
    message: 'the last day is before the first',
    path: ['endDate'],
  });
export type InspectionSchedule = z.infer<typeof inspectionScheduleSchema>;

/** One task window: from `start` (inclusive) to `end` (exclusive), instants. */
export interface TaskWindow {
  start: Date;
  end: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Whether the schedule has a window on the local day starting (as UTC midnight) at `day`. */
function runsOn(s: InspectionSchedule, day: number): boolean {
  const first = dayOf(s.startDate);
  if (day < first) return false;
  if (s.kind === 'once') return day === first;
  if (s.endDate !== null && day > dayOf(s.endDate)) return false;
  const d = new Date(day);
  switch (s.kind) {
    case 'daily':
      return true;
    case 'weekly':
      return s.weekdays.includes(((d.getUTCDay() + 6) % 7) + 1);
    case 'monthly':
      return d.getUTCDate() === s.monthDay;
  }
}

/**
 * The windows of the schedule whose start lies in [`from`, `to`), in time order. Pure: the same
 * schedule and range always answer the same windows, so the scheduler can ask again for a range
 * it has partly covered.
 */
export function taskWindows(s: InspectionSchedule, from: Date, to: Date): TaskWindow[] {
  const offset = s.utcOffsetMin * MINUTE;
  const start = minutesOf(s.start) * MINUTE;
  const end = minutesOf(s.end) * MINUTE;
  const out: TaskWindow[] = [];
  // local days whose window may start in the range
  const firstDay = Math.floor((from.getTime() + offset) / DAY) * DAY;
  const lastDay = Math.floor((to.getTime() + offset) / DAY) * DAY;
  for (let day = Math.max(firstDay, dayOf(s.startDate)); day <= lastDay; day += DAY) {
    if (!runsOn(s, day)) continue;
    const windowStart = day + start - offset;
    if (windowStart < from.getTime() || windowStart >= to.getTime()) continue;
    out.push({ start: new Date(windowStart), end: new Date(day + end - offset) });
  }
  return out;
}
