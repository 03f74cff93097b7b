/**
 * Two server instances on one PostgreSQL, one Mosquitto (shared subscription) and Redis
 * (docs/scale-out.md, issue 22 item 4), with a simulated fleet of real MQTT gateways: the uplinks
 * are split between the instances, a socket on B shows values A ingested, a write issued on A
 * reaches its gateway, and an instance whose MQTT session dies without acknowledging what it was
 * handed loses nothing. Mosquitto does not hand a dead member's messages to the rest of its
 * share group (it keeps queueing them to the dead member's persistent session), so what makes
 * this hold is the persistent session under a stable MQTT_CLIENT_ID: the instance started again
 * under the same id receives everything unacknowledged, and the store keeps each value once.
 *
 * Runs where MQTT_URL and REDIS_URL name the machine's Mosquitto and Redis (the project
 * `server-services`); the share group, Redis prefix and client ids are this run's own, and the
 * broker sessions made here are removed at the end.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TcpGate, until } from '@fieldhub/testkit';
import type { FleetFile } from '@fieldhub/shared';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { createPlatform, type Platform } from '../src/server';
import { asCaller } from '../src/seed/demoDevices';
import { provisionFleet } from '../src/seed/fleetSeed';
import { startFleet, type FleetRun } from '../../gateway/src/fleet/fleet';
import { silentLogger } from '../../gateway/src/runtime/log';
import { loggedIn, makeEnterprise, makePlatformOperator, type Caller } from './harness';
import { taskResult, writeVal } from './gatewayFixtures';
import { subscribe, type LiveClient } from './liveClient';
import { freshDatabase } from './testDatabase';

const MQTT_URL = process.env.MQTT_URL;
const REDIS_URL = process.env.REDIS_URL;
const GATEWAYS = 12;
const VARIABLES = 5;

describe.skipIf(!MQTT_URL || !REDIS_URL || !process.env.DATABASE_URL)('two server instances', () => {
  const run = randomUUID().slice(0, 8);
  const clientIdA = `fh-scale-${run}-a`;
  const clientIdB = `fh-scale-${run}-b`;
  let db: Db;
  let drop: () => Promise<void>;
  let gate: TcpGate;
  let a: Platform | undefined;
  let b: Platform;
  let adminOnA: Caller;
  let adminOnB: Caller;
  let file: FleetFile;
  let fleet: FleetRun | undefined;
  const devices: number[] = [];
  const ingested = { a: 0, b: 0 };
  /** `${signalId}@${ts}` of every value instance A ingested */
  const seenByA = new Set<string>();
  const sockets: LiveClient[] = [];

  const instance = (clientId: string, brokerUrl: string) =>
    createPlatform(
      loadConfig({
        LOG_LEVEL: 'silent',
        DEMO_SEED: 'false',
        MQTT_URL: brokerUrl,
        MQTT_CLIENT_ID: clientId,
        MQTT_SHARE_GROUP: `fh-scale-${run}`,
        MQTT_SESSIONS: '2',
        REDIS_URL: REDIS_URL!,
        REDIS_PREFIX: `fieldhub-test:${run}:`,
      }),
      { db, link: true, serveWeb: false },
    );
  const closeInstance = async (p: Platform) => {
    await p.app.close();
    await p.ctx.link?.close();
    await p.ctx.monitor.close();
  };
  const stored = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          'select count(*) as n from signal_values where equipment_id = any($1)',
          [devices],
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
    gate = await TcpGate.start(Number(new URL(MQTT_URL!).port || 1883));
    // A reaches the broker through a relay the test can cut, as a crash would
    a = await instance(clientIdA, gate.url);
    b = await instance(clientIdB, MQTT_URL!);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    a.ctx.monitor.onIngested(async (_id, values) => {
      ingested.a += values.length;
      for (const v of values) seenByA.add(`${v.signalId}@${v.ts}`);
    });
    b.ctx.monitor.onIngested(async (_id, values) => {
      ingested.b += values.length;
    });
    const { operatorId, operator, orgId: platformOrg } = await makePlatformOperator(db);
    const enterprise = await makeEnterprise(db, `Scale ${run}`);
    file = await provisionFleet(
      db,
      a.ctx.clock,
      {
        operator: asCaller({ accountId: operatorId, orgId: platformOrg, loginname: operator }, 'operation'),
        admin: asCaller(
          { accountId: enterprise.adminId, orgId: enterprise.orgId, loginname: enterprise.admin },
          'enterprise',
        ),
      },
      { gateways: GATEWAYS, variables: VARIABLES, firstSn: randomInt(900, 999) * 1e9, name: `Scale ${run}` },
    );
    devices.push(
      ...(
        await db.query<{ id: number }>(
          'select equipment_id as id from gateways where sn = any($1) order by sn',
          [file.gateways.map((g) => g.sn)],
        )
      ).map((r) => Number(r.id)),
    );
    adminOnA = await loggedIn(a.app, enterprise.admin);
    adminOnB = await loggedIn(b.app, enterprise.admin);
    fleet = startFleet(
      file,
      {
        fleet: GATEWAYS,
        variables: VARIABLES,
        interval: 200,
        connectRate: 1000,
        broker: MQTT_URL!,
        dataDir: `/tmp/fh-scale-${run}`,
        heartbeatS: 60,
      },
      silentLogger,
      'fleet-test',
    );
    await fleet.started;
    await until('every fleet gateway connected', () => fleet!.connected() === GATEWAYS, 20_000);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await fleet?.stop();
    if (a) await closeInstance(a);
    if (b) await closeInstance(b);
    await gate?.stop();
    // the persistent sessions made here (servers and gateways) would otherwise stay on the broker
    const servers = [clientIdA, `${clientIdA}-2`, clientIdB, `${clientIdB}-2`];
    for (const clientId of [...servers, ...(file?.gateways.map((g) => g.sn) ?? [])]) {
      const c = await mqtt.connectAsync(MQTT_URL!, { clientId, clean: true, reconnectPeriod: 0 });
      await c.endAsync();
    }
    rmSync(`/tmp/fh-scale-${run}`, { recursive: true, force: true });
    await drop?.();
  }, 60_000);

  it('splits the uplinks between the instances', async () => {
    await until('both instances ingesting', () => ingested.a > 200 && ingested.b > 200, 30_000);
    const share = ingested.a / (ingested.a + ingested.b);
    console.info(`ingested by A ${ingested.a}, by B ${ingested.b} (A's share ${share.toFixed(2)})`);
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.8);
  });

  it('shows on a socket held by B the values A ingested', async () => {
    const socket = await subscribe(b.app, adminOnB, devices[0]!);
    sockets.push(socket);
    await socket.until(
      () =>
        socket.data.some(
          (f) => f.type === 'signalVal' && f.values.some((v) => seenByA.has(`${v.signalId}@${v.ts}`)),
        ),
      "a value ingested by A on B's socket",
      15_000,
    );
  });

  it('takes a write issued on A to the gateway, whose values then carry it', async () => {
    const variableId = file.gateways[1]!.variables[0]!;
    const answer = await writeVal(adminOnA, devices[1]!, variableId, 42.5);
    expect(answer.code).toBe('200');
    expect(await taskResult(adminOnA, answer.data.uuid)).toMatchObject({ status: 'success' });
    await until(
      'the written value stored',
      async () =>
        (await db.query('select 1 from signal_values where variable_id = $1 and num = 42.5', [variableId]))
          .length > 0,
      10_000,
    );
  });

  it('loses nothing when an instance dies without acknowledging, once it is back under its client id', async () => {
    // A crashes: its connection to the broker is cut with messages handed to it unacknowledged
    await gate.stop();
    // the fleet keeps sending for a while: the broker shares those between B and A's dead session
    const atCut = fleet!.counters.valuesAcked;
    await until(
      'a second of values after the cut',
      () => fleet!.counters.valuesAcked > atCut + GATEWAYS * VARIABLES * 5,
    );
    await fleet!.stop();
    const sent = fleet!.counters.valuesAcked;
    fleet = undefined;
    await closeInstance(a!);
    a = undefined;
    const withADown = await stored();
    console.info(`broker acknowledged ${sent} values; stored while A was down: ${withADown}`);
    // A started again under its client id: the broker hands it its session's messages
    a = await instance(clientIdA, MQTT_URL!);
    await until('every acknowledged value stored', async () => (await stored()) >= sent, 30_000);
    expect(await stored()).toBe(sent);
    const [dupes] = await db.query<{ n: string }>(
      `select count(*) as n from (select variable_id, ts from signal_values where equipment_id = any($1)
         group by variable_id, ts having count(*) > 1) d`,
      [devices],
    );
    expect(Number(dupes!.n)).toBe(0);
  }, 120_000);
});
