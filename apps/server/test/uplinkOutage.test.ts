/**
 * An uplink the platform could not store is not acknowledged (docs/requirements/gateway-link.md
 * §3.2), on an external broker: the platform's sessions at a Mosquitto keep it unacknowledged,
 * reconnect after a wait (MQTT_UPLINK_RETRY_MS) and are handed it again until it is stored.
 * Storage fails for real: a trigger on signal_values raises while a row is in a table the test
 * makes, and counts each refused row in a sequence (which a rollback does not undo). What the
 * router answers by design (here a batch without items, refused to the gateway) is still
 * acknowledged. The embedded broker's refusal is tested in link/uplinks/uplinkRouter.test.ts.
 *
 * Runs where DATABASE_URL names the machine's PostgreSQL (the project `server-services`), on a
 * Mosquitto of its own (the machine's binary): a platform on the shared one would receive every
 * other test's gateways too (its subscription covers all), and ask them to resend what it never
 * stores.
 */
import { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mosquitto, until } from '@fieldhub/testkit';
import { Err } from '@fieldhub/shared';
import { loggedIn, makeEnterprise, startTestPlatform, type TestPlatform } from './harness';
import { modbusDriver, variable } from './deviceFixtures';
import { connectAsGateway, linkedDevice, type LinkedDevice } from './gatewayFixtures';
import { loggedInOperator } from './platformFixtures';

const SESSIONS = 2;
/** as many as sessions: each session's second round then shows a batch handled again */
const BATCHES = 2;

describe.skipIf(!process.env.DATABASE_URL)('storage failing under an external broker', () => {
  let broker: Mosquitto;
  let p: TestPlatform;
  let device: LinkedDevice;
  let variableId: number;
  let gateway: MqttClient;
  const refused: unknown[] = [];

  const query = <T extends object>(sql: string, params: unknown[] = []) => p.ctx.db.query<T>(sql, params);
  /** rows the trigger refused so far (each handling of an uplink refuses at most two: COPY, then alone) */
  const refusedRows = async () =>
    Number(
      (
        await query<{ n: string }>(
          'select case when is_called then last_value else 0 end as n from storage_outage_refused',
        )
      )[0]!.n,
    );
  const stored = () =>
    query<{ ts: Date; num: number }>('select ts, num from signal_values where variable_id = $1 order by ts', [
      variableId,
    ]);

  beforeAll(async () => {
    broker = await Mosquitto.start();
    p = await startTestPlatform(
      {
        MQTT_URL: broker.url,
        MQTT_CLIENT_ID: 'fh-outage',
        MQTT_SESSIONS: String(SESSIONS),
        MQTT_UPLINK_RETRY_MS: '100',
        LOG_LEVEL: process.env.OUTAGE_LOG ?? 'silent',
      },
      { link: true },
    );
    const admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Outage Works')).admin);
    device = await linkedDevice(admin, await loggedInOperator(p), 'Outage tank');
    variableId = await variable(admin, device.owner, await modbusDriver(admin, device.owner), 'level');
    await query('create table storage_outage (since timestamptz not null default now())');
    await query('create sequence storage_outage_refused');
    await query(`create function refuse_during_outage() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from storage_outage) then
          perform nextval('storage_outage_refused');
          raise exception 'storage outage (test)';
        end if;
        return new;
      end $$`);
    await query(
      'create trigger refuse_during_outage before insert on signal_values for each row execute function refuse_during_outage()',
    );
    gateway = await connectAsGateway(broker.url, device.sn, device.mqttPassword, { clean: false });
    await gateway.subscribeAsync(`iiot/v1/${device.sn}/down/refused`, { qos: 1 });
    gateway.on('message', (_topic, payload) => refused.push(JSON.parse(payload.toString('utf8'))));
  }, 60_000);

  afterAll(async () => {
    await gateway?.endAsync();
    await p?.stop();
    await broker?.stop();
  });

  it('stores every value sent while storage failed once it is back, each once, and acknowledges a malformed batch at once', async () => {
    await query('insert into storage_outage default values');
    // after the gateway's registration: nothing dated before it is the gateway's
    const t0 = Date.now();
    const topic = `iiot/v1/${device.sn}/up/telemetry`;
    // answered by design, not a failure: refused to the gateway, and acknowledged
    await gateway.publishAsync(topic, JSON.stringify({ v: 1, bootId: 'b1', seq: 0, items: [] }), { qos: 1 });
    for (let seq = 1; seq <= BATCHES; seq++)
      await gateway.publishAsync(
        topic,
        JSON.stringify({ v: 1, bootId: 'b1', seq, items: [{ ts: t0 + seq, vals: { [variableId]: seq } }] }),
        { qos: 1 },
      );

    // a handling refuses one or two rows (its COPY, then itself alone): more than two per batch
    // mean a batch was handled again, so its failure was not acknowledged
    await until('a failed uplink delivered again', async () => (await refusedRows()) > 2 * BATCHES, 20_000);
    expect(await stored()).toEqual([]);

    await query('delete from storage_outage');
    await until('every value stored', async () => (await stored()).length === BATCHES, 20_000);
    expect((await stored()).map((r) => [r.ts.getTime(), Number(r.num)])).toEqual(
      Array.from({ length: BATCHES }, (_, i) => [t0 + i + 1, i + 1]),
    );
    // the malformed batch was handled once (each handling counts it): acknowledged, not delivered
    // again; the gateway was told (QoS 1: a copy may come twice when its session reconnected)
    const [gw] = await query<{ refused_count: number }>('select refused_count from gateways where sn = $1', [
      device.sn,
    ]);
    expect(Number(gw!.refused_count)).toBe(1);
    expect(refused[0]).toMatchObject({ bootId: 'b1', seq: 0, refused: [{ code: Err.uplinkItemMalformed }] });
  });
});
