import { describe, expect, it } from 'vitest';
import { smartReportScheduleSchema, type SmartReportSchedule } from '@fieldhub/shared';
import { localStamp, nextSlot, recordPeriod, slotAtOrBefore } from './reportSchedule';

const schedule = (s: Partial<SmartReportSchedule>) => smartReportScheduleSchema.parse(s);
const utc = (text: string) => new Date(`${text}Z`);

describe('smart report schedules', () => {
  it('runs a daily report at its local time (UTC+8: 08:00 is 00:00 UTC)', () => {
    const daily = schedule({ kind: 'daily', times: ['08:00'], utcOffsetMin: 480 });
    expect(nextSlot(daily, utc('2026-03-10T12:00:00'))).toEqual(utc('2026-03-11T00:00:00'));
    // a slot exactly at the time is not "after" it
    expect(nextSlot(daily, utc('2026-03-11T00:00:00'))).toEqual(utc('2026-03-12T00:00:00'));
    expect(slotAtOrBefore(daily, utc('2026-03-11T00:00:00'))).toEqual(utc('2026-03-11T00:00:00'));
  });

  it('runs a shift report at each shift start, each record covering the shift before', () => {
    const shifts = schedule({ kind: 'shift', times: ['20:00', '08:00'], utcOffsetMin: 0 });
    expect(nextSlot(shifts, utc('2026-03-10T09:30:00'))).toEqual(utc('2026-03-10T20:00:00'));
    expect(nextSlot(shifts, utc('2026-03-10T21:00:00'))).toEqual(utc('2026-03-11T08:00:00'));
    const period = recordPeriod(shifts, utc('2026-03-11T08:00:00'), true);
    expect(period).toEqual({ from: utc('2026-03-10T20:00:00'), to: utc('2026-03-11T08:00:00') });
  });

  it('runs a weekly report on its weekday and a monthly one on its day of the month', () => {
    // 2026-03-10 is a Tuesday
    const weekly = schedule({ kind: 'weekly', times: ['06:30'], weekday: 1 });
    expect(nextSlot(weekly, utc('2026-03-10T00:00:00'))).toEqual(utc('2026-03-16T06:30:00'));
    expect(recordPeriod(weekly, utc('2026-03-16T06:30:00'), true).from).toEqual(utc('2026-03-09T06:30:00'));
    const monthly = schedule({ kind: 'monthly', times: ['00:00'], monthDay: 1, utcOffsetMin: -300 });
    expect(nextSlot(monthly, utc('2026-12-15T00:00:00'))).toEqual(utc('2027-01-01T05:00:00'));
    expect(recordPeriod(monthly, utc('2027-01-01T05:00:00'), true).from).toEqual(utc('2026-12-01T05:00:00'));
  });

  it('has no slots without a schedule, and an on-demand record then covers the last 24 hours', () => {
    const none = schedule({});
    expect(nextSlot(none, new Date())).toBeNull();
    const at = utc('2026-03-10T12:00:00');
    expect(recordPeriod(none, at, false)).toEqual({ from: utc('2026-03-09T12:00:00'), to: at });
  });

  it('covers the current period so far for an on-demand record of a scheduled report', () => {
    const daily = schedule({ kind: 'daily', times: ['08:00'] });
    const at = utc('2026-03-10T11:15:00');
    expect(recordPeriod(daily, at, false)).toEqual({ from: utc('2026-03-10T08:00:00'), to: at });
    expect(localStamp(schedule({ utcOffsetMin: 480 }), at)).toBe('2026-03-10 19:15');
  });

  it('refuses a schedule without a time, a daily one with two, and repeated shift times', () => {
    expect(smartReportScheduleSchema.safeParse({ kind: 'daily' }).success).toBe(false);
    expect(smartReportScheduleSchema.safeParse({ kind: 'daily', times: ['08:00', '09:00'] }).success).toBe(
      false,
    );
    expect(smartReportScheduleSchema.safeParse({ kind: 'shift', times: ['08:00', '08:00'] }).success).toBe(
      false,
    );
    expect(smartReportScheduleSchema.safeParse({ kind: 'daily', times: ['24:00'] }).success).toBe(false);
  });
});
