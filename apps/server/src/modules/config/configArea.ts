import { AppError } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import {
  checkCapacity,
  recordChange,
  resolveOwner,
  type ConfigArea,
  type ConfigOwner,
  type OwnerInput,
} from './configOwner';
import { nameTakenIn, ownerRowIn, type ConfigTable, type CountedArea } from './configOwner.repo';

/**
 * One area of a device's or template's configuration (docs/requirements/device-configuration.md
 * §2–§6): what the generic list, add, edit and delete below need to know of it. `Item` is the
 * form, `Row` a listed row, `Filter` the list call's own filters, `Current` what an edit reads of
 * the stored row.
 */
export interface ConfigAreaDescriptor<Item, Row, Filter = object, Current = { id: number }> {
  /** the area as the template lock knows it, and the prefix of its operation-log actions */
  area: ConfigArea;
  table: ConfigTable;
  /** the series capacity an add counts against; absent when the area is not counted */
  counted?: CountedArea;
  /** names unique per owner (case-insensitive): the item's name and the error of a taken one */
  uniqueName?: { of: (item: Item) => string; taken: number };
  /** the error of an id that is not one of the owner's rows */
  missing: number;
  /** operation-log detail of an add */
  addedDetail: (item: Item, id: number) => Record<string, unknown>;
  /** operation-log detail key naming the row of an edit or a delete (`driverId`, `ruleId`, ...) */
  idKey: string;

  list: (db: Db, owner: ConfigOwner, filter: Filter) => Promise<Row[]>;
  /** the owner's row with what an edit needs of it; default: whether the table has it */
  find?: (db: Db, owner: ConfigOwner, id: number) => Promise<Current | undefined>;
  insert: (db: Db, owner: ConfigOwner, item: Item) => Promise<number>;
  update: (db: Db, id: number, item: Item, current: Current) => Promise<void>;
  /** deletes one row; absent when the area's delete call names several (variables) */
  remove?: (db: Db, id: number) => Promise<void>;

  /** the area's own rules, before the name check; `current` is the stored row on edit, null on add */
  check?: (db: Db, owner: ConfigOwner, item: Item, current: Current | null) => Promise<void>;
  /** capacities beyond the area's own count, after it on add and after the name check on edit */
  extraCapacity?: (db: Db, owner: ConfigOwner, item: Item, current: Current | null) => Promise<void>;
}

/** The owner's row of the area, or the area's missing-row error (another owner's id reads as missing). */
export async function ownedConfigRow<Item, Row, Filter, Current>(
  area: ConfigAreaDescriptor<Item, Row, Filter, Current>,
  db: Db,
  owner: ConfigOwner,
  id: number,
): Promise<Current> {
  // an area without `find` reads no more than the id (its Current is the default `{ id }`)
  const row = area.find
    ? await area.find(db, owner, id)
    : ((await ownerRowIn(db, owner, area.table, id)) as Current | undefined);
  if (!row) throw new AppError(area.missing);
  return row;
}

async function requireFreeName<Item, Row, Filter, Current>(
  area: ConfigAreaDescriptor<Item, Row, Filter, Current>,
  db: Db,
  owner: ConfigOwner,
  item: Item,
  exceptId: number | null,
): Promise<void> {
  if (!area.uniqueName) return;
  if (await nameTakenIn(db, owner, area.table, area.uniqueName.of(item), exceptId))
    throw new AppError(area.uniqueName.taken);
}

export async function listConfigRows<Item, Row, Filter, Current>(
  area: ConfigAreaDescriptor<Item, Row, Filter, Current>,
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  filter: Filter,
): Promise<Row[]> {
  const owner = await resolveOwner(db, auth, input);
  return area.list(db, owner, filter);
}

/** Adds a row: own rules, free name, capacity, insert, then the owner's version and the operation log. */
export function addConfigRow<Item, Row, Filter, Current>(
  area: ConfigAreaDescriptor<Item, Row, Filter, Current>,
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  item: Item,
  ip: string,
): Promise<number> {
  return db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, area.area);
    await area.check?.(tx, owner, item, null);
    await requireFreeName(area, tx, owner, item, null);
    if (area.counted) await checkCapacity(tx, owner, area.counted);
    await area.extraCapacity?.(tx, owner, item, null);
    const id = await area.insert(tx, owner, item);
    await recordChange(tx, auth, ip, owner, `${area.area}.add`, area.addedDetail(item, id));
    return id;
  });
}

/** Edits an owned row: own rules, free name, capacities, update, then version and operation log. */
export async function editConfigRow<Item, Row, Filter, Current>(
  area: ConfigAreaDescriptor<Item, Row, Filter, Current>,
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  id: number,
  item: Item,
  ip: string,
): Promise<void> {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, area.area);
    const current = await ownedConfigRow(area, tx, owner, id);
    await area.check?.(tx, owner, item, current);
    await requireFreeName(area, tx, owner, item, id);
    await area.extraCapacity?.(tx, owner, item, current);
    await area.update(tx, id, item, current);
    await recordChange(tx, auth, ip, owner, `${area.area}.edit`, { [area.idKey]: id });
  });
}

/** Deletes an owned row, then bumps the owner's version and writes the operation log. */
export async function deleteConfigRow<Item, Row, Filter, Current>(
  area: ConfigAreaDescriptor<Item, Row, Filter, Current> &
    Required<Pick<ConfigAreaDescriptor<Item, Row, Filter, Current>, 'remove'>>,
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  id: number,
  ip: string,
): Promise<void> {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, area.area);
    await ownedConfigRow(area, tx, owner, id);
    await area.remove(tx, id);
    await recordChange(tx, auth, ip, owner, `${area.area}.delete`, { [area.idKey]: id });
  });
}
