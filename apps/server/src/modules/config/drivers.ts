import { AppError, DRIVER_SECRET_FIELDS, Err, type DriverInput, type DriverRow } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import {
  checkCapacity,
  nameTakenIn,
  recordChange,
  resolveOwner,
  type ConfigOwner,
  type OwnerInput,
} from './configOwner';

/** Stored settings: everything of the form but the common columns. */
function settingsOf(d: DriverInput): Record<string, unknown> {
  const { name: _n, brand: _b, model: _m, protocol: _p, ...settings } = d;
  return settings;
}

/** Secrets stay on the server: the browser sees whether one is set, never its value. */
export function maskDriverSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const out = { ...settings };
  for (const field of DRIVER_SECRET_FIELDS) if (out[field]) out[field] = '******';
  return out;
}

export async function listDrivers(db: Db, auth: AuthContext, input: OwnerInput): Promise<DriverRow[]> {
  const owner = await resolveOwner(db, auth, input);
  const rows = await db.query<DriverRow>(
    `select d.id, d.name, d.protocol, d.brand, d.model, d.settings, d.seq,
            (select count(*)::int from variables v where v.driver_id = d.id) as "variableCount"
       from drivers d where d.${owner.column} = $1 order by d.seq, d.id`,
    [owner.id],
  );
  return rows.map((r) => ({ ...r, settings: maskDriverSettings(r.settings) }));
}

/** A driver of the owner, or 1504. */
export async function ownedDriver(db: Db, owner: ConfigOwner, id: number) {
  const row = await one<{ id: number; protocol: DriverInput['protocol']; settings: Record<string, unknown> }>(
    db,
    `select id, protocol, settings from drivers where id = $1 and ${owner.column} = $2`,
    [id, owner.id],
  );
  if (!row) throw new AppError(Err.driverMissing);
  return row;
}

/** Keeps a stored secret when the form sends the mask or nothing back. */
function keepSecrets(next: Record<string, unknown>, previous: Record<string, unknown>) {
  for (const field of DRIVER_SECRET_FIELDS) {
    if (next[field] === '******' || (next[field] === '' && previous[field])) next[field] = previous[field];
  }
  return next;
}

export async function addDriver(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  d: DriverInput,
  ip: string,
): Promise<number> {
  return db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'driver');
    // setup order: a device needs its gateway before drivers (docs/requirements/devices-and-gateways.md §4.2)
    if (owner.kind === 'equipment' && !owner.hasGateway) throw new AppError(Err.gatewayBeforeDriver);
    if (await nameTakenIn(tx, owner, 'drivers', d.name, null)) throw new AppError(Err.driverNameExists);
    await checkCapacity(tx, owner, 'drivers');
    const [row] = await tx.query<{ id: number }>(
      `insert into drivers(org_id, ${owner.column}, name, protocol, brand, model, settings, seq)
       values ($1, $2, $3, $4, $5, $6, $7, (select coalesce(max(seq), 0) + 1 from drivers where ${owner.column} = $2)) returning id`,
      [owner.orgId, owner.id, d.name, d.protocol, d.brand, d.model, settingsOf(d)],
    );
    await recordChange(tx, auth, ip, owner, 'driver.add', { name: d.name });
    return row!.id;
  });
}

export async function editDriver(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  id: number,
  d: DriverInput,
  ip: string,
) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'driver');
    const current = await ownedDriver(tx, owner, id);
    // variables are addressed in the driver's protocol; changing it would orphan their addresses
    if (current.protocol !== d.protocol) {
      const [used] = await tx.query<{ n: number }>(
        'select count(*)::int as n from variables where driver_id = $1',
        [id],
      );
      if ((used?.n ?? 0) > 0) throw new AppError(Err.inUseCannotDelete);
    }
    if (await nameTakenIn(tx, owner, 'drivers', d.name, id)) throw new AppError(Err.driverNameExists);
    await tx.query(
      'update drivers set name = $2, protocol = $3, brand = $4, model = $5, settings = $6 where id = $1',
      [id, d.name, d.protocol, d.brand, d.model, keepSecrets(settingsOf(d), current.settings)],
    );
    await recordChange(tx, auth, ip, owner, 'driver.edit', { driverId: id });
  });
}

/** Deleting a driver deletes its variables (and their alarm rules and report items). */
export async function deleteDriver(db: Db, auth: AuthContext, input: OwnerInput, id: number, ip: string) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'driver');
    await ownedDriver(tx, owner, id);
    await tx.query('delete from drivers where id = $1', [id]);
    await recordChange(tx, auth, ip, owner, 'driver.delete', { driverId: id });
  });
}
