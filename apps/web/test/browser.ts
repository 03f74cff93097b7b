import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { resolveChromium } from './chromium';
import {
  encryptField,
  makeEnterprise,
  startTestPlatform,
  TEST_PASSWORD,
  type TestPlatform,
} from '../../server/test/harness';

// TEST_WEB_DIST: a build elsewhere (`vite build --outDir ...`), so parallel work does not share one dist
const webDist = process.env.TEST_WEB_DIST ?? path.resolve(import.meta.dirname, '../dist');

/** A running platform serving the built web app on a free port, and a headless Chromium. */
export interface BrowserFixture {
  platform: TestPlatform;
  baseUrl: string;
  browser: Browser;
  newPage(lang: 'zh-CN' | 'en-US'): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * Logs in by the login call in the page's context (its cookies are the page's) and opens `at`
   * (default `/`, the account's first screen). The login screen itself is the login journey's
   * (login.e2e.test.ts); going through it here cost each journey a page load per sign-in.
   */
  signIn(page: Page, loginname: string, options?: { password?: string; at?: string }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Contexts of the journeys ask for reduced motion, as a user's system can: antd then opens and
 * closes without animating (App.tsx), which took a sixth of a journey's time and CPU in frames
 * nobody looks at. Contexts a test makes itself spread this too.
 */
export const quietMotion = { reducedMotion: 'reduce' } as const;

let sharedBrowser: Promise<Browser> | undefined;

/**
 * One Chromium per test worker (files share a worker's modules: isolate false), launched at its
 * first browser file and again only if it went away. It ends with the worker: Playwright kills
 * what it launched when the process exits, and Chromium quits when its control pipe closes.
 */
async function workerBrowser(): Promise<Browser> {
  const running = sharedBrowser && (await sharedBrowser.catch(() => undefined));
  if (running?.isConnected()) return running;
  sharedBrowser = resolveChromium().then(({ executablePath, env }) =>
    chromium.launch({
      executablePath,
      env,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    }),
  );
  return sharedBrowser;
}

/**
 * Closes the worker's Chromium. Tests leave it to the worker's end; a script that started a
 * fixture (a benchmark) calls this after `stop`, since the open browser keeps its process alive.
 */
export async function closeWorkerBrowser(): Promise<void> {
  const running = sharedBrowser && (await sharedBrowser.catch(() => undefined));
  sharedBrowser = undefined;
  await running?.close();
}

/**
 * Starts the platform and Chromium (CHROMIUM_PATH, Debian's, or the npm one: see chromium.ts).
 * With `link`, the platform also runs its gateway link (the embedded MQTT broker on a free port)
 * so real gateway processes can connect; `env` adds settings of the platform (config.ts).
 */
export async function startBrowserFixture(
  options: { link?: boolean; env?: Record<string, string> } = {},
): Promise<BrowserFixture> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` first (npm test does)`);
  }
  const env = { ...options.env, WEB_DIST: webDist };
  const platform = options.link
    ? await startTestPlatform({ ...env, MQTT_PORT: '0' }, { link: true })
    : await startTestPlatform(env);
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const browser = await workerBrowser();
  const contexts = new Set<BrowserContext>();
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    platform,
    baseUrl,
    browser,
    async newPage(lang) {
      const context = await browser.newContext({
        locale: lang,
        viewport: { width: 1366, height: 800 },
        ...quietMotion,
      });
      contexts.add(context);
      return { context, page: await context.newPage() };
    },
    async signIn(page, loginname, { password = TEST_PASSWORD, at = '/' } = {}) {
      const { request } = page.context();
      // the browser's language, as its own calls would send it
      const headers = { 'accept-language': await page.evaluate(() => navigator.language) };
      const key = (await (await request.post(`${baseUrl}/lfscada/user/publicKey`, { headers })).json()) as {
        data: { publicKey: string };
      };
      const res = await request.post(`${baseUrl}/lfscada/user/encryptLogin`, {
        headers,
        form: {
          loginname: encryptField(key.data.publicKey, loginname),
          password: encryptField(key.data.publicKey, password),
          vcode: '',
        },
      });
      const body = (await res.json()) as { code: string; message?: string };
      if (body.code !== '200') throw new Error(`login of ${loginname} failed: ${body.code} ${body.message}`);
      await page.goto(`${baseUrl}${at}`);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    },
    async stop() {
      // the browser stays for the worker's next file: only this file's pages close
      await Promise.all([...contexts].map((c) => c.close().catch(() => undefined)));
      await platform.stop();
    },
  };
}

export { makeEnterprise };

/**
 * Clicks a button or option of a dialog, popover, drawer or dropdown once it has finished opening. Playwright waits
 * for the button to stand still over two frames, but on a loaded machine antd's zoom-in can move
 * it between that check and the click, and the click lands beside it and is lost (seen in CI: a
 * write confirmation that stayed open). So the container's finite animations must be over first.
 */
export async function clickSettled(target: Locator): Promise<void> {
  await target.waitFor();
  // settled: no motion class of rc-motion (…-appear, …-enter and their phases) on the container
  // or the target, and no finite animation in the container, two frames running
  await target.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const box =
          el.closest(
            '.ant-modal, .ant-popover, .ant-drawer-content-wrapper, .ant-select-dropdown, .ant-dropdown, .ant-picker-dropdown',
          ) ?? el;
        const moving = (node: Element) => [...node.classList].some((c) => /-(appear|enter)(-|$)/.test(c));
        let calm = 0;
        const check = () => {
          // a button's click wave (opacity over 2 s) is decoration: it moves nothing
          const wave = (a: Animation) => !!(a.effect as KeyframeEffect | null)?.target?.closest('.ant-wave');
          const animating = box
            .getAnimations({ subtree: true })
            .some(
              (a) =>
                a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity && !wave(a),
            );
          calm = moving(box) || moving(el) || animating ? 0 : calm + 1;
          if (calm >= 2) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  await target.click();
}
