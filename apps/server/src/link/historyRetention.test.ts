/**
 * History retention and partitions (docs/requirements/gateway-link.md §10.3; issue 22 item 5): the
 * next month's partitions made ahead, whole months dropped past the longest retention, older rows
 * of an enterprise keeping less deleted without touching another enterprise's; the setting on the
 * platform operator's enterprise form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../test/harness';
import { loggedInOperator } from '../../test/platformFixtures';
import { monthsBefore, runRetention } from './historyRetention';
import { monthPartitions } from './historyRetention.repo';
import { writeValues } from './valueWriter';

let p: TestPlatform;
let op: Caller;
beforeAll(async () => {
  // the scheduler's own runs stay out of the way: the test runs retention itself
  p = await startTestPlatform({ SCHEDULER_INTERVAL_MS: '86400000' });
  op = await loggedInOperator(p);
});
afterAll(async () => {
  await p.stop();
});

async function enterpriseWithDevice(name: string) {
  const { orgId, admin } = await makeEnterprise(p.ctx.db, name);
  const [device] = await p.ctx.db.query<{ id: number }>(
    `insert into equipment(org_id, name) values ($1, 'Retention line') returning id`,
    [orgId],
  );
  return { orgId, admin, device: device!.id };
}

const setRetention = (id: number, name: string, months: unknown) =>
  op.post('/lfscada/org/edit', { id, name, historyRetentionMonths: months });

describe('history retention', () => {
  it('is set per enterprise by the platform operator, 1 to 120 months, kept when an edit leaves it out', async () => {
    const { orgId, admin } = await enterpriseWithDevice('Keep Short Co');
    const months = async () =>
      (await op.post<{ historyRetentionMonths: number }>('/lfscada/org/info', { id: orgId })).body.data
        .historyRetentionMonths;
    expect(await months()).toBe(36);
    expect((await setRetention(orgId, 'Keep Short Co', 3)).body.code).toBe('200');
    expect(await months()).toBe(3);
    expect(
      (await op.post('/lfscada/org/edit', { id: orgId, name: 'Keep Short Co', remark: 'x' })).body.code,
    ).toBe('200');
    expect(await months()).toBe(3);
    for (const bad of [0, 121, 2.5, 'many']) {
      const res = await setRetention(orgId, 'Keep Short Co', bad);
      expect(res.body.code).toBe('10001');
    }
    expect(await months()).toBe(3);
    // the enterprise's own admin cannot change it
    const own = await loggedIn(p.app, admin, 'zh-CN');
    const refused = await own.post('/lfscada/org/edit', {
      id: orgId,
      name: 'Keep Short Co',
      historyRetentionMonths: 120,
    });
    expect(refused.body.code).not.toBe('200');
    expect(await months()).toBe(3);
  });

  it('makes next month ahead, drops months past the longest retention, deletes only the shorter-keeping enterprise’s older rows', async () => {
    const short = await enterpriseWithDevice('Two Months Co');
    const long = await enterpriseWithDevice('Six Months Co');
    expect((await setRetention(short.orgId, 'Two Months Co', 2)).body.code).toBe('200');
    expect((await setRetention(long.orgId, 'Six Months Co', 6)).body.code).toBe('200');
    // every other enterprise of this database keeps at most 6 months too
    await p.ctx.db.query(
      `update orgs set history_retention_months = 6 where kind = 'enterprise' and id not in ($1, $2)`,
      [short.orgId, long.orgId],
    );
    const now = p.clock.now();
    const ages = [0, 3, 5, 8]; // months back
    const at = (age: number) => monthsBefore(now, age).getTime() + 3_600_000;
    for (const [i, e] of [short, long].entries())
      await writeValues(
        p.ctx.db,
        e.device,
        ages.map((age) => ({ variableId: 5_000_000 + i, ts: at(age), value: age, quality: 0 })),
      );

    const run = await runRetention(p.ctx.db, p.clock);

    const name = (age: number) => {
      const d = monthsBefore(now, age);
      return `signal_values_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    const parts = (await monthPartitions(p.ctx.db, 'signal_values')).map((x) => x.name);
    expect(parts).toContain(name(-1));
    expect(parts).not.toContain(name(8));
    expect(run.dropped).toContain(name(8));
    expect((await monthPartitions(p.ctx.db, 'report_records')).map((x) => x.name)).toContain(
      name(-1).replace('signal_values', 'report_records'),
    );
    const kept = async (variableId: number) =>
      (
        await p.ctx.db.query<{ num: number }>(
          'select num from signal_values where variable_id = $1 order by ts desc',
          [variableId],
        )
      ).map((r) => r.num);
    expect(await kept(5_000_000)).toEqual([0]);
    expect(await kept(5_000_001)).toEqual([0, 3, 5]);
    expect(run.deleted).toBe(2);

    // a second run finds nothing more to do
    expect(await runRetention(p.ctx.db, p.clock)).toEqual({ dropped: [], deleted: 0 });
  });
});
