import type { Db } from '../../db/db';

/** An account an alarm of a device is sent to, with its contact addresses. */
export interface AlarmRecipient {
  accountId: number;
  loginname: string;
  tel: string;
  email: string;
}

/**
 * The accounts authorised on a device (docs/requirements/messages.md §2.1): its owner, the enterprise
 * admin(s) and the accounts given access through equipment_auth. Disabled accounts are left out, and so is
 * every account of another enterprise. Internal accounts that see the device only through their role's
 * data range are not told: authorisation decides who gets alarm messages, so cancelling it
 * stops them (docs/requirements/organisations-roles-permissions.md §7.3).
 */
export async function alarmRecipients(db: Db, equipmentId: number): Promise<AlarmRecipient[]> {
  return db.query<AlarmRecipient>(
    `select a.id as "accountId", a.loginname, a.tel, a.email
       from equipment e
       join accounts a on a.org_id = e.org_id
      where e.id = $1 and not a.disabled
        and (a.id = e.owner_account_id
             or a.kind = 'enterprise'
             or exists (select 1 from equipment_auth ea where ea.equipment_id = e.id and ea.account_id = a.id))
      order by a.id`,
    [equipmentId],
  );
}
