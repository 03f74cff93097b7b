import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTask, type TaskKind } from '../commandTasks';
import { commandResultUplink } from './commandResult';
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

/** A task the platform sent to the gateway (as a command call does), waiting for its answer. */
async function sentTask(to: BoundGateway, kind: TaskKind): Promise<string> {
  const { uuid } = await startTask(
    bench.p.ctx.db,
    bench.p.clock,
    { orgId: bench.orgId, equipmentId: to.equipmentId, sn: to.sn, accountId: null, kind, payload: {} },
    async () => {},
    1301,
  );
  return uuid;
}

async function task(uuid: string) {
  const [row] = await bench.p.ctx.db.query<{ state: string; code: number | null; result: unknown }>(
    'select state, code, result from command_tasks where uuid = $1',
    [uuid],
  );
  return row!;
}

async function location(sn: string) {
  const [row] = await bench.p.ctx.db.query<{ location: { lng: number; lat: number; at: string } | null }>(
    'select location from gateways where sn = $1',
    [sn],
  );
  return row!.location;
}

beforeAll(async () => {
  bench = await uplinkBench('Command Works');
  gw = await boundGateway(bench, 'Command tank');
  other = await boundGateway(bench, 'Neighbour tank');
});
afterAll(() => bench.stop());

describe('up/cmd/result', () => {
  it("finishes the gateway's task with success and the data it answers", async () => {
    const uuid = await sentTask(gw, 'read');
    await bench.deliver(commandResultUplink, gw.sn, { v: 1, uuid, ok: true, data: { values: { 1: 4.5 } } });
    expect(await task(uuid)).toEqual({ state: 'succeeded', code: null, result: { values: { 1: 4.5 } } });
  });

  it('fails it with the catalogue code the gateway names', async () => {
    const uuid = await sentTask(gw, 'write');
    await bench.deliver(commandResultUplink, gw.sn, { v: 1, uuid, ok: false, code: 1715 });
    expect(await task(uuid)).toEqual({ state: 'failed', code: 1715, result: null });
  });

  it('keeps the first answer to a task: a repeated or late answer changes nothing', async () => {
    const uuid = await sentTask(gw, 'restart');
    await bench.deliver(commandResultUplink, gw.sn, { v: 1, uuid, ok: true });
    await bench.deliver(commandResultUplink, gw.sn, { v: 1, uuid, ok: false, code: 1715 });
    expect(await task(uuid)).toMatchObject({ state: 'succeeded', code: null });
  });

  it('records the location a locate task answers as the gateway location, stamped with the time', async () => {
    const uuid = await sentTask(gw, 'locate');
    const from = bench.p.clock.now().getTime();
    await bench.deliver(commandResultUplink, gw.sn, {
      v: 1,
      uuid,
      ok: true,
      data: { lng: 121.5, lat: 31.2 },
    });
    expect(await task(uuid)).toMatchObject({ state: 'succeeded' });
    const located = await location(gw.sn);
    expect(located).toEqual({ lng: 121.5, lat: 31.2, at: expect.any(String) });
    expect(Date.parse(located!.at)).toBeGreaterThanOrEqual(from);
    expect(Date.parse(located!.at)).toBeLessThanOrEqual(bench.p.clock.now().getTime());
  });

  it('keeps the location for a failed locate, an answer that is no location, or another kind of task', async () => {
    const before = await location(gw.sn);
    const failed = await sentTask(gw, 'locate');
    await bench.deliver(commandResultUplink, gw.sn, {
      v: 1,
      uuid: failed,
      ok: false,
      code: 1322,
      data: { lng: 1, lat: 1 },
    });
    const nowhere = await sentTask(gw, 'locate');
    await bench.deliver(commandResultUplink, gw.sn, {
      v: 1,
      uuid: nowhere,
      ok: true,
      data: { lng: 500, lat: 1 },
    });
    const read = await sentTask(gw, 'read');
    await bench.deliver(commandResultUplink, gw.sn, { v: 1, uuid: read, ok: true, data: { lng: 2, lat: 2 } });
    expect(await location(gw.sn)).toEqual(before);
    expect((await task(nowhere)).state).toBe('succeeded');
  });

  it("changes nothing when a gateway answers another gateway's task", async () => {
    const theirs = await sentTask(other, 'locate');
    await bench.deliver(commandResultUplink, gw.sn, {
      v: 1,
      uuid: theirs,
      ok: true,
      data: { lng: 3, lat: 3 },
    });
    expect(await task(theirs)).toEqual({ state: 'sent', code: null, result: null });
    expect(await location(other.sn)).toBeNull();
    await bench.deliver(commandResultUplink, UNKNOWN_SN, { v: 1, uuid: theirs, ok: true });
    expect((await task(theirs)).state).toBe('sent');
  });

  it('refuses a result that does not match the schema with a warning and changes nothing', async () => {
    const uuid = await sentTask(gw, 'write');
    await bench.deliver(commandResultUplink, gw.sn, { v: 1, uuid: 'not-a-uuid', ok: true });
    await bench.deliver(commandResultUplink, gw.sn, { v: 1, uuid, ok: 'yes' });
    await bench.deliver(commandResultUplink, gw.sn, { v: 1, uuid, ok: false, code: 1.5 });
    expect((await task(uuid)).state).toBe('sent');
    expect(bench.warnings()).toEqual([
      'invalid command result',
      'invalid command result',
      'invalid command result',
    ]);
    expect(bench.logged.at(-1)).toMatchObject({ module: 'link', sn: gw.sn, topic: 'up/cmd/result' });
  });
});
