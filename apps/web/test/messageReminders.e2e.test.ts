import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { messageFor, type MsgPage, type MsgUnreadCount } from '@fieldhub/shared';
import { loggedIn, type Caller } from '../../server/test/harness';
import { insertMessages } from '../../server/src/messages/messages.repo';
import { runExpiryReminders } from '../../server/src/messages/expiryReminders';
import { type BrowserFixture, clickSettled, makeEnterprise, startBrowserFixture } from './browser';
import { badge, choose, signInForMessages } from './messageCenter';
import { expectScreenIn, tr } from './screenLanguage';
import { shot } from './shots';

/**
 * The message center's other kinds in the browser (issue 6, browser half): expiry reminders made
 * by the scheduler's run (an IoT card, a project), a wallet notice that opens in a window of its
 * own, a hundred unread work orders (the badge says 99+), "mark all as read", an address that
 * names no message and another enterprise's message refused with catalogue 90002.
 *
 * Languages: the journey runs in English; the quick check opens its screens in Chinese (the
 * reminder list, both reminder details, the wallet notice, the bad address and the refusal), each
 * with its texts from the locale files and catalogue and nothing untranslated or English.
 * Screenshots only with SHOTS=1 (see shots.ts).
 */

let f: BrowserFixture;
let admin: string;
let orgId: number;
let adminId: number;
let api: Caller;

async function made<T>(url: string, body: Record<string, unknown>): Promise<T> {
  const res = (await api.post<T>(url, body, true)).body as { code: string; message: string; data: T };
  if (res.code !== '200') throw new Error(`${url}: ${res.code} ${res.message}`);
  return res.data;
}

const unreadCount = async () => (await made<MsgUnreadCount>('/lfscada/msg/queryUnReadMsgCount', {})).count;

// screens wait for the server's answers: on a busy machine a list can take longer than 1 s
vi.setConfig({ expect: { poll: { timeout: 10_000, interval: 100 } } });

beforeAll(async () => {
  f = await startBrowserFixture();
  ({ admin, orgId, adminId } = await makeEnterprise(f.platform.ctx.db, 'Reminder Works'));
  api = await loggedIn(f.platform.app, admin);
}, 120_000);

afterAll(async () => {
  await f?.stop();
});

const signIn = (page: Page) => signInForMessages(f, page, admin);

const picture = (page: Page, lang: string, name: string) =>
  shot(page, `messages-${lang}-${name}`, { fullPage: true, pointerAway: true });

