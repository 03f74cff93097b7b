import {
  loggedIn,
  makeEnterprise,
  makePlatformOperator,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from './harness';

/** What most API test files start from: a fresh platform with one enterprise. */
export interface EnterprisePlatform {
  p: TestPlatform;
  /** the enterprise and its admin account */
  enterprise: { orgId: number; adminId: number; admin: string };
  /** the enterprise's admin, logged in (en-US) */
  admin: Caller;
}

/** Starts a fresh platform with an enterprise named `name` and logs its admin in. */
export async function startEnterprisePlatform(name: string): Promise<EnterprisePlatform> {
  const p = await startTestPlatform();
  const enterprise = await makeEnterprise(p.ctx.db, name);
  return { p, enterprise, admin: await loggedIn(p.app, enterprise.admin) };
}

/**
 * What device tests start from: a fresh platform with an enterprise whose admin is logged in,
 * and the platform's operator, who registers the gateways its devices bind.
 */
export async function startDevicePlatform(name: string): Promise<EnterprisePlatform & { operator: Caller }> {
  const platform = await startEnterprisePlatform(name);
  return { ...platform, operator: await loggedInOperator(platform.p) };
}

/** The platform's operator (who registers gateways and runs enterprises), logged in (en-US). */
export async function loggedInOperator(p: TestPlatform): Promise<Caller> {
  return loggedIn(p.app, (await makePlatformOperator(p.ctx.db)).operator);
}

/** The admin of another enterprise named `name`, logged in (en-US). */
export async function otherEnterpriseAdmin(p: TestPlatform, name: string): Promise<Caller> {
  return loggedIn(p.app, (await makeEnterprise(p.ctx.db, name)).admin);
}
