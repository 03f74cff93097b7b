import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushConfig } from '../commands.service';
import { FIRST_CONFIG_REPEAT_MS } from '../firstConfigs';
import { CLOCK_RESYNC_MIN_MS, statusUplink } from './status';
import {
  boundGateway,
  syncNeeded,
  unboundGateway,
  uplinkBench,
  UNKNOWN_SN,
  type BoundGateway,
  type UplinkBench,
} from '../../../test/uplinkFixtures';

let bench: UplinkBench;
let gw: BoundGateway;

interface StoredGateway {
  status: string;
  boot_id: string | null;
  firmware: string;
  signal_strength: number | null;
  location: { lng: number; lat: number; at: string } | null;
  applied_version: number | null;
  applied_hash: string | null;
  network_mode: string;
  last_seen_at: Date | null;
}

async function stored(sn: string): Promise<StoredGateway | undefined> {
  const [row] = await bench.p.ctx.db.query<StoredGateway>(
    `select status, boot_id, firmware, signal_strength, location, applied_version, applied_hash,
            network_mode, last_seen_at from gateways where sn = $1`,
    [sn],
  );
  return row;
}

/** Sends the device's configuration to `sn` as a sync task, the way a sync does; returns its hash. */
async function configSentTo(sn: string, equipmentId: number): Promise<{ version: number; hash: string }> {
  await pushConfig(
    { db: bench.p.ctx.db, clock: bench.p.clock, link: bench.deps.link },
    { equipmentId, orgId: bench.orgId, sn, series: '' },
    null,
  );
  const sent = bench.sent.at(-1)!.payload as { version: number; hash: string };
  return { version: sent.version, hash: sent.hash };
}

beforeAll(async () => {
  bench = await uplinkBench('Status Works');
  gw = await boundGateway(bench, 'Status tank');
});
afterAll(() => bench.stop());

