import { describe, expect, it } from 'vitest';
import { inspectionScheduleSchema, taskWindows, type InspectionSchedule } from './inspectionSchedule';

// docs/requirements/operations.md §4.1: windows in the enterprise's local time, here UTC+8 (a
// fixed offset, as Asia/Shanghai keeps all year).
const plan = (s: Partial<InspectionSchedule> & Pick<InspectionSchedule, 'kind'>): InspectionSchedule =>
  inspectionScheduleSchema.parse({
    startDate: '2026-03-02',
    start: '09:00',
    end: '11:30',
    utcOffsetMin: 480,
    ...s,
  });

/** Local (UTC+8) `yyyy-MM-dd HH:mm` of an instant. */
const local = (d: Date) => new Date(d.getTime() + 480 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
const at = (localTime: string) => new Date(`${localTime.replace(' ', 'T')}:00+08:00`);
const windows = (s: InspectionSchedule, from: string, to: string) =>
  taskWindows(s, at(from), at(to)).map((w) => `${local(w.start)}–${local(w.end).slice(11)}`);

describe('task windows of a schedule (fixed clock, UTC+8)', () => {
  const cases: [string, InspectionSchedule, string, string, string[]][] = [
    [
      'once: the one window on its day',
      plan({ kind: 'once' }),
      '2026-03-01 00:00',
      '2026-03-10 00:00',
      ['2026-03-02 09:00–11:30'],
    ],
    [
      'once: nothing when the range starts after the window began',
      plan({ kind: 'once' }),
      '2026-03-02 09:01',
      '2026-03-10 00:00',
      [],
    ],
    [
      'daily: one window a day, the range end exclusive',
      plan({ kind: 'daily' }),
      '2026-03-02 09:00',
      '2026-03-05 09:00',
      ['2026-03-02 09:00–11:30', '2026-03-03 09:00–11:30', '2026-03-04 09:00–11:30'],
    ],
    [
      'daily: nothing before the first day',
      plan({ kind: 'daily', startDate: '2026-03-04' }),
      '2026-03-01 00:00',
      '2026-03-04 08:59',
      [],
    ],
    [
      'daily: stops after the last day',
      plan({ kind: 'daily', endDate: '2026-03-03' }),
      '2026-03-01 00:00',
      '2026-03-10 00:00',
      ['2026-03-02 09:00–11:30', '2026-03-03 09:00–11:30'],
    ],
    [
      'weekly: Monday and Friday (2 March 2026 is a Monday)',
      plan({ kind: 'weekly', weekdays: [1, 5] }),
      '2026-03-01 00:00',
      '2026-03-15 00:00',
      [
        '2026-03-02 09:00–11:30',
        '2026-03-06 09:00–11:30',
        '2026-03-09 09:00–11:30',
        '2026-03-13 09:00–11:30',
      ],
    ],
    [
      'weekly: Sunday is 7',
      plan({ kind: 'weekly', weekdays: [7] }),
      '2026-03-01 00:00',
      '2026-03-09 00:00',
      ['2026-03-08 09:00–11:30'],
    ],
    [
      'monthly: on the 15th',
      plan({ kind: 'monthly', monthDay: 15 }),
      '2026-03-01 00:00',
      '2026-05-31 00:00',
      ['2026-03-15 09:00–11:30', '2026-04-15 09:00–11:30', '2026-05-15 09:00–11:30'],
    ],
    [
      'monthly: the 31st skips April',
      plan({ kind: 'monthly', monthDay: 31 }),
      '2026-03-01 00:00',
      '2026-06-01 00:00',
      ['2026-03-31 09:00–11:30', '2026-05-31 09:00–11:30'],
    ],
    [
      'a window early in the local morning is on the local day (the previous UTC day)',
      plan({ kind: 'daily', start: '01:00', end: '02:00' }),
      '2026-03-02 00:00',
      '2026-03-03 00:00',
      ['2026-03-02 01:00–02:00'],
    ],
  ];
  it.each(cases)('%s', (_name, s, from, to, expected) => {
    expect(windows(s, from, to)).toEqual(expected);
  });

  it('reads the times in the given offset: UTC+0 puts the same window 8 hours later', () => {
    const [w] = taskWindows(
      plan({ kind: 'once', utcOffsetMin: 0 }),
      at('2026-03-01 00:00'),
      at('2026-03-10 00:00'),
    );
    expect(w?.start.toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect(w?.end.toISOString()).toBe('2026-03-02T11:30:00.000Z');
  });

  it('answers the same windows for a range asked in two halves', () => {
    const s = plan({ kind: 'weekly', weekdays: [2, 4, 6] });
    const whole = windows(s, '2026-03-01 00:00', '2026-04-01 00:00');
    const halves = [
      ...windows(s, '2026-03-01 00:00', '2026-03-17 09:00'),
      ...windows(s, '2026-03-17 09:00', '2026-04-01 00:00'),
    ];
    expect(halves).toEqual(whole);
    expect(whole).toHaveLength(13); // March 2026: five Tuesdays, four Thursdays, four Saturdays
  });

  it('refuses a window ending before it starts, a weekly plan without days and a last day before the first', () => {
    const base = { kind: 'daily', startDate: '2026-03-02', start: '10:00', end: '09:00' };
    expect(inspectionScheduleSchema.safeParse(base).success).toBe(false);
    expect(inspectionScheduleSchema.safeParse({ ...base, end: '10:30', kind: 'weekly' }).success).toBe(false);
    expect(inspectionScheduleSchema.safeParse({ ...base, end: '10:30', endDate: '2026-03-01' }).success).toBe(
      false,
    );
    expect(
      inspectionScheduleSchema.safeParse({ ...base, end: '10:30', startDate: '2026-02-30' }).success,
    ).toBe(false);
    expect(inspectionScheduleSchema.safeParse({ ...base, end: '10:30' }).success).toBe(true);
  });
});
