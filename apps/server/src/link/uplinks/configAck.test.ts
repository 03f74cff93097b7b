import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushConfig } from '../commands.service';
import { configAckUplink } from './configAck';
import {
  boundGateway,
  syncNeeded,
  uplinkBench,
  UNKNOWN_SN,
  type BoundGateway,
  type UplinkBench,
} from '../../../test/uplinkFixtures';

let bench: UplinkBench;
let gw: BoundGateway;
let other: BoundGateway;

interface SyncTask {
  uuid: string;
  state: string;
  code: number | null;
  result: unknown;
}

/** Sends the device's configuration to its gateway as a sync task, as a sync does. */
async function sync(to: BoundGateway): Promise<{ uuid: string; version: number; hash: string }> {
  const { uuid } = await pushConfig(
    { db: bench.p.ctx.db, clock: bench.p.clock, link: bench.deps.link },
    { equipmentId: to.equipmentId, orgId: bench.orgId, sn: to.sn, series: '' },
    null,
  );
  const sent = bench.sent.at(-1)!.payload as { version: number; hash: string };
  return { uuid, version: sent.version, hash: sent.hash };
}

async function task(uuid: string): Promise<SyncTask> {
  const [row] = await bench.p.ctx.db.query<SyncTask>(
    'select uuid, state, code, result from command_tasks where uuid = $1',
    [uuid],
  );
  return row!;
}

async function applied(sn: string) {
  const [row] = await bench.p.ctx.db.query<{ applied_version: number | null; applied_hash: string | null }>(
    'select applied_version, applied_hash from gateways where sn = $1',
    [sn],
  );
  return row;
}

beforeAll(async () => {
  bench = await uplinkBench('Config Works');
  gw = await boundGateway(bench, 'Config tank');
  other = await boundGateway(bench, 'Neighbour tank');
});
afterAll(() => bench.stop());

describe('up/config/ack', () => {
  it('records an applied configuration as the one the gateway runs and finishes its sync task with success', async () => {
    const sent = await sync(gw);
    expect((await task(sent.uuid)).state).toBe('sent');
    await bench.deliver(configAckUplink, gw.sn, { v: 1, version: sent.version, hash: sent.hash, ok: true });
    expect(await applied(gw.sn)).toEqual({ applied_version: sent.version, applied_hash: sent.hash });
    expect(await task(sent.uuid)).toMatchObject({ state: 'succeeded', code: null, result: null });
    expect(await syncNeeded(bench, gw.equipmentId)).toBe(false);
  });

  it("fails the sync task with the gateway's first error code and keeps the configuration it ran", async () => {
    const before = await applied(gw.sn);
    const sent = await sync(gw);
    const errors = [
      { driverId: gw.driverId, code: 1715 },
      { variableId: gw.variableIds[0]!, code: 1716 },
    ];
    await bench.deliver(configAckUplink, gw.sn, {
      v: 1,
      version: sent.version,
      hash: sent.hash,
      ok: false,
      errors,
    });
    expect(await task(sent.uuid)).toMatchObject({ state: 'failed', code: 1715, result: errors });
    expect(await applied(gw.sn)).toEqual(before);
  });

  it('fails it with 1326 when the refusal names no error', async () => {
    const sent = await sync(gw);
    await bench.deliver(configAckUplink, gw.sn, { v: 1, version: sent.version, hash: sent.hash, ok: false });
    expect(await task(sent.uuid)).toMatchObject({ state: 'failed', code: 1326, result: null });
  });

  it("leaves another gateway's sync task open when an ack names its hash, and refuses the ack", async () => {
    const theirs = await sync(other);
    const before = bench.sent.length;
    await bench.deliver(configAckUplink, gw.sn, {
      v: 1,
      version: theirs.version,
      hash: theirs.hash,
      ok: false,
    });
    expect((await task(theirs.uuid)).state).toBe('sent');
    expect(bench.sent.slice(before)).toEqual([
      {
        sn: gw.sn,
        suffix: 'down/refused',
        payload: {
          v: 1,
          topic: 'up/config/ack',
          version: theirs.version,
          hash: theirs.hash,
          refused: [{ code: 1366 }],
          total: 1,
        },
      },
    ]);
    // their own ack still finishes it
    await bench.deliver(configAckUplink, other.sn, {
      v: 1,
      version: theirs.version,
      hash: theirs.hash,
      ok: true,
    });
    expect((await task(theirs.uuid)).state).toBe('succeeded');
  });

  it('refuses an ack that does not match the schema with a warning and changes nothing', async () => {
    const before = await applied(gw.sn);
    const sent = await sync(gw);
    await bench.deliver(configAckUplink, gw.sn, { v: 1, version: sent.version, hash: sent.hash });
    await bench.deliver(configAckUplink, gw.sn, { v: 1, version: 'x', hash: sent.hash, ok: true });
    await bench.deliver(configAckUplink, gw.sn, {
      v: 1,
      version: sent.version,
      hash: sent.hash,
      ok: false,
      errors: [{ driverId: 1 }],
    });
    expect((await task(sent.uuid)).state).toBe('sent');
    expect(await applied(gw.sn)).toEqual(before);
    expect(bench.warnings().slice(-3)).toEqual([
      'invalid config ack',
      'invalid config ack',
      'invalid config ack',
    ]);
    expect(bench.logged.at(-1)).toMatchObject({ module: 'link', sn: gw.sn, topic: 'up/config/ack' });
  });

  it('changes nothing for a gateway that is not registered', async () => {
    const sent = await sync(gw);
    await bench.deliver(configAckUplink, UNKNOWN_SN, {
      v: 1,
      version: sent.version,
      hash: sent.hash,
      ok: true,
    });
    expect((await task(sent.uuid)).state).toBe('sent');
    const [row] = await bench.p.ctx.db.query('select 1 from gateways where sn = $1', [UNKNOWN_SN]);
    expect(row).toBeUndefined();
  });
});