describe('up/status', () => {
  it('records a birth: online, boot, firmware, signal, location and network mode, and tells the link listeners', async () => {
    await bench.deliver(statusUplink, gw.sn, {
      v: 1,
      online: true,
      bootId: 'boot-1',
      firmware: '1.2.0',
      signal: 23,
      location: { lng: 116.4, lat: 39.9 },
      networkMode: 'router',
      configVersion: 0,
    });
    const row = await stored(gw.sn);
    expect(row).toMatchObject({
      status: 'online',
      boot_id: 'boot-1',
      firmware: '1.2.0',
      signal_strength: 23,
      location: { lng: 116.4, lat: 39.9 },
      network_mode: 'router',
    });
    expect(row!.last_seen_at).not.toBeNull();
    expect(bench.told.gatewayStatus.at(-1)).toEqual({
      sn: gw.sn,
      equipmentId: gw.equipmentId,
      status: 'online',
    });
  });

  it('marks the gateway sleeping on a sleep notice and offline on its last will, keeping what it said before', async () => {
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, sleeping: true });
    expect((await stored(gw.sn))!.status).toBe('sleeping');
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: false });
    expect(await stored(gw.sn)).toMatchObject({ status: 'offline', boot_id: 'boot-1', firmware: '1.2.0' });
    expect(bench.told.gatewayStatus.slice(-2).map((s) => s.status)).toEqual(['sleeping', 'offline']);
  });

  it('sends its device configuration to a bound gateway whose birth names none, as a sync task', async () => {
    const before = bench.sent.length;
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, bootId: 'fresh' });
    const pushed = bench.sent.slice(before).filter((m) => m.suffix === 'down/config');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ sn: gw.sn, suffix: 'down/config' });
    const config = pushed[0]!.payload.config as { variables: { id: number }[] };
    expect(config.variables.map((v) => v.id)).toEqual(gw.variableIds);
    const [task] = await bench.p.ctx.db.query<{ state: string; equipment_id: number; hash: string }>(
      `select state, equipment_id, payload->>'hash' as hash from command_tasks
        where gateway_sn = $1 and kind = 'sync' order by created_at desc limit 1`,
      [gw.sn],
    );
    expect(task).toEqual({ state: 'sent', equipment_id: gw.equipmentId, hash: pushed[0]!.payload.hash });
  });

  it('sends it again on the same boot only FIRST_CONFIG_REPEAT_MS after the last, and at once on a new boot', async () => {
    const pushes = async (status: object) => {
      const before = bench.sent.length;
      await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, ...status });
      return bench.sent.slice(before).filter((m) => m.suffix === 'down/config').length;
    };
    expect(await pushes({ bootId: 'repeat-1' })).toBe(1);
    // its heartbeats on that boot still name none (it has not applied it yet)
    expect(await pushes({ bootId: 'repeat-1' })).toBe(0);
    bench.p.clock.advanceMinutes(FIRST_CONFIG_REPEAT_MS / 60_000 - 1);
    expect(await pushes({ bootId: 'repeat-1' })).toBe(0);
    bench.p.clock.advanceMinutes(1);
    expect(await pushes({ bootId: 'repeat-1' })).toBe(1);
    expect(await pushes({ bootId: 'repeat-2' })).toBe(1);
  });

  it('sends no configuration to a sleeping gateway, one that runs a configuration, or an unbound one', async () => {
    const before = bench.sent.length;
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, sleeping: true });
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, configVersion: 1, configHash: 'x' });
    const loose = await unboundGateway(bench);
    await bench.deliver(statusUplink, loose, { v: 1, online: true, bootId: 'b' });
    expect(bench.sent.slice(before).filter((m) => m.suffix === 'down/config')).toEqual([]);
    expect((await stored(loose))!.status).toBe('online');
  });

  it('takes the configuration a birth names as the one it runs only when the platform sent it to this gateway', async () => {
    const own = await configSentTo(gw.sn, gw.equipmentId);
    await bench.deliver(statusUplink, gw.sn, {
      v: 1,
      online: true,
      configVersion: own.version,
      configHash: own.hash,
    });
    expect(await stored(gw.sn)).toMatchObject({ applied_version: own.version, applied_hash: own.hash });

    // another gateway's configuration (same version numbers: each device counts its own edits)
    const other = await boundGateway(bench, 'Other tank');
    const theirs = await configSentTo(other.sn, other.equipmentId);
    await bench.deliver(statusUplink, gw.sn, {
      v: 1,
      online: true,
      configVersion: theirs.version,
      configHash: theirs.hash,
    });
    expect(await stored(gw.sn)).toMatchObject({ applied_version: null, applied_hash: null });
    expect(await syncNeeded(bench, gw.equipmentId)).toBe(true);
  });

  it("records the skew of the gateway's clock and sends it the platform's time on a new boot or a skew above 2 s", async () => {
    const now = () => bench.p.clock.now().getTime();
    const timeSent = (from: number) =>
      bench.sent.slice(from).filter((m) => m.suffix === 'down/cmd' && m.payload.type === 'time');

    let before = bench.sent.length;
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, bootId: 'boot-t', ts: now() - 600_000 });
    const [time] = timeSent(before);
    expect(time).toMatchObject({ sn: gw.sn, payload: { v: 1, type: 'time' } });
    expect(Math.abs((time!.payload.serverTs as number) - now())).toBeLessThan(5_000);
    const [row] = await bench.p.ctx.db.query<{ clock_skew_ms: number }>(
      'select clock_skew_ms from gateways where sn = $1',
      [gw.sn],
    );
    expect(row!.clock_skew_ms).toBeLessThanOrEqual(-600_000);
    expect(row!.clock_skew_ms).toBeGreaterThan(-605_000);

    // a heartbeat of the same boot on time: nothing; 3 s ahead right after the time was sent:
    // nothing yet (a status that waited in a busy link looks skewed by its wait), the same skew
    // once CLOCK_RESYNC_MIN_MS has passed: the time again, once; asleep: nothing
    before = bench.sent.length;
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, bootId: 'boot-t', ts: now() });
    expect(timeSent(before)).toEqual([]);
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, bootId: 'boot-t', ts: now() + 3_000 });
    expect(timeSent(before)).toEqual([]);
    bench.p.clock.advanceMinutes(CLOCK_RESYNC_MIN_MS / 60_000);
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, bootId: 'boot-t', ts: now() + 3_000 });
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, bootId: 'boot-t', ts: now() + 3_000 });
    expect(timeSent(before)).toHaveLength(1);
    // a new boot is sent the time at once
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, bootId: 'boot-u', ts: now() });
    expect(timeSent(before)).toHaveLength(2);
    before = bench.sent.length;
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, sleeping: true, ts: now() + 9_000 });
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: false });
    expect(timeSent(before)).toEqual([]);
  });

  it('refuses a status that does not match the schema with a warning and changes nothing', async () => {
    const before = await stored(gw.sn);
    const told = bench.told.gatewayStatus.length;
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: 'yes' });
    await bench.deliver(statusUplink, gw.sn, { v: 1, online: true, signal: 100 });
    await bench.deliver(statusUplink, gw.sn, 'not json');
    expect(await stored(gw.sn)).toEqual(before);
    expect(bench.told.gatewayStatus).toHaveLength(told);
    expect(bench.warnings().slice(-3)).toEqual(['invalid status', 'invalid status', 'uplink is not JSON']);
    expect(bench.logged.at(-2)).toMatchObject({ module: 'link', sn: gw.sn, topic: 'up/status' });
  });

  it('stores nothing and tells no one about a gateway that is not registered', async () => {
    const told = bench.told.gatewayStatus.length;
    const sent = bench.sent.length;
    await bench.deliver(statusUplink, UNKNOWN_SN, { v: 1, online: true, bootId: 'b' });
    expect(await stored(UNKNOWN_SN)).toBeUndefined();
    expect(bench.told.gatewayStatus).toHaveLength(told);
    expect(bench.sent).toHaveLength(sent);
  });
});
