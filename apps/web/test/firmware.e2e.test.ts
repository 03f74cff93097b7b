import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GatewayProcess } from '../../gateway/test/support/gatewayProcess';
import { freePort, until } from '@fieldhub/testkit';
import { loggedIn, makePlatformOperator } from '../../server/test/harness';
import { linkedDevice, waitForStatus, type LinkedDevice } from '../../server/test/gatewayFixtures';
import { clickSettled, makeEnterprise, startBrowserFixture, type BrowserFixture } from './browser';
import { followCommand } from './deviceCommand';
import { expectScreenIn } from './screenLanguage';
import { shot } from './shots';

/**
 * Firmware upgrade in the browser: the platform operator uploads a package under Hardware →
 * Firmware (zh-CN), and the enterprise admin upgrades a real gateway process from the gateway's
 * drawer (en-US), following it to "Upgraded to 1.2.0" and the new firmware.
 *
 * Languages: the upload runs in Chinese, the upgrade in English; the quick checks open each in
 * the other language (the firmware list and its dialog refusing a bad version in English, the
 * gateway list and drawer with the upgraded state in Chinese), each with its texts from the
 * locale files and nothing untranslated or of the other language. The upgrade is followed on
 * Playwright's clock: the page's next callback poll and gateway-list refresh are brought forward
 * once the server holds the outcome. Screenshots only with SHOTS=1 (see shots.ts).
 */

let f: BrowserFixture;
let admin: string;
let operator: string;
let device: LinkedDevice;
let gateway: GatewayProcess;
let gatewayDir: string;
let installDir: string;
let packageFile: string;
const firmware = randomBytes(200_000);

beforeAll(async () => {
  f = await startBrowserFixture({ link: true });
  ({ admin } = await makeEnterprise(f.platform.ctx.db, 'Upgrade Works'));
  ({ operator } = await makePlatformOperator(f.platform.ctx.db));
  device = await linkedDevice(
    await loggedIn(f.platform.app, admin),
    await loggedIn(f.platform.app, operator),
    'Boiler feed pump',
  );
  gatewayDir = mkdtempSync(path.join(tmpdir(), 'fh-fw-e2e-gw-'));
  installDir = mkdtempSync(path.join(tmpdir(), 'fh-fw-e2e-install-'));
  packageFile = path.join(installDir, 'eg-firmware-1.2.0.bin');
  writeFileSync(packageFile, firmware);
  gateway = new GatewayProcess({
    sn: device.sn,
    password: device.mqttPassword,
    broker: `mqtt://127.0.0.1:${f.platform.ctx.link!.brokerPort}`,
    dataDir: gatewayDir,
    extra: [
      '--simulate',
      '--plant-port',
      String(await freePort()),
      '--install-command',
      `cp "$FIRMWARE_PACKAGE" "${installDir}/installed.bin"`,
    ],
  });
  await waitForStatus(f.platform.ctx.db, device.sn, 'online', 120_000, gateway);
}, 180_000);

