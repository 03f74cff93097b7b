import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, makeEnterprise, type Caller, type TestPlatform } from '../../../test/harness';
import { made, send } from '../../../test/deviceFixtures';
import { startEnterprisePlatform } from '../../../test/platformFixtures';

const base = '/lfscada/equipment/group';

let p: TestPlatform;
let orgId: number;
let admin: Caller;

beforeAll(async () => {
  ({
    p,
    admin,
    enterprise: { orgId },
  } = await startEnterprisePlatform('Acme Farms'));
});
afterAll(() => p.stop());

const add = (name: string, parentId: number | null = null) =>
  send<{ id: number }>(admin, `${base}/add`, { name, parentId });
const addOk = async (name: string, parentId: number | null = null) =>
  (await made(admin, `${base}/add`, { name, parentId })).id;
const edit = (id: number, name: string, parentId: number | null) =>
  send(admin, `${base}/edit`, { id, name, parentId });
const parentOf = async (id: number) =>
  (
    await p.ctx.db.query<{ parent_id: number | null }>(
      'select parent_id from equipment_groups where id = $1',
      [id],
    )
  )[0]?.parent_id;

/** A chain of `levels` nested groups under `parentId`; returns their ids from the top down. */
async function chain(prefix: string, levels: number, parentId: number | null = null): Promise<number[]> {
  const ids: number[] = [];
  for (let level = 1; level <= levels; level++)
    ids.push(await addOk(`${prefix} ${level}`, ids.at(-1) ?? parentId));
  return ids;
}

describe('group tree depth', () => {
  it('nests groups 10 levels deep and refuses an 11th level with 1201', async () => {
    const levels = await chain('Depth', 10);
    expect(await add('Depth 11', levels[9]!)).toMatchObject({
      code: '1201',
      message: 'Groups can be nested at most 10 levels deep',
      data: null,
    });
    const [row] = await p.ctx.db.query('select count(*)::int as n from equipment_groups where name = $1', [
      'Depth 11',
    ]);
    expect(row).toEqual({ n: 0 });
  });

  it('refuses moving a subtree under a group where its lowest level would be the 11th', async () => {
    const deep = await chain('Deep', 9);
    const [top, child] = await chain('Movable', 2);
    expect((await edit(top!, 'Movable 1', deep[8]!)).code).toBe('1201');
    expect(await parentOf(top!)).toBeNull();
    // one level higher the subtree ends on level 10
    expect((await edit(top!, 'Movable 1', deep[7]!)).code).toBe('200');
    expect(await parentOf(top!)).toBe(deep[7]);
    expect(await parentOf(child!)).toBe(top);
  });
});

describe('children per parent', () => {
  it('holds 500 children under one parent and refuses the 501st with 1202', async () => {
    const parent = await addOk('Crowded');
    await p.ctx.db.query(
      `insert into equipment_groups(org_id, parent_id, name) select $1, $2, 'Pen ' || g from generate_series(1, 499) g`,
      [orgId, parent],
    );
    expect((await add('Pen 500', parent)).code).toBe('200');
    expect(await add('Pen 501', parent)).toMatchObject({
      code: '1202',
      message: 'A group can have at most 500 child nodes',
    });
    const loose = await addOk('Loose pen');
    expect((await edit(loose, 'Loose pen', parent)).code).toBe('1202');
    expect(await parentOf(loose)).toBeNull();
    // renaming a child of the full parent in place is fine
    const [child] = await p.ctx.db.query<{ id: number }>('select id from equipment_groups where name = $1', [
      'Pen 7',
    ]);
    expect((await edit(child!.id, 'Pen seven', parent)).code).toBe('200');
  });
});

