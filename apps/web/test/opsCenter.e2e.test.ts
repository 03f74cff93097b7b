import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/src/seed/demoSeed';
import { demoTexts } from '../../server/src/seed/demoTexts';
import { type BrowserFixture, startBrowserFixture } from './browser';
import { expectScreenIn, tr } from './screenLanguage';
import { shot } from './shots';

/**
 * The operating centre (docs/requirements/data-views.md §1) in headless Chromium, in English, on the
 * demo enterprise as a fresh installation seeds it: the demo project's card with its devices online
 * and offline and, after a refresh, an urgent alarm raised meanwhile; the card opens the project's
 * home page full screen with its pages as navigation, the second page is chosen there and the back
 * button returns to the wall. Screenshots only with SHOTS=1.
 */

const wait = { timeout: 15_000 };
const lang = 'en-US';
const texts = demoTexts[lang];

let f: BrowserFixture;
let password: string;
let project: { id: number; overview: number; details: number };
let orgId: number;
let tank: number;

beforeAll(async () => {
  f = await startBrowserFixture();
  const db = f.platform.ctx.db;
  const logins = await seedDemo(db, f.platform.clock, 1504, lang);
  password = logins!.admin.password;
  const [p] = await db.query<{ id: number; org_id: number }>(
    'select id, org_id from projects where name = $1',
    [texts.project.name],
  );
  const pages = await db.query<{ id: number }>(
    'select id from pages where project_id = $1 order by seq, id',
    [p!.id],
  );
  project = { id: p!.id, overview: pages[0]!.id, details: pages[1]!.id };
  orgId = p!.org_id;
  const [t] = await db.query<{ id: number }>('select id from equipment where name = $1', [
    texts.devices.tank,
  ]);
  tank = t!.id;
  // one demo gateway online
  await db.query("update gateways set status = 'online' where equipment_id = $1", [tank]);
}, 120_000);
afterAll(() => f.stop());

describe('the operating centre', () => {
  it('shows the demo project as a card and opens its home page full screen (en-US)', async () => {
    const { page } = await f.newPage(lang);
    await f.signIn(page, 'demo-admin', { password });
    await page.goto(`${f.baseUrl}/monitor/gm/ocInfo`);
    const card = page.getByTestId(`oc-card-${project.id}`);
    await card.waitFor(wait);
    const [{ n: bound }] = (await f.platform.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from project_equipment where project_id = $1',
      [project.id],
    )) as [{ n: number }];
    await expect
      .poll(() => page.getByTestId(`oc-devices-${project.id}`).innerText(), wait)
      .toBe(`Online 1Offline ${bound - 1}`.replace('1O', '1\nO'));
    await expect.poll(() => page.getByTestId(`oc-alarms-${project.id}`).innerText()).toBe('No active alarms');

    // an urgent alarm raised on the tank meanwhile: the refresh shows it on the card
    await f.platform.ctx.db.query(
      `insert into alarms (org_id, equipment_id, kind, rule_id, variable_id, level, state, triggered_at)
       values ($1, $2, 'signal', 900001, 900001, 'urgent', 'active', now())`,
      [orgId, tank],
    );
    await page.getByTestId('oc-refresh').click();
    await expect.poll(() => page.getByTestId(`oc-alarms-${project.id}`).innerText(), wait).toBe('Urgent 1');
    await expectScreenIn(page, lang, {
      shows: ['opsCenter:title', 'opsCenter:hint', { text: texts.project.name }],
    });
    await shot(page, 'opscenter-1-wall', { pointerAway: true });

    // the card opens the home page full screen, the project's pages as navigation
    await card.click();
    await page.waitForURL((u) => u.pathname === `/monitor/gm/ocInfo/${project.id}`);
    const full = page.getByTestId('oc-project');
    await full.waitFor(wait);
    await page.getByTestId('viewer-stage').waitFor(wait);
    const box = await full.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1366, height: 800 });
    const tabs = page.getByTestId('oc-project-pages');
    await expect
      .poll(() => tabs.locator('.ant-tabs-tab-active').innerText(), wait)
      .toBe(texts.project.overview);
    await expect.poll(() => full.innerText(), wait).toContain(texts.project.heading);
    await expectScreenIn(page, lang, {
      shows: [{ text: texts.project.name }, { text: texts.project.details }],
    });
    await shot(page, 'opscenter-2-home', { pointerAway: true });

    await tabs.getByText(texts.project.details, { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === String(project.details));
    await expect.poll(() => tabs.locator('.ant-tabs-tab-active').innerText()).toBe(texts.project.details);
    await page.getByTestId('viewer-stage').waitFor(wait);
    await shot(page, 'opscenter-3-details', { pointerAway: true });

    await page.getByRole('button', { name: tr(lang, 'opsCenter:back') }).click();
    await page.waitForURL((u) => u.pathname === '/monitor/gm/ocInfo');
    await card.waitFor(wait);

    // a project that is not the caller's: the full-screen view says it could not be loaded
    await page.goto(`${f.baseUrl}/monitor/gm/ocInfo/999999`);
    await page.getByTestId('oc-project-error').waitFor(wait);
    await expectScreenIn(page, lang, { shows: ['opsCenter:load-failed'] });
  });

  it('shows the wall and the full-screen project wholly in Chinese', async () => {
    const { page } = await f.newPage('zh-CN');
    await f.signIn(page, 'demo-admin', { password });
    await page.goto(`${f.baseUrl}/monitor/gm/ocInfo`);
    await page.getByTestId(`oc-card-${project.id}`).waitFor(wait);
    // the demo's own names are English, as an English installation seeds them
    const demoNames = [texts.project.name, texts.project.overview, texts.project.details];
    await expectScreenIn(page, 'zh-CN', {
      shows: ['opsCenter:title', 'opsCenter:hint', 'opsCenter:no-cover', 'opsCenter:level.urgent'],
      allow: demoNames,
    });
    await page.goto(`${f.baseUrl}/monitor/gm/ocInfo/${project.id}`);
    await page.getByTestId('viewer-stage').waitFor(wait);
    await expect
      .poll(() => page.getByTestId('oc-project-back').getAttribute('aria-label'))
      .toBe(tr('zh-CN', 'opsCenter:back'));
  });
});
