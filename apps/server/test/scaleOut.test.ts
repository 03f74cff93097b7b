/**
 * Two server instances on one PostgreSQL, one Mosquitto (shared subscription) and Redis
 * (docs/scale-out.md, issue 22 item 4), with a simulated fleet of real MQTT gateways: the uplinks
 * are split between the instances, a socket on B shows values A ingested, a write issued on A
 * reaches its gateway, gateways whose batches the instances share are asked to resend only a
 * real gap, and an instance whose MQTT sessions die without acknowledging what they were handed
 * loses nothing. Mosquitto does not hand a dead member's messages to the rest of its share group
 * (it keeps queueing them to the dead member's persistent session), so what makes this hold is
 * the handover: B finds A's session leases lapsed, stands in under A's client ids and stores what
 * they hold, and gives them back when A returns.
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
const LEASE_MS = 2000;

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
  /** the fleet's devices; a 13th gateway, `spare`, is the test's own client */
  const devices: number[] = [];
  const ingested = { a: 0, b: 0 };
  /** `${signalId}@${ts}` of every value instance A ingested */
  const seenByA = new Set<string>();
  const sockets: LiveClient[] = [];

  const instance = (clientId: string, brokerUrl: string) =>
    createPlatform(
      loadConfig({
        LOG_LEVEL: process.env.SCALE_LOG ?? 'silent',
        DEMO_SEED: 'false',
        MQTT_URL: brokerUrl,
        MQTT_CLIENT_ID: clientId,
        MQTT_SHARE_GROUP: `fh-scale-${run}`,
        MQTT_SESSIONS: '2',
        MQTT_SESSION_LEASE_MS: String(LEASE_MS),
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
      {
        gateways: GATEWAYS + 1,
        variables: VARIABLES,
        firstSn: randomInt(900, 999) * 1e9,
        name: `Scale ${run}`,
      },
    );
    devices.push(
      ...(
        await db.query<{ id: number }>(
          'select equipment_id as id from gateways where sn = any($1) order by sn',
          [file.gateways.slice(0, GATEWAYS).map((g) => g.sn)],
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

  it('asks no gateway to resend batches only the other sessions received, and asks for a real gap once', async () => {
    const checkA = a!.ctx.link!.resendCheck!;
    const checkB = b.ctx.link!.resendCheck!;
    // a gateway of the test's own: the broker spreads its batches over the four sessions
    const spare = file.gateways[GATEWAYS]!;
    const gw = await mqtt.connectAsync(MQTT_URL!, { clientId: `fh-scale-${run}-spare`, reconnectPeriod: 0 });
    const resends: Record<string, unknown>[] = [];
    gw.on('message', (_topic, payload) => {
      const cmd = JSON.parse(payload.toString()) as Record<string, unknown>;
      if (cmd.type === 'resend') resends.push(cmd);
    });
    const publish = (bootId: string, seq: number) =>
      gw.publishAsync(
        `iiot/v1/${spare.sn}/up/telemetry`,
        JSON.stringify({
          v: 1,
          bootId,
          seq,
          items: [{ ts: Date.now(), vals: { [spare.variables[0]!]: seq } }],
        }),
        { qos: 1 },
      );
    /** waits until the instances stored `count` batches of the boot and looked up every gap they saw */
    const lookedUp = async (bootId: string, count: number) => {
      await until('the batches stored', async () => {
        const [row] = await db.query<{ n: string }>(
          'select count(*) as n from telemetry_batches where sn = $1 and boot_id = $2',
          [spare.sn, bootId],
        );
        return Number(row!.n) === count;
      });
      await until(
        "no gap of the gateway's left to look up",
        () => checkA.pending(spare.sn) === 0 && checkB.pending(spare.sn) === 0,
        20_000,
      );
      await Promise.all([checkA.check(), checkB.check()]);
    };
    try {
      await gw.subscribeAsync(`iiot/v1/${spare.sn}/down/cmd`, { qos: 1 });
      const foundBefore = { a: checkA.counts.foundElsewhere, b: checkB.counts.foundElsewhere };
      for (let seq = 1; seq <= 40; seq++) await publish('in-order', seq);
      await lookedUp('in-order', 40);
      // each instance saw gaps (the other's batches), found them received, and asked for nothing
      expect(checkA.counts.foundElsewhere).toBeGreaterThan(foundBefore.a);
      expect(checkB.counts.foundElsewhere).toBeGreaterThan(foundBefore.b);
      expect(resends).toEqual([]);
      const asked = await db.query(
        'select sn from gateways where sn = any($1) and resend_asked_at is not null',
        [file.gateways.map((g) => g.sn)],
      );
      expect(asked).toEqual([]);
      console.info(
        `gaps seen by one instance and found received elsewhere: A ${checkA.counts.foundElsewhere}, ` +
          `B ${checkB.counts.foundElsewhere}; resend requests ${checkA.counts.asked + checkB.counts.asked}`,
      );

      // batch 4 of a new boot never sent: asked for once, whichever instances saw the gap
      for (const seq of [1, 2, 3, 5, 6, 7, 8, 9]) await publish('gap-test', seq);
      await until('the resend request', () => resends.length > 0, 20_000);
      expect(resends[0]).toMatchObject({ bootId: 'gap-test', fromSeq: 4, toSeq: 4 });
      await lookedUp('gap-test', 8);
      expect(resends).toHaveLength(1);
      expect(checkA.counts.asked + checkB.counts.asked).toBe(1);
    } finally {
      await gw.endAsync();
    }
  }, 120_000);

  it("loses nothing when an instance's sessions die and it is not restarted: the other takes them over", async () => {
    const handover = b.ctx.link!.handover!;
    // A loses the broker as a crash would, with messages handed to it unacknowledged; its
    // sessions are no longer renewed, and the fleet keeps sending into them
    const cutAt = Date.now();
    gate.cut();
    const atCut = fleet!.counters.valuesAcked;
    await until("B standing in for both of A's sessions", () => handover.standingIn().length === 2, 20_000);
    const takeoverMs = Date.now() - cutAt;
    expect(handover.standingIn().sort()).toEqual([clientIdA, `${clientIdA}-2`]);
    await until(
      'a second of values after the takeover',
      () => fleet!.counters.valuesAcked > atCut + GATEWAYS * VARIABLES * 5 * (1 + takeoverMs / 1000),
      20_000,
    );
    await fleet!.stop();
    const sent = fleet!.counters.valuesAcked;
    fleet = undefined;
    await until('every acknowledged value stored', async () => (await stored()) >= sent, 30_000);
    expect(await stored()).toBe(sent);
    const [dupes] = await db.query<{ n: string }>(
      `select count(*) as n from (select variable_id, ts from signal_values where equipment_id = any($1)
         group by variable_id, ts having count(*) > 1) d`,
      [devices],
    );
    expect(Number(dupes!.n)).toBe(0);
    expect(handover.handled()).toBeGreaterThan(0);
    console.info(
      `A cut: B stood in after ${takeoverMs} ms (lease ${LEASE_MS} ms) and stored ${handover.handled()} uplinks ` +
        `of A's sessions; broker acknowledged ${sent} values (${sent - atCut} after the cut), stored ${sent}, none twice`,
    );
  }, 120_000);

  it('gives the sessions back when their owner returns, and does not take them again', async () => {
    const handover = b.ctx.link!.handover!;
    // A's client reconnects under its client ids: the broker's takeover ends B's stand-ins
    gate.setOpen(true);
    await until('B gave way', () => handover.standingIn().length === 0, 20_000);
    const leases = () =>
      db.query<{ holder: string; expires_at: Date }>(
        'select holder, expires_at from link_sessions where client_id = any($1) order by client_id',
        [[clientIdA, `${clientIdA}-2`]],
      );
    await until('A holding its leases again', async () =>
      (await leases()).every((l) => l.holder === clientIdA && l.expires_at.getTime() > Date.now()),
    );
    // renewed by A twice over: B had every chance to take them and did not
    const renewedAt = Math.max(...(await leases()).map((l) => l.expires_at.getTime()));
    await until('two lease renewals by A', async () =>
      (await leases()).every((l) => l.expires_at.getTime() > renewedAt + LEASE_MS / 2),
    );
    expect(handover.standingIn()).toEqual([]);
    expect(a!.ctx.link!.client.connected()).toBe(true);
  }, 60_000);
});
