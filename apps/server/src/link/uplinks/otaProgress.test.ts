import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTask } from '../commandTasks';
import { otaProgressUplink } from './otaProgress';
import {
  boundGateway,
  uplinkBench,
  UNKNOWN_SN,
  type BoundGateway,
  type UplinkBench,
} from '../../../test/uplinkFixtures';

let bench: UplinkBench;
let gw: BoundGateway;
let other: BoundGateway;

interface OtaState {
  firmware: string;
  ota_state: string | null;
  ota_percent: number | null;
  ota_code: number | null;
}

/** An upgrade task sent to the gateway (as upgradeGateway does) to firmware `version`. */
async function upgrade(to: BoundGateway, version: string): Promise<string> {
  const { uuid } = await startTask(
    bench.p.ctx.db,
    bench.p.clock,
    {
      orgId: bench.orgId,
      equipmentId: to.equipmentId,
      sn: to.sn,
      accountId: null,
      kind: 'upgrade',
      payload: { packageId: 1, version, token: 'a'.repeat(48) },
    },
    async () => {},
    1301,
  );
  await bench.p.ctx.db.query(
    `update gateways set firmware = '1.0.0', ota_state = 'sent', ota_version = $2, ota_percent = null, ota_code = null
      where sn = $1`,
    [to.sn, version],
  );
  return uuid;
}

async function ota(sn: string): Promise<OtaState> {
  const [row] = await bench.p.ctx.db.query<OtaState>(
    'select firmware, ota_state, ota_percent, ota_code from gateways where sn = $1',
    [sn],
  );
  return row!;
}

async function task(uuid: string) {
  const [row] = await bench.p.ctx.db.query<{ state: string; code: number | null; result: unknown }>(
    'select state, code, result from command_tasks where uuid = $1',
    [uuid],
  );
  return row!;
}

const progress = (uuid: string, state: string, extra: object = {}) => ({ v: 1, uuid, state, ...extra });

beforeAll(async () => {
  bench = await uplinkBench('Upgrade Works');
  gw = await boundGateway(bench, 'Upgrade tank');
  other = await boundGateway(bench, 'Neighbour tank');
});
afterAll(() => bench.stop());

describe('up/ota/progress', () => {
  it('records each state of the upgrade, and on "updated" the new firmware and the task success', async () => {
    const uuid = await upgrade(gw, '1.1.0');
    await bench.deliver(otaProgressUplink, gw.sn, progress(uuid, 'downloading', { percent: 40 }));
    expect(await ota(gw.sn)).toEqual({
      firmware: '1.0.0',
      ota_state: 'downloading',
      ota_percent: 40,
      ota_code: null,
    });
    // a fractional percent is stored rounded, not refused (a refusal would be resent for ever)
    await bench.deliver(otaProgressUplink, gw.sn, progress(uuid, 'downloading', { percent: 62.5 }));
    expect(await ota(gw.sn)).toMatchObject({ ota_percent: 63 });
    for (const state of ['downloaded', 'verified', 'updating'])
      await bench.deliver(otaProgressUplink, gw.sn, progress(uuid, state));
    expect(await ota(gw.sn)).toMatchObject({ ota_state: 'updating', firmware: '1.0.0' });
    expect((await task(uuid)).state).toBe('sent');
    await bench.deliver(otaProgressUplink, gw.sn, progress(uuid, 'updated'));
    expect(await ota(gw.sn)).toEqual({
      firmware: '1.1.0',
      ota_state: 'updated',
      ota_percent: null,
      ota_code: null,
    });
    expect(await task(uuid)).toEqual({ state: 'succeeded', code: null, result: { version: '1.1.0' } });
  });

  it("fails the upgrade with the gateway's code, or 1310 when it names none", async () => {
    const download = await upgrade(gw, '1.2.0');
    await bench.deliver(otaProgressUplink, gw.sn, progress(download, 'failed', { code: 1312 }));
    expect(await ota(gw.sn)).toMatchObject({ firmware: '1.0.0', ota_state: 'failed', ota_code: 1312 });
    expect(await task(download)).toMatchObject({ state: 'failed', code: 1312 });

    const install = await upgrade(gw, '1.2.0');
    await bench.deliver(otaProgressUplink, gw.sn, progress(install, 'failed'));
    expect(await ota(gw.sn)).toMatchObject({ ota_state: 'failed', ota_code: 1310 });
    expect(await task(install)).toMatchObject({ state: 'failed', code: 1310 });
  });

  it('ignores a report on a finished upgrade', async () => {
    const uuid = await upgrade(gw, '1.3.0');
    await bench.deliver(otaProgressUplink, gw.sn, progress(uuid, 'updated'));
    await bench.deliver(otaProgressUplink, gw.sn, progress(uuid, 'failed', { code: 1312 }));
    expect(await ota(gw.sn)).toMatchObject({ firmware: '1.3.0', ota_state: 'updated', ota_code: null });
    expect((await task(uuid)).state).toBe('succeeded');
  });

  it("changes nothing when a gateway reports on another gateway's upgrade", async () => {
    const theirs = await upgrade(other, '2.0.0');
    const mine = await ota(gw.sn);
    await bench.deliver(otaProgressUplink, gw.sn, progress(theirs, 'updated'));
    await bench.deliver(otaProgressUplink, UNKNOWN_SN, progress(theirs, 'updated'));
    expect(await ota(gw.sn)).toEqual(mine);
    expect(await ota(other.sn)).toEqual({
      firmware: '1.0.0',
      ota_state: 'sent',
      ota_percent: null,
      ota_code: null,
    });
    expect((await task(theirs)).state).toBe('sent');
  });

  it('refuses a report that does not match the schema with a warning and changes nothing', async () => {
    const uuid = await upgrade(gw, '1.4.0');
    await bench.deliver(otaProgressUplink, gw.sn, progress(uuid, 'installing'));
    await bench.deliver(otaProgressUplink, gw.sn, progress(uuid, 'downloading', { percent: 140 }));
    await bench.deliver(otaProgressUplink, gw.sn, progress('not-a-uuid', 'updated'));
    expect(await ota(gw.sn)).toEqual({
      firmware: '1.0.0',
      ota_state: 'sent',
      ota_percent: null,
      ota_code: null,
    });
    expect((await task(uuid)).state).toBe('sent');
    expect(bench.warnings()).toEqual([
      'invalid upgrade progress',
      'invalid upgrade progress',
      'invalid upgrade progress',
    ]);
    expect(bench.logged.at(-1)).toMatchObject({ module: 'link', sn: gw.sn, topic: 'up/ota/progress' });
  });
});
