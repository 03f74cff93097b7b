import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hourlyMaxReport } from '../../../test/deviceFixtures';
import { reportUplink } from './report';
import {
  boundGateway,
  unboundGateway,
  uplinkBench,
  UNKNOWN_SN,
  type BoundGateway,
  type UplinkBench,
} from '../../../test/uplinkFixtures';

let bench: UplinkBench;
let gw: BoundGateway;
let reportId: number;
let otherReportId: number;

async function records(reportOf: number) {
  return bench.p.ctx.db.query<{ equipment_id: number; ts: Date; values: unknown }>(
    'select equipment_id, ts, values from report_records where report_id = $1 order by ts',
    [reportOf],
  );
}

/** The start of an hour, `hoursAgo` hours before now. */
const hour = (hoursAgo: number) =>
  Math.floor(bench.p.clock.now().getTime() / 3600_000) * 3600_000 - hoursAgo * 3600_000;

beforeAll(async () => {
  bench = await uplinkBench('Report Works');
  gw = await boundGateway(bench, 'Report tank');
  reportId = await hourlyMaxReport(bench.admin, { equipmentId: gw.equipmentId }, gw.variableIds[0]!);
  const other = await boundGateway(bench, 'Neighbour tank');
  otherReportId = await hourlyMaxReport(
    bench.admin,
    { equipmentId: other.equipmentId },
    other.variableIds[0]!,
  );
});
afterAll(() => bench.stop());

describe('up/report', () => {
  it("stores a record of the device's report once, however often it is delivered", async () => {
    const [level] = gw.variableIds as [number];
    const record = { v: 1, reportId, ts: hour(1), values: { [level]: { max: 7.5 } } };
    await bench.deliver(reportUplink, gw.sn, record);
    await bench.deliver(reportUplink, gw.sn, { ...record, hist: true });
    expect(await records(reportId)).toEqual([
      { equipment_id: gw.equipmentId, ts: new Date(hour(1)), values: { [level]: { max: 7.5 } } },
    ]);
  });

  it("ignores a record naming another device's report and one dated more than a day ahead", async () => {
    await bench.deliver(reportUplink, gw.sn, { v: 1, reportId: otherReportId, ts: hour(2), values: {} });
    await bench.deliver(reportUplink, gw.sn, { v: 1, reportId, ts: hour(-49), values: {} });
    expect(await records(otherReportId)).toEqual([]);
    expect((await records(reportId)).map((r) => r.ts.getTime())).toEqual([hour(1)]);
  });

  it('refuses a record that does not match the schema with a warning and stores nothing', async () => {
    await bench.deliver(reportUplink, gw.sn, { v: 1, reportId, ts: hour(3), values: { x: { max: 1 } } });
    await bench.deliver(reportUplink, gw.sn, { v: 1, reportId, ts: hour(3), values: { 1: { median: 1 } } });
    await bench.deliver(reportUplink, gw.sn, { v: 2, reportId, ts: hour(3), values: {} });
    expect((await records(reportId)).map((r) => r.ts.getTime())).toEqual([hour(1)]);
    expect(bench.warnings()).toEqual(['invalid report', 'invalid report', 'invalid report']);
    expect(bench.logged.at(-1)).toMatchObject({ module: 'link', sn: gw.sn, topic: 'up/report' });
  });

  it('stores nothing from an unbound or unregistered gateway, even naming a report of the device', async () => {
    const loose = await unboundGateway(bench);
    await bench.deliver(reportUplink, loose, { v: 1, reportId, ts: hour(4), values: {} });
    await bench.deliver(reportUplink, UNKNOWN_SN, { v: 1, reportId, ts: hour(5), values: {} });
    expect((await records(reportId)).map((r) => r.ts.getTime())).toEqual([hour(1)]);
  });
});
