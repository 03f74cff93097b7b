/**
 * Cost of the session and permission guard: rate of an authenticated call that loads the session
 * (GET /lfscada/user/info) against a public call without database work (loadStyle), both
 * through the full HTTP stack of one server, in the same run. Reported as a ratio.
 */
import { Caller, loggedIn, makeEnterprise, startTestPlatform } from '../apps/server/test/harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3000);

async function rate(label: string, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await fn(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) await fn();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const perSecond = ROUNDS / seconds;
  console.log(`${label.padEnd(44)} ${perSecond.toFixed(0).padStart(8)} calls/s`);
  return perSecond;
}

const p = await startTestPlatform();
try {
  p.ctx.clock = { now: () => new Date() };
  const { admin } = await makeEnterprise(p.ctx.db, 'Bench Works');
  const user = await loggedIn(p.app, admin);
  const anonymous = new Caller(p.app);
  const baseline = await rate('public call (loadStyle), baseline', () =>
    anonymous.post('/lfscada/style/loadStyle'),
  );
  const guarded = await rate('session + user info (user/info)', () => user.get('/lfscada/user/info'));
  console.log(`database: ${p.ctx.db.kind}; guarded/baseline = ${(guarded / baseline).toFixed(2)}`);
} finally {
  await p.stop();
}
