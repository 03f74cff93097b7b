import { messageFor } from '@fieldhub/shared';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, makePlatformOperator } from '../../server/test/harness';
import { deviceWithGateway, modbusDriver, type TestDevice } from '../../server/test/deviceFixtures';
import { connectAsGateway } from '../../server/test/gatewayFixtures';
import { type BrowserFixture, makeEnterprise, startBrowserFixture } from './browser';
import { expectScreenIn, type Lang } from './screenLanguage';
import { shot } from './shots';

/**
 * Issue 17 item 3 in the browser: a device's driver tab shows what its gateway last reported of
 * each driver — connected or down with the fault's code and message, since when, the last good
 * read, requests and errors with the last error — in both languages. The gateway is an MQTT client
 * publishing its status as docs/gateway-protocol.md describes (a third-party gateway would).
 * Screenshots only with SHOTS=1 (see shots.ts).
 */

let f: BrowserFixture;
let admin: string;
let device: TestDevice;
let gateway: MqttClient;

const NOW = Date.now();

beforeAll(async () => {
  f = await startBrowserFixture({ link: true });
  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Line Works'));
  const adminApi = await loggedIn(f.platform.app, admin);
  const operator = await loggedIn(f.platform.app, (await makePlatformOperator(f.platform.ctx.db)).operator);
  device = await deviceWithGateway(adminApi, operator, 'Boiler house');
  const plc = await modbusDriver(adminApi, device.owner, 'PLC');
  const meter = await modbusDriver(adminApi, device.owner, 'Meter');
  await modbusDriver(adminApi, device.owner, 'Spare');
  gateway = await connectAsGateway(
    `mqtt://127.0.0.1:${f.platform.ctx.link!.brokerPort}`,
    device.sn,
    device.mqttPassword,
  );
  const status = {
    v: 1,
    online: true,
    bootId: 'boot-e2e',
    configVersion: null,
    drivers: [
      {
        id: plc,
        ok: true,
        state: 'connected',
        since: NOW - 3_600_000,
        lastReadAt: NOW - 2_000,
        lastErrorCode: 1715,
        lastErrorAt: NOW - 600_000,
        requests: 120,
        errors: 3,
      },
      { id: meter, ok: false, code: 1507, state: 'down', since: NOW - 60_000, requests: 4, errors: 4 },
    ],
  };
  await gateway.publishAsync(`iiot/v1/${device.sn}/up/status`, JSON.stringify(status), { qos: 1 });
}, 120_000);

afterAll(async () => {
  gateway?.end(true);
  await f?.stop();
});

describe("a device's driver tab", () => {
  for (const lang of ['en-US', 'zh-CN'] as const satisfies Lang[]) {
    it(`shows each driver's link as its gateway reported it, in ${lang}`, async () => {
      const { context, page } = await f.newPage(lang);
      await f.signIn(page, admin, { at: `/manage/eg/equipment/edit/${device.id}?tab=driver` });
      const tab = page.getByTestId('drivers-tab');
      await expect.poll(() => tab.locator('[data-testid=driver-link-state]').count()).toBe(2);
      const rows = tab.locator('.ant-table-row');
      await expect.poll(() => rows.count()).toBe(3);
      const plc = await rows.nth(0).innerText();
      const meter = await rows.nth(1).innerText();
      const spare = await rows.nth(2).innerText();
      const en = lang === 'en-US';
      expect(plc).toContain(en ? 'Connected' : '已连接');
      expect(plc).toContain(en ? '120 requests, 3 failed' : '请求 120 次，失败 3 次');
      expect(plc).toContain(messageFor(1715, lang));
      expect(meter).toContain(en ? 'Down' : '已断开');
      expect(meter).toContain(`1507 ${messageFor(1507, lang)}`);
      expect(meter).toContain(en ? '4 requests, 4 failed' : '请求 4 次，失败 4 次');
      expect(spare).toContain(en ? 'Not reported yet' : '网关尚未上报');
      await expectScreenIn(page, lang, {
        shows: ['deviceConfig:driver.link.title', 'deviceConfig:driver.link.diagnostics'],
        allow: ['Boiler house', 'PLC', 'Meter', 'Spare', device.sn],
      });
      await shot(page, `driverLink-${lang}`, { fullPage: true, pointerAway: true });
      await context.close();
    }, 60_000);
  }
});
