import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmartReportInfo, SmartReportRecord } from '@fieldhub/shared';
import { startReportScheduler, type ReportScheduler } from '../src/modules/excel/reportScheduler';
import { loggedIn, makeEnterprise, type Caller, type TestPlatform } from './harness';
import { startDevicePlatform } from './platformFixtures';
import { listen, session } from './bulkFixtures';
import { boilerDevice, excel, storeHistory, templateWorkbook } from './smartReportFixtures';

// The smart reports' scheduler on virtual time (docs/requirements/data-views.md §4.3): two
// schedulers on one database, as two server instances would run them, make each slot's record
// once; records hold the average of the period since the slot before.
const HOUR = 3_600_000;
const MINUTE = 60_000;
let p: TestPlatform;
let admin: Caller;
let rival: Caller;
let adminName: string;
let rivalName: string;
let reportId: number;
let temp: number;
let equipmentId: number;
let base: string;
let first: ReportScheduler;
let second: ReportScheduler;
const silent = { warn: () => undefined } as never;

const call = async <T = unknown>(c: Caller, path: string, body: Record<string, unknown> = {}) =>
  (await c.post<T>(`${excel}${path}`, body, true)).body;

const hhmm = (d: Date) => d.toISOString().slice(11, 16);

beforeAll(async () => {
  const started = await startDevicePlatform('Schedule Works');
  p = started.p;
  admin = started.admin;
  adminName = started.enterprise.admin;
  rivalName = (await makeEnterprise(p.ctx.db, 'Rival Schedules')).admin;
  ({ temp, equipmentId } = await boilerDevice(admin, started.operator));
  base = await listen(p);
  const web = await session(p, base, started.enterprise.admin);
  // a daily report due two hours from now (on the minute), in UTC
  const due = new Date(Math.ceil((p.clock.now().getTime() + 2 * HOUR) / MINUTE) * MINUTE);
  reportId = (
    await call<{ id: number }>(admin, '/add', {
      name: 'Daily averages',
      allowManualStore: false,
      schedule: { kind: 'daily', times: [hhmm(due)], utcOffsetMin: 0 },
    })
  ).data.id;
  await web.upload(
    `${excel}/upload`,
    { name: 'daily.xlsx', content: await templateWorkbook() },
    { id: String(reportId) },
  );
  await call(admin, '/cells/save', {
    id: reportId,
    cells: [{ kind: 'variable', cell: 'B3', variableId: temp, aggregate: 'avg' }],
  });
  first = startReportScheduler(p.ctx.db, p.clock, 3_600_000, silent);
  second = startReportScheduler(p.ctx.db, p.clock, 3_600_000, silent);
});

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await p?.stop();
});

/** Moves the virtual clock; the idle sessions lapse with it, so both admins log in again. */
async function advance(minutes: number) {
  p.clock.advanceMinutes(minutes);
  admin = await loggedIn(p.app, adminName);
  rival = await loggedIn(p.app, rivalName);
}

const records = async () =>
  (await call<{ list: SmartReportRecord[] }>(admin, '/record/queryAll', { reportId })).data.list;

describe('smart report scheduler', () => {
  it('names the next run once a template is uploaded, and makes nothing before it', async () => {
    const info = await call<SmartReportInfo>(admin, '/info', { id: reportId });
    const next = info.data.nextRunAt!;
    expect(next - p.clock.now().getTime()).toBeGreaterThan(HOUR);
    expect(next - p.clock.now().getTime()).toBeLessThanOrEqual(2 * HOUR + MINUTE);
    const made = await Promise.all([first.tick(), second.tick()]);
    expect(made.filter((n) => n !== null)).toEqual([0]);
    expect(await records()).toEqual([]);
  });

  it('makes the due slot once on one of two instances, holding the average of the day before', async () => {
    const info = (await call<SmartReportInfo>(admin, '/info', { id: reportId })).data;
    const slot = info.nextRunAt!;
    // history within the day before the slot, and one value after it that the record leaves out
    await storeHistory(p.ctx.db, equipmentId, temp, slot - 3 * HOUR, HOUR, [10, 20, 30.5]);
    await storeHistory(p.ctx.db, equipmentId, temp, slot + 10 * MINUTE, HOUR, [1000]);
    await advance(3 * 60);
    const made = await Promise.all([first.tick(), second.tick()]);
    // one instance holds the lease; the other made nothing
    expect(made.filter((n) => n !== null)).toEqual([1]);
    const list = await records();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      trigger: 'schedule',
      generatedAt: slot,
      periodFrom: slot - 24 * HOUR,
      periodTo: slot,
    });
    const read = await call<{ sheet: { cells: { row: number; col: number; value: unknown }[] } }>(
      admin,
      '/record/read',
      { recordId: list[0]!.id },
    );
    expect(read.data.sheet.cells.find((c) => c.row === 3 && c.col === 2)?.value).toBe(20.2);
    // the next run is the day after
    const after = (await call<SmartReportInfo>(admin, '/info', { id: reportId })).data;
    expect(after.nextRunAt).toBe(slot + 24 * HOUR);
    expect(await Promise.all([first.tick(), second.tick()])).toContain(0);
    expect(await records()).toHaveLength(1);
  });

  it('takes over when the lease holder stops, and makes the next day once', async () => {
    await first.stop();
    await advance(24 * 60);
    const made = await second.tick();
    expect(made).toBe(1);
    expect(await records()).toHaveLength(2);
  });

  it('makes a record at each shift start, each covering the shift before', async () => {
    const now = p.clock.now().getTime();
    const early = new Date(Math.ceil((now + HOUR) / MINUTE) * MINUTE);
    const late = new Date(early.getTime() + 4 * HOUR);
    const shiftReport = (
      await call<{ id: number }>(admin, '/add', {
        name: 'Shift handover',
        schedule: { kind: 'shift', times: [hhmm(late), hhmm(early)], utcOffsetMin: 0 },
      })
    ).data.id;
    const web = await session(p, base, adminName);
    await web.upload(
      `${excel}/upload`,
      { name: 's.xlsx', content: await templateWorkbook() },
      { id: String(shiftReport) },
    );
    const shiftRecords = async () =>
      (await call<{ list: SmartReportRecord[] }>(admin, '/record/queryAll', { reportId: shiftReport })).data
        .list;
    expect((await call<SmartReportInfo>(admin, '/info', { id: shiftReport })).data.nextRunAt).toBe(
      early.getTime(),
    );

    await advance(2 * 60);
    expect(await second.tick()).toBe(1);
    // the first shift record covers the time since the other shift's start the day before
    expect(await shiftRecords()).toMatchObject([
      { generatedAt: early.getTime(), periodFrom: late.getTime() - 24 * HOUR, periodTo: early.getTime() },
    ]);
    await advance(4 * 60);
    expect(await second.tick()).toBe(1);
    const [last] = await shiftRecords();
    expect(last).toMatchObject({
      generatedAt: late.getTime(),
      periodFrom: early.getTime(),
      periodTo: late.getTime(),
    });
    expect((await call<SmartReportInfo>(admin, '/info', { id: shiftReport })).data.nextRunAt).toBe(
      early.getTime() + 24 * HOUR,
    );
  });

  it("keeps the schedule's records away from another enterprise", async () => {
    expect((await call(rival, '/record/queryAll', { reportId })).code).toBe('90002');
    const list = await records();
    expect((await call(rival, '/record/read', { recordId: list[0]!.id })).code).toBe('90002');
  });
});