describe('message center: reminders, wallet notices and refusals in the browser', () => {
  /** what the reminder journey made, for the Chinese check after it */
  let rivalMessage: number | undefined;

  it('shows expiry reminders, a wallet notice in its own window and a bad address (en-US)', async () => {
    const lang = 'en-US';
    const db = f.platform.ctx.db;
    // an IoT card expiring in 5 days and a project that expired yesterday: the scheduler's
    // run makes their reminders (the card and project screens of other issues will create these)
    const day = 86_400_000;
    const now = f.platform.clock.now().getTime();
    await db.query(
      `insert into iot_cards (org_id, iccid, gateway_sn, expires_at) values ($1, '89860012345678901234', '870000000001', $2)`,
      [orgId, new Date(now + 5 * day - 60_000)],
    );
    await db.query(`insert into projects (org_id, name, expires_at) values ($1, 'Plant overview', $2)`, [
      orgId,
      new Date(now - day),
    ]);
    expect(
      await runExpiryReminders({ db, clock: f.platform.clock, bus: f.platform.ctx.monitor.bus }),
    ).toBeGreaterThanOrEqual(2);
    // no wallet yet: its notice is stored as the wallet issue will store it
    await insertMessages(db, [
      {
        orgId,
        accountId: adminId,
        type: 'payment',
        equipType: 'wallet',
        dataId: 1,
        title: 'Wallet',
        note: 'Recharge of 500.00 received',
      },
    ]);
    // a hundred unread work-order messages: more than the badge counts
    await insertMessages(
      db,
      Array.from({ length: 100 }, (_, n) => ({
        orgId,
        accountId: adminId,
        type: 'order' as const,
        equipType: 'repair' as const,
        dataId: null,
        title: `Repair order ${n + 1}`,
        note: 'Pump seal leaking',
      })),
    );
    const { context, page } = await f.newPage(lang);
    await signIn(page);
    await expect.poll(() => badge(page), { timeout: 10_000 }).toBe('99+');
    await page.getByTestId('msg-bell').click();
    await page.waitForURL((u) => u.pathname === '/msg/messageUnReaden');
    await expect.poll(() => page.getByTestId('msg-table').innerText()).toContain('Repair order 100');
    await picture(page, lang, '11a-99-plus');
    await page.getByTestId('msg-tabs').getByText('All', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/msg/messageAll');
    const table = page.getByTestId('msg-table');

    // the reminders, by kind
    await choose(page, 'msg-filter-type', 'Expiry reminder');
    await expect.poll(() => table.innerText()).toContain('89860012345678901234');
    expect(await table.innerText()).toContain('Plant overview');
    await picture(page, lang, '11-expire-list');
    const reminders = (await made<MsgPage>('/lfscada/msg/query', { type: 'expire' })).list;
    const card = reminders.find((m) => m.equipType === 'card')!;
    const project = reminders.find((m) => m.equipType === 'project')!;

    await page.getByTestId(`msg-title-${card.id}`).click();
    await page.waitForURL((u) => u.pathname === `/msg/detail/all/expire/card/${card.dataId}`);
    const detail = page.getByTestId('msg-expire-detail');
    await expect.poll(() => detail.innerText()).toContain('89860012345678901234');
    expect(await detail.innerText()).toContain('870000000001');
    expect(await detail.innerText()).toContain('expires in 5 day(s)');
    await picture(page, lang, '12-expire-card');
    await page.getByRole('button', { name: 'Back to messages' }).click();
    await choose(page, 'msg-filter-type', 'Expiry reminder');
    await page.getByTestId(`msg-title-${project.id}`).click();
    await page.waitForURL((u) => u.pathname === `/msg/detail/all/expire/project/${project.dataId}`);
    await expect.poll(() => detail.innerText()).toContain('The project Plant overview has expired');
    await picture(page, lang, '13-expire-project');

    // a wallet notice opens in a window of its own, which reads it
    await page.getByRole('button', { name: 'Back to messages' }).click();
    await choose(page, 'msg-filter-type', 'Payment');
    await expect.poll(() => table.innerText()).toContain('Recharge of 500.00 received');
    const wallet = (await made<MsgPage>('/lfscada/msg/query', { type: 'payment' })).list[0]!;
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId(`msg-title-${wallet.id}`).click(),
    ]);
    await popup.waitForURL((u) => u.pathname === `/system/msg/detail/${wallet.id}/wallet`);
    const one = popup.getByTestId('msg-system-detail');
    await expect.poll(() => one.innerText(), { timeout: 10_000 }).toContain('Recharge of 500.00 received');
    expect(await popup.getByText('Wallet notice').count()).toBe(1);
    await picture(popup, lang, '14-wallet-window');
    expect((await made<MsgPage>('/lfscada/msg/query', { type: 'payment' })).list[0]!.read).toBe(true);
    await popup.close();
    // the list's tab is the shown one again: a tab left in the background gets no animation
    // frames, and the confirmation below waits for its dialog to settle frame by frame
    await page.bringToFront();

    // "mark all as read", after confirming, leaves nothing unread
    await page.getByTestId('msg-mark-all').click();
    await clickSettled(page.getByTestId('msg-mark-all-confirm'));
    await expect.poll(() => badge(page)).toBe('');
    expect(await unreadCount()).toBe(0);

    // an address that names no message
    await page.goto(`${f.baseUrl}/msg/detail/all/alarm/eg/not-a-number`);
    await page.getByTestId('msg-problem').waitFor();
    expect(await page.getByTestId('msg-problem').innerText()).toContain('Message not found');
    await picture(page, lang, '15-bad-address');

    // another enterprise's message, opened by its id: refused with the server's message, and
    // it stays unread for its owner
    const rival = await makeEnterprise(db, 'Rival Works');
    const [theirs] = await insertMessages(db, [
      {
        orgId: rival.orgId,
        accountId: rival.adminId,
        type: 'alarm',
        equipType: 'eg',
        dataId: 1,
        title: 'Rival furnace',
        note: 'Rival alarm',
      },
    ]);
    rivalMessage = theirs!.messageId;
    await page.goto(`${f.baseUrl}/system/msg/detail/${rivalMessage}/alarm`);
    await page.getByTestId('msg-problem').waitFor();
    const refused = await page.getByTestId('msg-problem').innerText();
    expect(refused).toContain(messageFor(90002, lang));
    expect(refused).not.toContain('Rival');
    const [stored] = await db.query<{ read: boolean }>(
      'select read_at is not null as read from messages where id = $1',
      [rivalMessage],
    );
    expect(stored!.read).toBe(false);
    await picture(page, lang, '16-other-enterprise');
    await context.close();
  }, 120_000);

  it('shows the screens of the reminder journey wholly in Chinese', async () => {
    if (rivalMessage === undefined) throw new Error('the reminder journey makes the messages first');
    const zh = 'zh-CN';
    // what the messages carry as they were entered: no translation's business
    const data = ['Plant overview', 'Wallet', 'Recharge of 500.00 received', 'Pump seal leaking'];
    const { context, page } = await f.newPage(zh);
    await signIn(page);
    await page.goto(`${f.baseUrl}/msg/messageAll`);
    const table = page.getByTestId('msg-table');
    await expect.poll(() => table.innerText()).toContain('Repair order 100');
    await choose(page, 'msg-filter-type', tr(zh, 'messages:type.expire'));
    await expect.poll(() => table.innerText()).toContain('89860012345678901234');
    await expectScreenIn(page, zh, {
      shows: ['messages:center', 'messages:tabs.all', 'messages:col.title', 'messages:equip-type.card'],
      allow: data,
    });
    const reminders = (await made<MsgPage>('/lfscada/msg/query', { type: 'expire' })).list;
    const card = reminders.find((m) => m.equipType === 'card')!;
    const project = reminders.find((m) => m.equipType === 'project')!;
    await page.getByTestId(`msg-title-${card.id}`).click();
    await page.waitForURL((u) => u.pathname === `/msg/detail/all/expire/card/${card.dataId}`);
    await expectScreenIn(page, zh, {
      shows: [
        'messages:expire.title-card',
        { key: 'messages:expire.soon-card', vars: { name: '89860012345678901234', count: 5 } },
        'messages:detail.back',
      ],
      allow: data,
    });
    await page.goto(`${f.baseUrl}/msg/detail/all/expire/project/${project.dataId}`);
    await expectScreenIn(page, zh, {
      shows: [
        'messages:expire.title-project',
        { key: 'messages:expire.expired-project', vars: { name: 'Plant overview' } },
      ],
      allow: data,
    });
    await page.goto(`${f.baseUrl}/msg/messageAll`);
    await choose(page, 'msg-filter-type', tr(zh, 'messages:type.payment'));
    await expect.poll(() => table.innerText()).toContain('Recharge of 500.00 received');
    const wallet = (await made<MsgPage>('/lfscada/msg/query', { type: 'payment' })).list[0]!;
    await page.goto(`${f.baseUrl}/system/msg/detail/${wallet.id}/wallet`);
    await page.getByTestId('msg-system-detail').waitFor();
    await expectScreenIn(page, zh, {
      shows: ['messages:system.wallet-title', 'messages:col.type'],
      allow: data,
    });
    await page.goto(`${f.baseUrl}/msg/detail/all/alarm/eg/not-a-number`);
    await page.getByTestId('msg-problem').waitFor();
    await expectScreenIn(page, zh, { shows: ['messages:detail.not-found'] });
    await page.goto(`${f.baseUrl}/system/msg/detail/${rivalMessage}/alarm`);
    await page.getByTestId('msg-problem').waitFor();
    await expectScreenIn(page, zh, { shows: [{ text: messageFor(90002, zh) }] });
    await context.close();
  }, 90_000);
});
