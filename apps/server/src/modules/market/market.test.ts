import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPage, makeSymbol, symbolFile, type PageDocument } from '@fieldhub/hmi';
import type { SymbolRow, PageTemplateRow } from '@fieldhub/shared';
import {
  loggedIn,
  makeEnterprise,
  makePlatformOperator,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import { made, role, send, subAccount } from '../../../test/deviceFixtures';

/**
 * Symbols and the configuration market (docs/requirements/pages-and-designer.md §12.2–§12.3,
 * back-office.md §6) through HTTP and a real database: symbols per enterprise (another's answers
 * 90002, names unique 2132), templates written only by the platform operator (names unique 2133)
 * and read by every enterprise; bad files answer 1906 and store nothing.
 */

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let p: TestPlatform;
let acme: Caller;
let acmeZh: Caller;
let zeta: Caller;
let operator: Caller;
/** an Acme account with monitor_view only: places symbols, cannot save or delete them */
let viewer: Caller;

function page(): PageDocument {
  const doc = emptyPage();
  const rect = {
    id: 'r1',
    widgetType: 'ShapeRect',
    position: { x: 40, y: 30, width: 100, height: 60 },
    data: { signalId: '7', equipId: '3', title: 'speed', subTitle: 'Pump' },
  };
  return { ...doc, widgets: [rect as unknown as PageDocument['widgets'][number]] };
}

/** a valid page, parsed by the server's own rules (defaults filled) */
const pageDoc = (): Record<string, unknown> => JSON.parse(JSON.stringify(page()));

beforeAll(async () => {
  p = await startTestPlatform();
  const a = await makeEnterprise(p.ctx.db, 'Acme Market');
  acme = await loggedIn(p.app, a.admin);
  acmeZh = await loggedIn(p.app, a.admin, 'zh-CN');
  zeta = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Zeta Market')).admin);
  operator = await loggedIn(p.app, (await makePlatformOperator(p.ctx.db, 'market-op')).operator);
  const viewRole = await role(acme, 'Market viewers', ['monitor_view']);
  await subAccount(acme, { segment: 'int', loginname: 'acme-market-viewer', roleId: viewRole });
  viewer = await loggedIn(p.app, 'acme-market-viewer');
}, 60_000);

afterAll(async () => {
  await p?.stop();
});

const SYM = '/lfscada/configuration/symbol';
const MKT = '/lfscada/configuration/market';

async function symbolOf(name: string) {
  const { parsePage } = await import('@fieldhub/hmi');
  const parsed = parsePage(pageDoc());
  if (!parsed.ok) throw new Error('test page invalid');
  return symbolFile(name, makeSymbol(parsed.page, ['r1'])!);
}

describe('symbols', () => {
  it('saves a symbol for the enterprise, lists and reads it; another enterprise sees nothing', async () => {
    const row = await made<SymbolRow>(acme, `${SYM}/add`, { name: 'Pump face', file: await symbolOf('x') });
    expect(row).toMatchObject({ name: 'Pump face', widgetCount: 1, placeholderCount: 1 });
    const listed = await made<SymbolRow[]>(viewer, `${SYM}/query`);
    expect(listed.map((s) => s.name)).toContain('Pump face');
    const info = await made<{ file: { name: string; placeholders: unknown[] } }>(viewer, `${SYM}/info`, {
      id: row.id,
    });
    expect(info.file).toMatchObject({
      kind: 'fieldhub.symbol',
      name: 'Pump face',
      placeholders: [{ name: 'speed' }],
    });

    expect(await made<SymbolRow[]>(zeta, `${SYM}/query`)).toEqual([]);
    expect((await send(zeta, `${SYM}/info`, { id: row.id })).code).toBe('90002');
    expect((await send(zeta, `${SYM}/delete`, { id: row.id })).code).toBe('90002');
    expect((await made<SymbolRow[]>(acme, `${SYM}/query`)).map((s) => s.id)).toContain(row.id);
  });

  it('refuses a second symbol of the same name with 2132, in the caller language', async () => {
    await made(acme, `${SYM}/add`, { name: 'Valve', file: await symbolOf('v') });
    const again = await send(acmeZh, `${SYM}/add`, { name: 'Valve', file: await symbolOf('v') });
    expect(again.code).toBe('2132');
    expect(again.message).toMatch(/[\u4e00-\u9fff]/);
    // the same name in another enterprise is its own
    expect((await send(zeta, `${SYM}/add`, { name: 'Valve', file: await symbolOf('v') })).code).toBe('200');
  });

  it('refuses a bad symbol file with 1906 naming the problem and stores nothing', async () => {
    const before = (await made<SymbolRow[]>(acme, `${SYM}/query`)).length;
    const notSymbol = await send(acme, `${SYM}/add`, { name: 'Bad', file: pageDoc() });
    expect(notSymbol.code).toBe('1906');
    expect(notSymbol.message).toContain('not a symbol file');
    const file = await symbolOf('b');
    const broken = await send(acme, `${SYM}/add`, {
      name: 'Bad',
      file: { ...file, page: { ...file.page, widgets: [{ id: 'q', widgetType: 'Nope' }] } },
    });
    expect(broken.code).toBe('1906');
    expect(broken.message).toContain('widgetType');
    expect((await send(acme, `${SYM}/add`, { name: 'Bad', file: { ...file, placeholders: [] } })).code).toBe(
      '1906',
    );
    expect((await made<SymbolRow[]>(acme, `${SYM}/query`)).length).toBe(before);
  });

  it('lets an account without a designing permission place symbols but not save or delete them', async () => {
    expect((await send(viewer, `${SYM}/add`, { name: 'Mine', file: await symbolOf('m') })).code).toBe(
      '90008',
    );
    const [first] = await made<SymbolRow[]>(acme, `${SYM}/query`);
    expect((await send(viewer, `${SYM}/delete`, { id: first!.id })).code).toBe('90008');
    expect((await send(acme, `${SYM}/delete`, { id: first!.id })).code).toBe('200');
    expect((await made<SymbolRow[]>(acme, `${SYM}/query`)).map((s) => s.id)).not.toContain(first!.id);
  });
});

describe('configuration market', () => {
  it('publishes a template as the operator; every enterprise lists and reads it', async () => {
    const row = await made<PageTemplateRow>(operator, `${MKT}/add`, {
      name: 'Pump station',
      description: 'Two pumps and a tank',
      cover: `data:image/png;base64,${PNG}`,
      document: {
        ...pageDoc(),
        options: { ...page().options, equipmentId: '3', checkpwd: true, password: 'x' },
      },
    });
    expect(row).toMatchObject({
      name: 'Pump station',
      widgetCount: 1,
      cover: `data:image/png;base64,${PNG}`,
    });
    for (const caller of [acme, zeta, viewer]) {
      expect((await made<PageTemplateRow[]>(caller, `${MKT}/query`, {})).map((t) => t.name)).toContain(
        'Pump station',
      );
    }
    const info = await made<{ document: PageDocument }>(zeta, `${MKT}/info`, { id: row.id });
    expect(info.document.widgets).toHaveLength(1);
    // the source's owner and protection do not travel with the template
    expect(info.document.options).toMatchObject({
      equipmentId: '',
      checkpwd: false,
      password: '',
      title: 'Pump station',
    });
  });

  it('lets only the platform operator write templates', async () => {
    const body = { name: 'Enterprise made', document: pageDoc() };
    expect((await send(acme, `${MKT}/add`, body)).code).toBe('90008');
    const [first] = await made<PageTemplateRow[]>(acme, `${MKT}/query`, {});
    expect((await send(acme, `${MKT}/edit`, { ...body, id: first!.id })).code).toBe('90008');
    expect((await send(zeta, `${MKT}/delete`, { id: first!.id })).code).toBe('90008');
    expect((await made<PageTemplateRow[]>(acme, `${MKT}/query`, {})).map((t) => t.name)).not.toContain(
      'Enterprise made',
    );
  });

  it('refuses a template name already taken with 2133, on add and on rename', async () => {
    await made(operator, `${MKT}/add`, { name: 'Boiler', document: pageDoc() });
    const other = await made<PageTemplateRow>(operator, `${MKT}/add`, {
      name: 'Chiller',
      document: pageDoc(),
    });
    expect((await send(operator, `${MKT}/add`, { name: 'Boiler', document: pageDoc() })).code).toBe('2133');
    const renamed = await send(operator, `${MKT}/edit`, { id: other.id, name: 'Boiler', description: '' });
    expect(renamed.code).toBe('2133');
    const kept = await made<PageTemplateRow>(operator, `${MKT}/edit`, {
      id: other.id,
      name: 'Chiller 2',
      description: 'renamed',
    });
    expect(kept).toMatchObject({ name: 'Chiller 2', description: 'renamed', widgetCount: 1 });
  });

  it('refuses a bad document or cover and stores nothing', async () => {
    const before = (await made<PageTemplateRow[]>(acme, `${MKT}/query`, {})).length;
    const bad = await send(operator, `${MKT}/add`, {
      name: 'Broken',
      document: { ...pageDoc(), widgets: [{ id: 'q', widgetType: 'Nope' }] },
    });
    expect(bad.code).toBe('1906');
    const cover = await send(operator, `${MKT}/add`, {
      name: 'Broken',
      cover: `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`,
      document: pageDoc(),
    });
    expect(cover.code).toBe('10007');
    expect((await made<PageTemplateRow[]>(acme, `${MKT}/query`, {})).length).toBe(before);
  });

  it('deletes a template; a missing one answers 90002', async () => {
    const row = await made<PageTemplateRow>(operator, `${MKT}/add`, {
      name: 'Short lived',
      document: pageDoc(),
    });
    expect((await send(operator, `${MKT}/delete`, { id: row.id })).code).toBe('200');
    expect((await send(operator, `${MKT}/delete`, { id: row.id })).code).toBe('90002');
    expect((await send(acme, `${MKT}/info`, { id: row.id })).code).toBe('90002');
  });
});
