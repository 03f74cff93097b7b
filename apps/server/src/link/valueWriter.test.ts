/**
 * The COPY path of telemetry storage (docs/requirements/gateway-link.md §10.2; issue 22 item 1):
 * odd values stored exactly, duplicates stored once, a failed commit not acknowledged (the batch
 * comes again), partitions made for any month; on PGlite and, in the services pass, PostgreSQL.
 */
import type { MqttClient } from 'mqtt';
import { TEXT_VALUE_MAX } from '@fieldhub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, makeEnterprise, startTestPlatform, type TestPlatform } from '../../test/harness';
import { modbusDriver, variable } from '../../test/deviceFixtures';
import { connectAsGateway, linkedDevice } from '../../test/gatewayFixtures';
import { loggedInOperator } from '../../test/platformFixtures';
import type { StoredValue } from './telemetryJudge';
import { COPY_ROWS_MAX, writerCounts, writeValues } from './valueWriter';

let p: TestPlatform;
const clients: MqttClient[] = [];

beforeAll(async () => {
  // embedded in the services pass too: a gateway whose uplink failed to commit is dropped by the
  // embedded broker (an external broker's way, the server withholding its acknowledgement, is
  // uplinkOutage.test.ts's)
  p = await startTestPlatform({ MQTT_PORT: '0' }, { link: true, embeddedBroker: true });
});
afterAll(async () => {
  for (const c of clients) await c.endAsync(true);
  await p.stop();
});

let nextVariable = 9_000_000;
const T = Date.UTC(2025, 5, 10, 8);

async function storedOf(variableId: number) {
  return p.ctx.db.query<{
    ms: number;
    num: number | null;
    txt: string | null;
    quality: number;
    equipment_id: number;
  }>(
    `select (extract(epoch from ts) * 1000)::int8 as ms, num, txt, quality, equipment_id
       from signal_values where variable_id = $1 order by ts`,
    [variableId],
  );
}

// a trigger that fails the commit of a transaction holding the value -424242 (deferred: checked at commit)
async function failCommitsOf(marker: number | null): Promise<void> {
  const { db } = p.ctx;
  await db.exec(`drop trigger if exists value_writer_test on signal_values;
                 drop function if exists value_writer_test_fail()`);
  if (marker === null) return;
  await db.exec(`create function value_writer_test_fail() returns trigger language plpgsql as $$
      begin
        if new.num = ${marker} then raise exception 'commit refused for the test'; end if;
        return null;
      end $$;
    create constraint trigger value_writer_test after insert on signal_values
      deferrable initially deferred for each row execute function value_writer_test_fail()`);
}

