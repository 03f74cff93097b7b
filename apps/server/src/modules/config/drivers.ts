import { AppError, DRIVER_SECRET_FIELDS, Err, type DriverInput, type DriverRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { addConfigRow, ownedConfigRow, type ConfigAreaDescriptor } from './configArea';
import type { ConfigOwner, OwnerInput } from './configOwner';
import * as repo from './drivers.repo';

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

/** Keeps a stored secret when the form sends the mask or nothing back. */
function keepSecrets(next: Record<string, unknown>, previous: Record<string, unknown>) {
  for (const field of DRIVER_SECRET_FIELDS) {
    if (next[field] === '******' || (next[field] === '' && previous[field])) next[field] = previous[field];
  }
  return next;
}

/** Drivers (docs/requirements/device-configuration.md §2). */
export const driverArea: ConfigAreaDescriptor<DriverInput, DriverRow, object, repo.StoredDriver> = {
  area: 'driver',
  table: 'drivers',
  counted: 'drivers',
  uniqueName: { of: (d) => d.name, taken: Err.driverNameExists },
  missing: Err.driverMissing,
  addedDetail: (d) => ({ name: d.name }),
  idKey: 'driverId',
  list: async (db, owner) =>
    (await repo.driversOf(db, owner)).map((r) => ({ ...r, settings: maskDriverSettings(r.settings) })),
  find: repo.driverOf,
  insert: (db, owner, d) => repo.insertDriver(db, owner, d, settingsOf(d)),
  update: (db, id, d, current) => repo.updateDriver(db, id, d, keepSecrets(settingsOf(d), current.settings)),
  remove: repo.deleteDriver,
  async check(db, owner, d, current) {
    // setup order: a device needs its gateway before drivers (docs/requirements/devices-and-gateways.md §4.2)
    if (!current && owner.kind === 'equipment' && !owner.hasGateway)
      throw new AppError(Err.gatewayBeforeDriver);
    // variables are addressed in the driver's protocol; changing it would orphan their addresses
    if (current && current.protocol !== d.protocol && (await repo.variablesUsingDriver(db, current.id)) > 0)
      throw new AppError(Err.inUseCannotDelete);
  },
};

/** A driver of the owner, or 1504. */
export const ownedDriver = (db: Db, owner: ConfigOwner, id: number) =>
  ownedConfigRow(driverArea, db, owner, id);

export const addDriver = (db: Db, auth: AuthContext, input: OwnerInput, d: DriverInput, ip: string) =>
  addConfigRow(driverArea, db, auth, input, d, ip);
