/**
 * Store-and-forward through the platform (issue 4): a real gateway process streams ~1,000
 * values/s — internal variables written every second by a periodic script, all configured in the
 * platform and synced to the gateway — through an external Mosquitto into the platform. The
 * broker is killed (SIGKILL) mid-stream and restarted; the gateway buffers on disk meanwhile and
 * replays afterwards. In the end the platform's signal_values hold exactly what the gateway says
 * it produced.
 *
 * STREAM_SECONDS sets the stream's length (15 s by default; the acceptance run is 60 s:
 * `STREAM_SECONDS=60 npx vitest run apps/server/test/storeForwardE2e.test.ts`).
 */
import mqtt from 'mqtt';
import { Mosquitto, TcpGate, sleep, until } from '@fieldhub/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import { made } from './deviceFixtures';
import {
  insertInternalVariables,
  linkedDevice,
  startDeviceGateway,
  startPlatformOnBroker,
  storedCount,
  syncDevice,
  waitForStatus,
  type LinkedDevice,
} from './gatewayFixtures';
import { loggedIn, makeEnterprise, type Caller, type TestPlatform } from './harness';
import { loggedInOperator } from './platformFixtures';

const SECONDS = Number(process.env.STREAM_SECONDS ?? 15);
/** variables the script writes every second, besides the tick itself */
const PER_SECOND = 1000;
/** when the broker is killed (ticks into the stream) and for how long */
const OUTAGE_AT_TICK = Math.max(3, Math.round(SECONDS / 4));
const OUTAGE_S = Math.min(10, Math.max(3, Math.round(SECONDS / 3)));

const log = (line: string) => process.stdout.write(`[store-and-forward] ${line}\n`);

let broker: Mosquitto;
let gate: TcpGate;
let p: TestPlatform;
let admin: Caller;
let device: LinkedDevice;
let probe: LinkedDevice;
let probeVariable: number;
let tickId: number;
let gateway: GatewayProcess | undefined;

/** Values of the tick variable stored so far, in time order. */
async function storedTicks(): Promise<number[]> {
  const rows = await p.ctx.db.query<{ num: number }>(
    'select num from signal_values where variable_id = $1 order by ts',
    [tickId],
  );
  return rows.map((r) => r.num);
}

/**
 * Resolves once the platform's shared subscription is back on the restarted broker: a probe
 * gateway publishes a value straight to the broker until the platform has stored one. (Mosquitto
 * runs without persistence, so what a gateway published before the platform resubscribed would
 * be dropped by the broker — a loss the platform could not prevent, so the gateway is let in only
 * afterwards.)
 */
async function platformSubscribed(): Promise<void> {
  const client = await mqtt.connectAsync(broker.url, {
    clientId: probe.sn,
    username: probe.sn,
    password: probe.mqttPassword,
    reconnectPeriod: 200,
    connectTimeout: 5000,
  });
  try {
    let n = 0;
    await until(
      'platform resubscribed',
      async () => {
        n++;
        await client.publishAsync(
          `iiot/v1/${probe.sn}/up/telemetry`,
          JSON.stringify({
            v: 1,
            bootId: 'probe',
            seq: n,
            items: [{ ts: Date.now(), vals: { [probeVariable]: n } }],
          }),
          { qos: 1 },
        );
        return (await storedCount(p.ctx.db, probe.equipmentId)) > 0;
      },
      30_000,
      300,
    );
  } finally {
    await client.endAsync(true);
  }
}