describe('group names', () => {
  it('accepts 30 characters and refuses 31 with 10001 naming the field', async () => {
    expect((await add('n'.repeat(30))).code).toBe('200');
    const long = await add('n'.repeat(31));
    expect(long.code).toBe('10001');
    expect(long.message).toMatch(/^Parameter check failed: name:/);
  });

  it('refuses a name that exists under the same parent with 2103, in any letter case', async () => {
    const barn = await addOk('Barn');
    await addOk('Stalls', barn);
    expect(await add('STALLS', barn)).toMatchObject({ code: '2103', message: 'Group name already exists' });
    const hay = await addOk('Hay', barn);
    expect((await edit(hay, 'stalls', barn)).code).toBe('2103');
    expect((await add('barn')).code).toBe('2103');
  });

  it('allows the same name under another parent', async () => {
    const east = await addOk('East');
    const west = await addOk('West');
    await addOk('Pump room', east);
    expect((await add('Pump room', west)).code).toBe('200');
  });
});

describe('parents', () => {
  it('refuses a group as its own parent or under one of its descendants with 1203', async () => {
    const [a, b, c] = await chain('Loop', 3);
    expect(await edit(a!, 'Loop 1', a!)).toMatchObject({
      code: '1203',
      message: 'Invalid parent group: not itself or one of its subgroups',
    });
    expect((await edit(a!, 'Loop 1', c!)).code).toBe('1203');
    expect((await edit(b!, 'Loop 2', c!)).code).toBe('1203');
    expect(await parentOf(a!)).toBeNull();
    expect(await parentOf(b!)).toBe(a);
  });

  it('refuses a parent of another enterprise or one that does not exist with 1203', async () => {
    const other = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Other Farms')).admin);
    const theirs = (await made(other, `${base}/add`, { name: 'Their barn' })).id;
    expect((await add('Under theirs', theirs)).code).toBe('1203');
    expect((await add('Under nothing', 987654)).code).toBe('1203');
    const mine = await addOk('Mine');
    expect((await edit(mine, 'Mine', theirs)).code).toBe('1203');
    expect(await parentOf(mine)).toBeNull();
  });
});

describe('listing and deleting groups', () => {
  it('lists the tree flat with parents and device counts, larger sort order first', async () => {
    const site = (await made(admin, `${base}/add`, { name: 'Site', seq: 900 })).id;
    const line = await addOk('Line', site);
    await made(admin, '/lfscada/equipment/multi/add', { name: 'Sorter', groupId: line });
    const list = await made<{ id: number; parentId: number | null; name: string; deviceCount: number }[]>(
      admin,
      `${base}/query`,
    );
    expect(list[0]).toMatchObject({ id: site, parentId: null, name: 'Site', deviceCount: 0 });
    expect(list.find((g) => g.id === line)).toMatchObject({ parentId: site, deviceCount: 1 });
    // the device list filters by a group and, by default, its subgroups
    const devices = (withSubgroups: boolean) =>
      made<{ list: { name: string }[] }>(admin, '/lfscada/equipment/multi/query', {
        groupId: site,
        withSubgroups,
      });
    expect((await devices(true)).list.map((d) => d.name)).toEqual(['Sorter']);
    expect((await devices(false)).list).toEqual([]);
  });

  it('refuses deleting a group with subgroups or devices with 10004 and deletes an empty one', async () => {
    const yard = await addOk('Yard');
    const shed = await addOk('Shed', yard);
    const { id: tractor } = await made(admin, '/lfscada/equipment/multi/add', {
      name: 'Tractor',
      groupId: shed,
    });
    expect(await send(admin, `${base}/delete`, { id: yard })).toMatchObject({
      code: '10004',
      message: 'It is in use and cannot be deleted',
    });
    expect((await send(admin, `${base}/delete`, { id: shed })).code).toBe('10004');
    await made(admin, '/lfscada/equipment/multi/edit', { id: tractor, name: 'Tractor', groupId: null });
    expect((await send(admin, `${base}/delete`, { id: shed })).code).toBe('200');
    expect((await send(admin, `${base}/delete`, { id: yard })).code).toBe('200');
    expect(await parentOf(yard)).toBeUndefined();
    expect((await send(admin, `${base}/delete`, { id: yard })).code).toBe('90002');
  });
});
