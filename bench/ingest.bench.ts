/**
 * Ingest end to end (issue 5, benchmark a): GATEWAYS gateways publish telemetry batches over MQTT
 * to the platform's embedded broker; the platform validates, stores them in `signal_values` (with
 * its production indexes and partitions) and runs them through the value cache, the alarm engine
 * and the live bus. Measured: values stored per second, from the first publish until the last row
 * is in the table. Baseline, in the same run and the same table: the same number of rows written
 * by a bare binary COPY (`copy … from stdin (format binary)`, encoded as the store encodes them) in
 * 20,000-row batches. A second line: the same rows with the older `insert … select from unnest`
 * statement in 20,000-row batches.
 *
 * DATABASE_URL measures PostgreSQL (a fresh database is created and dropped); PGlite otherwise.
 * BENCH_GATEWAYS, BENCH_VARIABLES (per gateway), BENCH_BATCHES (per gateway), BENCH_ITEMS (time
 * stamps per batch) change the load.
 */
import mqtt from 'mqtt';
import {
  loggedIn,
  makeEnterprise,
  makePlatformOperator,
  startTestPlatform,
} from '../apps/server/test/harness';
import { insertVariables, made, modbusDriver } from '../apps/server/test/deviceFixtures';
import { encodeValues } from '../apps/server/src/link/valueWriter';
import type { StoredValue } from '../apps/server/src/link/telemetryJudge';

const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 10);
const VARIABLES = Number(process.env.BENCH_VARIABLES ?? 200);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 40);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 10);
const RAW_BATCH = 20_000;

const p = await startTestPlatform({ MQTT_PORT: '0', LOG_LEVEL: 'warn' }, { link: true });
const clients: mqtt.MqttClient[] = [];
try {
  p.ctx.clock = { now: () => new Date() };
  const { db } = p.ctx;
  const { admin: adminName } = await makeEnterprise(db, 'Ingest Bench Works');
  const admin = await loggedIn(p.app, adminName);
  const operator = await loggedIn(p.app, (await makePlatformOperator(db)).operator);
  const url = `mqtt://127.0.0.1:${p.ctx.link!.brokerPort}`;

  const gateways: { sn: string; password: string; variableIds: number[] }[] = [];
  const issued = await made<{ sn: string; verifyCode: string; mqttPassword: string }[]>(
    operator,
    '/lfscada/hardware/register',
    {
      series: 'EG',
      gateways: Array.from({ length: GATEWAYS }, (_, i) => ({ sn: String(810_000_000_000 + i) })),
    },
  );
  for (const [i, gw] of issued.entries()) {
    const { id } = await made(admin, '/lfscada/equipment/multi/add', { name: `Line ${i + 1}` });
    await made(admin, '/lfscada/equipment/multi/bindGateway', { equipmentId: id, ...gw });
    const driverId = await modbusDriver(admin, { equipmentId: id });
    const variableIds = await insertVariables(db, { equipmentId: id }, driverId, VARIABLES, {
      storeHistory: true,
    });
    gateways.push({ sn: gw.sn, password: gw.mqttPassword, variableIds });
  }

  // gateways in service for a while: the values of the last hour postdate their registration (the
  // platform refuses anything dated before it)
  await db.query(`update gateways set registered_at = now() - interval '1 day'`);

  for (const gw of gateways) {
    const c = await mqtt.connectAsync(url, { clientId: gw.sn, username: gw.sn, password: gw.password });
    clients.push(c);
  }

  const values = GATEWAYS * BATCHES * ITEMS * VARIABLES;
  const count = async () =>
    Number((await db.query<{ n: string }>('select count(*) as n from signal_values'))[0]!.n);
  const t0 = Date.now() - 3_600_000; // an hour ago, one item per second
  const started = process.hrtime.bigint();
  await Promise.all(
    gateways.map(async (gw, g) => {
      for (let b = 0; b < BATCHES; b++) {
        const items = Array.from({ length: ITEMS }, (_, i) => ({
          ts: t0 + (b * ITEMS + i) * 1000,
          vals: Object.fromEntries(
            gw.variableIds.map((id, k) => [String(id), (b * ITEMS + i + k + g) % 1000]),
          ),
        }));
        await clients[g]!.publishAsync(
          `iiot/v1/${gw.sn}/up/telemetry`,
          JSON.stringify({ v: 1, bootId: 'bench', seq: b + 1, items }),
          { qos: 1 },
        );
      }
    }),
  );
  while ((await count()) < values) await new Promise((r) => setTimeout(r, 20));
  const ingestS = Number(process.hrtime.bigint() - started) / 1e9;
  const ingestRate = values / ingestS;

  // baselines: the same rows, the same table (later hours), 20k rows a batch
  const ids = gateways.flatMap((gw) => gw.variableIds);
  const perTs = ids.length;
  const timestamps = Math.ceil(values / perTs);
  const rowsAt = async (t1: number, flush: (rows: StoredValue[]) => Promise<void>) => {
    const rows: StoredValue[] = [];
    for (let s = 0; s < timestamps; s++) {
      const ts = t1 + s * 1000;
      for (const id of ids) {
        rows.push({ variableId: id, ts, value: s % 1000, quality: 0 });
        if (rows.length === RAW_BATCH) await flush(rows.splice(0));
      }
    }
    if (rows.length) await flush(rows);
  };
  const timed = async (run: () => Promise<void>) => {
    const started = process.hrtime.bigint();
    await run();
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  const copyS = await timed(() =>
    rowsAt(Date.now() - 2_400_000, (rows) =>
      db.copyFrom(
        'signal_values (equipment_id, variable_id, ts, num, txt, quality)',
        encodeValues([{ equipmentId: 0, rows }]),
      ),
    ),
  );
  const unnestS = await timed(() =>
    rowsAt(Date.now() - 1_200_000, async (rows) => {
      await db.query(
        `insert into signal_values (equipment_id, variable_id, ts, num, txt, quality)
         select 0, v, t, n, null, 0 from unnest($1::bigint[], $2::timestamptz[], $3::float8[]) as u(v, t, n)
         on conflict do nothing`,
        [rows.map((r) => r.variableId), rows.map((r) => new Date(r.ts)), rows.map((r) => r.value)],
      );
    }),
  );
  const copyRate = (timestamps * perTs) / copyS;
  const unnestRate = (timestamps * perTs) / unnestS;

  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(
    `database: ${db.kind}; ${GATEWAYS} gateways × ${BATCHES} batches × ${ITEMS} time stamps × ${VARIABLES} variables = ${fmt(values)} values`,
  );
  console.log(
    `ingest over MQTT, end to end   ${fmt(ingestRate).padStart(10)} values/s (${ingestS.toFixed(2)} s)`,
  );
  console.log(`bare binary COPY, 20k batches ${fmt(copyRate).padStart(10)} rows/s (${copyS.toFixed(2)} s)`);
  console.log(
    `unnest insert, 20k batches    ${fmt(unnestRate).padStart(10)} rows/s (${unnestS.toFixed(2)} s)`,
  );
  console.log(
    `ingest/COPY = ${(ingestRate / copyRate).toFixed(2)}; ingest/unnest = ${(ingestRate / unnestRate).toFixed(2)}`,
  );
} finally {
  for (const c of clients) await c.endAsync();
  await p.stop();
}
