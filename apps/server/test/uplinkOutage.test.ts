/**
 * An uplink the platform could not store is not acknowledged (docs/requirements/gateway-link.md
 * §3.2), on an external broker: the platform's sessions at the machine's Mosquitto keep it
 * unacknowledged, reconnect after a wait (MQTT_UPLINK_RETRY_MS) and are handed it again until it
 * is stored. Storage fails for real: a trigger on signal_values raises while a row is in a table
 * the test makes, and counts each refused row in a sequence (which a rollback does not undo).
 * What the router answers by design (here a batch without items, refused to the gateway) is still
 * acknowledged. The embedded broker's refusal is tested in link/uplinks/uplinkRouter.test.ts.
 *
 * Runs where MQTT_URL and DATABASE_URL name the machine's Mosquitto and PostgreSQL (the project
 * `server-services`); the share group and client ids are this run's own, and the broker sessions
 * made here are removed at the end.
 */
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@fieldhub/testkit';
import { Err } from '@fieldhub/shared';
import { loggedIn, makeEnterprise, startTestPlatform, type TestPlatform } from './harness';
import { modbusDriver, variable } from './deviceFixtures';
import { connectAsGateway, linkedDevice, type LinkedDevice } from './gatewayFixtures';
import { loggedInOperator } from './platformFixtures';

const MQTT_URL = process.env.MQTT_URL;
const SESSIONS = 2;
/** as many as sessions: each session's second round then shows a batch handled again */
const BATCHES = 2;

describe.skipIf(!MQTT_URL || !process.env.DATABASE_URL)('storage failing under an external broker', () => {
  const run = randomUUID().slice(0, 8);
  const clientId = `fh-outage-${run}`;
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
    p = await startTestPlatform(
      {
        MQTT_URL: MQTT_URL!,
        MQTT_CLIENT_ID: clientId,
        MQTT_SHARE_GROUP: `fh-outage-${run}`,
        MQTT_SESSIONS: String(SESSIONS),
        MQTT_UPLINK_RETRY_MS: '100',
        LOG_LEVEL: process.env.OUTAGE_LOG ?? 'silent',
      },
      { link: true },
    );
    const admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, `Outage ${run}`)).admin);
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
    gateway = await connectAsGateway(MQTT_URL!, device.sn, device.mqttPassword, { clean: false });
    await gateway.subscribeAsync(`iiot/v1/${device.sn}/down/refused`, { qos: 1 });
    gateway.on('message', (_topic, payload) => refused.push(JSON.parse(payload.toString('utf8'))));
  }, 60_000);

  afterAll(async () => {
    await gateway?.endAsync();
    await p?.stop();
    // the persistent sessions made here would otherwise stay on the broker
    const sessions = Array.from({ length: SESSIONS }, (_, i) => (i ? `${clientId}-${i + 1}` : clientId));
    for (const id of [...sessions, ...(device ? [device.sn] : [])]) {
      const c = await mqtt.connectAsync(MQTT_URL!, { clientId: id, clean: true, reconnectPeriod: 0 });
      await c.endAsync();
    }
  }, 30_000);

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