describe('values written by binary COPY', () => {
  it('stores texts with tabs, newlines, backslashes and unicode, nulls, long texts and extreme numbers exactly', async () => {
    const v = nextVariable++;
    const odd: (number | string | null)[] = [
      'a\tb\nc\r\\d\\N "q" \'s\'',
      '中文 ünïcödé 😀 \u2028',
      '\\.',
      '',
      '漢'.repeat(TEXT_VALUE_MAX),
      null,
      Number.MAX_VALUE,
      -Number.MIN_VALUE,
      -0,
      2 ** 53 + 2,
      -123.456e-7,
    ];
    const rows: StoredValue[] = odd.map((value, i) => ({
      variableId: v,
      ts: T + i,
      value,
      quality: value === null ? 1722 : i - 3,
    }));
    const before = writerCounts(p.ctx.db);
    await writeValues(p.ctx.db, 77, rows);
    // in one batch, not by the statement that stands in when a batch fails
    expect(writerCounts(p.ctx.db)).toEqual({
      ...before,
      copies: before.copies + 1,
      copiedRows: before.copiedRows + rows.length,
    });
    const stored = await storedOf(v);
    expect(stored.map((r) => r.ms)).toEqual(rows.map((r) => r.ts));
    // binary COPY keeps -0; PGlite's statement takes parameters as text, where -0 is "0"
    const sent = p.ctx.db.kind === 'postgres' ? odd : odd.map((x) => (Object.is(x, -0) ? 0 : x));
    expect(stored.map((r) => r.num ?? r.txt)).toEqual(sent);
    expect(stored.map((r) => r.quality)).toEqual(rows.map((r) => r.quality));
    expect(new Set(stored.map((r) => r.equipment_id))).toEqual(new Set([77]));
  });

  it('stores a value delivered twice once, keeping the first, whether the copies meet in one COPY or not', async () => {
    const v = nextVariable++;
    const batch = (value: number) =>
      Array.from({ length: 20 }, (_, i): StoredValue => ({
        variableId: v,
        ts: T + i * 1000,
        value,
        quality: 0,
      }));
    await writeValues(p.ctx.db, 1, batch(1));
    const before = writerCounts(p.ctx.db);
    // again later, and twice at once (the same turn: one COPY), and a batch overlapping half of it
    await Promise.all([
      writeValues(p.ctx.db, 1, batch(2)),
      writeValues(p.ctx.db, 1, batch(3)),
      writeValues(p.ctx.db, 1, [
        ...batch(4).slice(10),
        { variableId: v, ts: T + 99_000, value: 5, quality: 0 },
      ]),
    ]);
    // PostgreSQL: the copies' COPY failed on the stored values, so each uplink was stored alone
    // (PGlite's statement skips them at once)
    const postgres = p.ctx.db.kind === 'postgres';
    expect(writerCounts(p.ctx.db).storedAlone).toBe(before.storedAlone + (postgres ? 3 : 0));
    // the rows those uplinks held, the values stored before among them
    expect(writerCounts(p.ctx.db).aloneRows).toBe(before.aloneRows + (postgres ? 20 + 20 + 11 : 0));
    const stored = await storedOf(v);
    expect(stored).toHaveLength(21);
    expect(stored.slice(0, 20).every((r) => r.num === 1)).toBe(true);
    expect(stored[20]!.num).toBe(5);
  });

  it('makes the partitions of any month the values fall in, leap days and year ends included', async () => {
    const v = nextVariable++;
    const times = [
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2030, 11, 31, 23, 59, 59, 999),
      Date.UTC(2031, 0, 1),
      Date.UTC(1999, 11, 31, 12),
    ];
    await writeValues(
      p.ctx.db,
      1,
      times.map((ts) => ({ variableId: v, ts, value: 1, quality: 0 })),
    );
    const placed = await p.ctx.db.query<{ part: string }>(
      `select tableoid::regclass::text as part from signal_values where variable_id = $1 order by ts`,
      [v],
    );
    expect(placed.map((r) => r.part)).toEqual([
      'signal_values_y1999m12',
      'signal_values_y2024m02',
      'signal_values_y2030m12',
      'signal_values_y2031m01',
    ]);
  });

  it('commits many uplinks of many devices together, each resolving only once stored', async () => {
    const v = nextVariable;
    nextVariable += 30;
    const uplinks = Array.from({ length: 30 }, (_, d) =>
      Array.from({ length: 2_000 }, (_, i): StoredValue => ({
        variableId: v + d,
        ts: T + i,
        value: i,
        quality: 0,
      })),
    );
    // more rows than one COPY takes: the queue goes as several
    expect(uplinks.length * 2_000).toBeGreaterThan(COPY_ROWS_MAX);
    const before = writerCounts(p.ctx.db);
    await Promise.all(
      uplinks.map(async (rows, d) => {
        await writeValues(p.ctx.db, 1000 + d, rows);
        const [row] = await p.ctx.db.query<{ n: number }>(
          'select count(*)::int as n from signal_values where variable_id = $1',
          [v + d],
        );
        expect(row!.n).toBe(2_000);
      }),
    );
    const after = writerCounts(p.ctx.db);
    expect(after.copiedRows - before.copiedRows).toBe(60_000);
    expect(after.copies - before.copies).toBeGreaterThanOrEqual(2);
    expect(after.copies - before.copies).toBeLessThan(30);
  });

  it('refuses only the uplink whose commit fails; the others of its COPY are stored', async () => {
    const [bad, good] = [nextVariable++, nextVariable++];
    await failCommitsOf(-424242);
    try {
      const results = await Promise.allSettled([
        writeValues(p.ctx.db, 1, [{ variableId: good, ts: T, value: 1, quality: 0 }]),
        writeValues(p.ctx.db, 2, [
          { variableId: bad, ts: T, value: 2, quality: 0 },
          { variableId: bad, ts: T + 1, value: -424242, quality: 0 },
        ]),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
      expect(await storedOf(good)).toHaveLength(1);
      expect(await storedOf(bad)).toHaveLength(0);
    } finally {
      await failCommitsOf(null);
    }
  });
});

describe('telemetry over MQTT through the COPY path', () => {
  it('stores odd texts and non-finite numbers as before, and stores a batch whose commit failed once it comes again', async () => {
    const url = `mqtt://127.0.0.1:${p.ctx.link!.brokerPort}`;
    const admin = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Copy Path Works')).admin);
    const device = await linkedDevice(admin, await loggedInOperator(p), 'Copy line');
    const driverId = await modbusDriver(admin, device.owner);
    const level = await variable(admin, device.owner, driverId, 'level', {
      dataType: 'float64',
      address: '0',
    });
    const label = await variable(admin, device.owner, driverId, 'label', {
      dataType: 'string',
      stringLength: 64,
      address: '10',
    });
    // in service for a day: the samples below postdate its registration
    await p.ctx.db.query(`update gateways set registered_at = now() - interval '1 day' where sn = $1`, [
      device.sn,
    ]);
    // the gateway reconnects and sends what was not acknowledged, as the real one does
    const gw = await connectAsGateway(url, device.sn, device.mqttPassword, {
      reconnectPeriod: 50,
      clean: false,
    });
    clients.push(gw);
    const now = p.clock.now().getTime();
    const send = (seq: number, items: unknown[]) =>
      gw.publishAsync(
        `iiot/v1/${device.sn}/up/telemetry`,
        JSON.stringify({ v: 1, bootId: 'b', seq, items }),
        {
          qos: 1,
        },
      );

    await send(1, [
      { ts: now - 3000, vals: { [level]: 'NaN', [label]: 'tab\there\nline\\ 温度 ✓' } },
      { ts: now - 2000, vals: { [level]: 'Infinity', [label]: '' } },
      { ts: now - 1000, vals: { [level]: 12.5, [label]: 'x'.repeat(65) } },
    ]);
    expect((await storedOf(level)).map((r) => [r.num, r.quality])).toEqual([
      [null, 1722],
      [null, 1722],
      [12.5, 0],
    ]);
    expect((await storedOf(label)).map((r) => r.txt)).toEqual(['tab\there\nline\\ 温度 ✓', '']);

    await failCommitsOf(-424242);
    let acknowledged = false;
    const retried = send(2, [{ ts: now, vals: { [level]: -424242 } }]).then(() => (acknowledged = true));
    try {
      // refused: the broker drops the gateway's connection instead of acknowledging
      await new Promise<void>((resolve) => gw.once('close', () => resolve()));
      expect(acknowledged).toBe(false);
      expect(await storedOf(level)).toHaveLength(3);
    } finally {
      await failCommitsOf(null);
    }
    await retried;
    const stored = await storedOf(level);
    expect(stored).toHaveLength(4);
    expect(stored[3]).toMatchObject({ ms: now, num: -424242 });
  });
});
