import { randomInt } from 'node:crypto';
import { checkPassword, type Lang } from '@fieldhub/shared';
import type { Db } from '../db/db';
import { hashPassword } from '../modules/auth/passwordHash';
import { blankAccountFields, insertAccount } from '../modules/accounts/accounts.repo';
import { insertDepartment, insertOrg, insertRole } from '../modules/org/org.repo';
import type { Clock } from '../clock';
import { asCaller, seedDemoDevices, type DemoGateway } from './demoDevices';
import { seedDemoProject } from './demoProject';
import { demoTexts } from './demoTexts';

const SEED_LOCK = 727_002;

/** A random password that satisfies the platform's own password rule. */
export function generatePassword(): string {
  const pools = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '_!@#$%*?'];
  for (;;) {
    const chars = Array.from({ length: 12 }, (_, i) => {
      const pool = pools[i % pools.length]!;
      return pool[randomInt(pool.length)]!;
    });
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const pw = chars.join('');
    if (checkPassword(pw) === null) return pw;
  }
}

export interface SeededLogins {
  operator: { loginname: string; password: string };
  admin: { loginname: string; password: string };
  /** MQTT logins of the demo gateways (for the simulated gateways) */
  gateways: DemoGateway[];
}

const blankAccount = { ...blankAccountFields, createdBy: null };

/**
 * On the first start of an empty database: the platform organisation with an operator account,
 * and a demo enterprise with its admin, a department and two roles, its devices and project, all
 * named in `lang` (config DEMO_LANG). `plantPort`: where the demo devices' drivers find the
 * simulated plant (config DEMO_PLANT_PORT). Returns the generated logins (shown once), or null
 * when the database already had data.
 */
export async function seedDemo(
  db: Db,
  clock: Clock,
  plantPort: number,
  lang: Lang,
): Promise<SeededLogins | null> {
  const texts = demoTexts[lang];
  return db.tx(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const [existing] = await tx.query<{ n: number }>('select count(*)::int as n from orgs');
    if ((existing?.n ?? 0) > 0) return null;

    const none = { contact: '', tel: '', address: '', remark: '', maxInternal: null, maxExternal: null };
    const platformId = await insertOrg(tx, 'platform', { ...none, name: texts.platform });
    const logins: SeededLogins = {
      operator: { loginname: 'operator', password: generatePassword() },
      admin: { loginname: 'demo-admin', password: generatePassword() },
      gateways: [],
    };
    const operatorId = await insertAccount(tx, {
      ...blankAccount,
      orgId: platformId,
      kind: 'operation',
      loginname: logins.operator.loginname,
      passwordHash: await hashPassword(logins.operator.password),
    });

    const demoId = await insertOrg(tx, 'enterprise', {
      ...none,
      name: texts.enterprise,
      contact: texts.contact,
    });
    const adminId = await insertAccount(tx, {
      ...blankAccount,
      orgId: demoId,
      kind: 'enterprise',
      loginname: logins.admin.loginname,
      passwordHash: await hashPassword(logins.admin.password),
    });
    await insertDepartment(tx, demoId, { name: texts.department, parentId: null, seq: 0, remark: '' });
    await insertRole(tx, demoId, {
      name: texts.roles.operator,
      roleType: 'operation',
      dataRange: 'org',
      permissions: [
        'monitor_view',
        'monitor_write',
        'monitor_multi_designer_alarm',
        'monitor_equipinfo_menu_alarm',
        'operation_log',
      ],
      remark: '',
    });
    await insertRole(tx, demoId, {
      name: texts.roles.viewer,
      roleType: 'operation',
      dataRange: 'org',
      permissions: ['monitor_view'],
      remark: '',
    });
    const demoAdmin = { accountId: adminId, orgId: demoId, loginname: logins.admin.loginname };
    logins.gateways = await seedDemoDevices(
      tx,
      clock,
      demoAdmin,
      {
        accountId: operatorId,
        orgId: platformId,
        loginname: logins.operator.loginname,
      },
      plantPort,
      texts,
    );
    // the demo project shows the devices live on configuration pages
    const devices = await tx.query<{ id: number }>('select id from equipment where org_id = $1 order by id', [
      demoId,
    ]);
    await seedDemoProject(
      tx,
      asCaller(demoAdmin, 'enterprise'),
      devices.map((d) => d.id),
      lang,
    );
    return logins;
  });
}