afterAll(async () => {
  await gateway?.kill('SIGKILL');
  for (const dir of [gatewayDir, installDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  await f?.stop();
});

const signIn = (page: Page, loginname: string, at?: string) => f.signIn(page, loginname, { at });

const picture = (page: Page, name: string) => shot(page, `firmware-${name}`);

describe('firmware upgrade in the browser', () => {
  it('uploads a package as the platform operator (zh-CN)', async () => {
    const { context, page } = await f.newPage('zh-CN');
    await signIn(page, operator, `/manage/system/hardware`);
    await page.locator('[data-testid=hardware-tabs] [data-node-key="firmware"]').click();
    await page.getByText('暂无固件包').waitFor();
    await picture(page, 'zh-CN-1-empty');

    await page.getByTestId('firmware-add').click();
    await page.getByTestId('firmware-version').fill('1.2.x');
    await page.getByTestId('firmware-note').fill('修复 Modbus 重连');
    await clickSettled(page.getByTestId('firmware-upload-ok'));
    await page.getByText('请使用以点分隔的数字，如 1.2.0').waitFor();
    await page.getByTestId('firmware-version').fill('1.2.0');
    await page.locator('[data-testid=firmware-form] input[type=file]').setInputFiles(packageFile);
    await page.getByTestId('firmware-file-name').waitFor();
    await picture(page, 'zh-CN-2-upload');
    await page.getByTestId('firmware-upload-ok').click();
    await expect.poll(() => page.getByTestId('firmware-table').innerText()).toContain('1.2.0');
    expect(await page.getByTestId('firmware-table').innerText()).toContain('修复 Modbus 重连');
    await picture(page, 'zh-CN-3-listed');
    await context.close();
  });

  it('upgrades the gateway from its drawer and follows it to the new firmware (en-US)', async () => {
    const { context, page } = await f.newPage('en-US');
    await page.clock.install();
    await signIn(page, admin, `/manage/eg/gateway`);
    await page.getByTestId(`upgradable-${device.sn}`).waitFor();
    expect(await page.getByTestId(`upgradable-${device.sn}`).innerText()).toBe('New: 1.2.0');
    await picture(page, 'en-US-1-list');

    await page.getByTestId(`settings-${device.sn}`).click();
    const drawer = page.getByTestId('gateway-drawer');
    await drawer.getByTestId('gateway-upgrade').waitFor();
    expect(await drawer.getByTestId('gateway-upgrade').innerText()).toBe('Upgrade to 1.2.0');
    await drawer.getByTestId('gateway-upgrade').click();
    await page.getByTestId('upgrade-confirm').waitFor();
    await picture(page, 'en-US-2-confirm');
    // the task ends with success and the drawer shows the upgrade's last state
    await followCommand(
      f,
      page,
      () => clickSettled(page.getByTestId('upgrade-confirm')),
      drawer.getByTestId('command-result'),
    );
    expect(await drawer.getByTestId('command-result').getAttribute('class')).toContain('success');
    // the list looks again every 2 s while an upgrade runs: once the gateway reported the end,
    // the page's clock brings that look forward
    await until(
      'the upgrade reported done',
      async () =>
        (
          await f.platform.ctx.db.query<{ ota_state: string }>(
            'select ota_state from gateways where sn = $1',
            [device.sn],
          )
        )[0]?.ota_state === 'updated',
      15_000,
    );
    await expect
      .poll(
        async () => {
          const state = await drawer.getByTestId('ota-state').getAttribute('data-state');
          if (state !== 'updated') await page.clock.runFor(500);
          return state;
        },
        { timeout: 15_000 },
      )
      .toBe('updated');
    expect(await drawer.getByTestId('ota-state').innerText()).toContain('Upgraded to 1.2.0');
    await expect.poll(() => drawer.innerText()).toContain('1.2.0');
    await picture(page, 'en-US-3-upgraded');
    // the install command was given exactly the uploaded package
    expect(readFileSync(path.join(installDir, 'installed.bin')).equals(firmware)).toBe(true);
    // and nothing newer is offered any more
    expect(await drawer.getByTestId('gateway-upgrade').isDisabled()).toBe(true);
    await context.close();
  }, 150_000);
  it('shows the firmware list and its dialog wholly in English', async () => {
    const lang = 'en-US';
    const { context, page } = await f.newPage(lang);
    await signIn(page, operator, `/manage/system/hardware`);
    await page.locator('[data-testid=hardware-tabs] [data-node-key="firmware"]').click();
    await expect.poll(() => page.getByTestId('firmware-table').innerText()).toContain('1.2.0');
    const data = ['修复 Modbus 重连', 'eg-firmware-1.2.0.bin', operator];
    await expectScreenIn(page, lang, {
      shows: ['hardware:firmware.upload', 'hardware:firmware.version'],
      allow: data,
    });
    await page.getByTestId('firmware-add').click();
    await page.getByTestId('firmware-version').fill('1.2.x');
    await clickSettled(page.getByTestId('firmware-upload-ok'));
    await page.getByText('Use numbers separated by dots, e.g. 1.2.0').waitFor();
    await expectScreenIn(page, lang, {
      shows: [
        'hardware:firmware.upload-title',
        'hardware:firmware.version-invalid',
        'hardware:firmware.file',
      ],
      allow: data,
    });
    await picture(page, 'en-US-2-upload');
    await context.close();
  });

  it('shows the gateway list and the upgraded drawer wholly in Chinese', async () => {
    const lang = 'zh-CN';
    const { context, page } = await f.newPage(lang);
    await signIn(page, admin, `/manage/eg/gateway`);
    await page.getByTestId(`settings-${device.sn}`).click();
    const drawer = page.getByTestId('gateway-drawer');
    await expect.poll(() => drawer.getByTestId('ota-state').innerText()).toContain('已升级到 1.2.0');
    await expectScreenIn(page, lang, {
      shows: [{ key: 'gateways:ota.state.updated', vars: { version: '1.2.0' } }, 'gateways:title'],
      allow: ['Boiler feed pump', device.sn, admin],
    });
    await picture(page, 'zh-CN-3-upgraded');
    await context.close();
  });
});