beforeAll(async () => {
  broker = await Mosquitto.start({ auth: true });
  p = await startPlatformOnBroker(broker);
  gate = await TcpGate.start(broker.port);
  const { admin: name } = await makeEnterprise(p.ctx.db, 'Stream Works');
  admin = await loggedIn(p.app, name);
  const operator = await loggedInOperator(p);

  // the streaming device: 1,000 variables in bulk, the tick and the script through HTTP
  device = await linkedDevice(admin, operator, 'Stream', 'EG-Pro');
  await insertInternalVariables(p.ctx.db, device.equipmentId, PER_SECOND, 's');
  const internal = (name: string) => ({
    kind: 'internal',
    name,
    dataType: 'float64',
    rw: 'rw',
    formula: '0',
  });
  tickId = (
    await made(admin, '/lfscada/equipment/multi/variable/add', {
      owner: device.owner,
      item: internal('tick'),
    })
  ).id;
  await made(admin, '/lfscada/equipment/multi/script/add', {
    owner: device.owner,
    item: {
      name: 'stream',
      strategy: 'periodic',
      intervalS: 1,
      body: `
        const tick = (read('tick') ?? 0) + 1;
        if (tick > ${SECONDS}) return;
        await write('tick', tick);
        const writes = [];
        for (let i = 0; i < ${PER_SECOND}; i++) writes.push(write('s' + i, tick));
        await Promise.all(writes);`,
    },
  });

  // a second gateway's device, used only to see that the platform is subscribed again
  probe = await linkedDevice(admin, operator, 'Probe');
  probeVariable = (
    await made(admin, '/lfscada/equipment/multi/variable/add', {
      owner: probe.owner,
      item: internal('beacon'),
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await gateway?.dispose();
  await gate?.stop();
  await p?.stop();
  await broker?.stop();
});

describe('store and forward through the platform', () => {
  it(
    `stores every value of a ${SECONDS} s stream at ~1,000 values/s while the broker is killed and restarted`,
    async () => {
      const gw = (gateway = startDeviceGateway(device, gate.url));
      await waitForStatus(p.ctx.db, device.sn, 'online');
      // the platform pushed the configuration on the gateway's first birth; a sync through HTTP
      // confirms the gateway runs the device's current one
      expect(await syncDevice(admin, device.equipmentId)).toMatchObject({ status: 'success' });

      await until(
        `tick ${OUTAGE_AT_TICK} stored`,
        async () => (await storedTicks()).includes(OUTAGE_AT_TICK),
        (OUTAGE_AT_TICK + 20) * 1000,
      );
      log(`tick ${OUTAGE_AT_TICK}: killing the broker (SIGKILL) for ${OUTAGE_S} s`);
      gate.setOpen(false);
      await broker.kill();
      await sleep(OUTAGE_S * 1000);
      await broker.restart();
      await platformSubscribed();
      gate.setOpen(true);
      log('broker restarted; platform subscribed again; gateway let back in');

      // Wait for every value; a loss shows as a count that never gets there. Once the last tick is
      // stored and the count has not moved for a while, waiting longer is pointless: the
      // assertions below say what is missing.
      const expected = (PER_SECOND + 1) * (SECONDS + 1); // one start value each, then one a tick
      const leftS = Math.max(0, SECONDS - OUTAGE_AT_TICK - OUTAGE_S);
      let last = -1;
      let movedAt = Date.now();
      await until(
        'all values stored, or no more arriving',
        async () => {
          const count = await storedCount(p.ctx.db, device.equipmentId);
          if (count !== last) [last, movedAt] = [count, Date.now()];
          if (count >= expected) return true;
          return Date.now() - movedAt > 10_000 && (await storedTicks()).includes(SECONDS);
        },
        (leftS + 60) * 1000,
        250,
      );

      await gw.kill('SIGTERM');
      // its last log line may be read a moment after the process has exited
      const stopped = await until('the "gateway stopped" log line', async () =>
        gw.lines.find((l) => l.msg === 'gateway stopped'),
      );
      const produced = Number(stopped.valuesProduced);
      const stored = await storedCount(p.ctx.db, device.equipmentId);
      log(
        `produced ${produced}, stored ${stored}; sent live ${String(stopped.live)}, ` +
          `history ${String(stopped.hist)}, acknowledged ${String(stopped.acked)}`,
      );

      expect(produced).toBe(expected);
      expect(stored).toBe(produced);
      // each variable has its start value and every tick once
      const uneven = await p.ctx.db.query(
        `select variable_id, count(*)::int as n from signal_values where equipment_id = $1
          group by variable_id having count(*) <> $2`,
        [device.equipmentId, SECONDS + 1],
      );
      expect(uneven).toEqual([]);
      const [variables] = await p.ctx.db.query<{ n: number }>(
        'select count(distinct variable_id)::int as n from signal_values where equipment_id = $1',
        [device.equipmentId],
      );
      expect(variables!.n).toBe(PER_SECOND + 1);
      expect(await storedTicks()).toEqual(Array.from({ length: SECONDS + 1 }, (_, i) => i));
      // the outage really happened: the gateway lost the broker and replayed its buffer as history
      expect(gw.lines.some((l) => l.msg === 'disconnected from the broker')).toBe(true);
      expect(gw.lines.some((l) => l.msg === 'replaying buffered uplinks')).toBe(true);
      expect(Number(stopped.hist)).toBeGreaterThan(0);
    },
    (SECONDS + 120) * 1000,
  );
});
