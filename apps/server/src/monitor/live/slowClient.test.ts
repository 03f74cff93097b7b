import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveValue } from '@fieldhub/shared';
import { loggedIn, makeEnterprise, startTestPlatform, type TestPlatform } from '../../../test/harness';
import { deviceWithGateway, modbusDriver, variable } from '../../../test/deviceFixtures';
import { loggedInOperator } from '../../../test/platformFixtures';
import { subscribe, type LiveClient } from '../../../test/liveClient';

// Its own platform with the default 60 s idle interval: no ping goes unanswered during the test,
// so a socket that disappears was cut for its send buffer alone.
let p: TestPlatform;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  p = await startTestPlatform({}, { live: { maxBufferedBytes: 1024 * 1024 } });
  await p.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await p.stop();
});

const val = (signalId: number, ts: number, value: number | string): LiveValue => ({
  signalId,
  ts,
  value,
  quality: 0,
});

describe('a client that does not read', () => {
  it('is dropped once its unsent data passes the limit, while other sockets go on', async () => {
    const operator = await loggedInOperator(p);
    const admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Slow Works')).admin);
    const mill = await deviceWithGateway(admin, operator, 'Mill');
    const plc = await modbusDriver(admin, mill.owner);
    const a = await variable(admin, mill.owner, plc, 'a');
    const b = await variable(admin, mill.owner, plc, 'b', { address: '1' });

    const slow = await subscribe(p.app, admin, mill.id);
    const fine = await subscribe(p.app, admin, mill.id);
    sockets.push(slow, fine);
    const held = () => p.app.websocketServer.clients.size;
    expect(held()).toBe(2);
    // the slow client stops reading: the kernel buffers fill, then the server's send buffer grows
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const big = 'x'.repeat(100 * 1024);
    let ts = Date.now();
    for (let i = 0; i < 1000 && held() === 2; i++) {
      ts++;
      await p.ctx.monitor.bus.publish({
        type: 'signalVal',
        equipmentId: mill.id,
        values: [val(a, ts, big), val(b, ts, big)],
      });
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(held()).toBe(1);
    // the other socket still gets values
    const n = fine.data.length;
    await p.ctx.monitor.ingest(mill.id, [val(a, ts + 1, 5)], false);
    await fine.until(
      () => fine.data.slice(n).some((f) => f.type === 'signalVal' && f.values.some((v) => v.value === 5)),
      'the next value',
    );
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await slow.until(() => slow.closed !== null, 'the cut');
    expect(slow.closed?.code).toBe(1006);
  });
});
