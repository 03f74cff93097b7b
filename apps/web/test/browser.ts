import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { makeEnterprise, startTestPlatform, type TestPlatform } from '../../server/test/harness';

// TEST_WEB_DIST: a build elsewhere (`vite build --outDir ...`), so parallel work does not share one dist
const webDist = process.env.TEST_WEB_DIST ?? path.resolve(import.meta.dirname, '../dist');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A running platform serving the built web app on a free port, and a headless Chromium. */
export interface BrowserFixture {
  platform: TestPlatform;
  baseUrl: string;
  browser: Browser;
  newPage(lang: 'zh-CN' | 'en-US'): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

/**
 * Starts the platform and Chromium. With `link`, the platform also runs its gateway link (the
 * embedded MQTT broker on a free port) so real gateway processes can connect.
 */
export async function startBrowserFixture(options: { link?: boolean } = {}): Promise<BrowserFixture> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` first (npm test does)`);
  }
  const platform = options.link
    ? await startTestPlatform({ WEB_DIST: webDist, MQTT_PORT: '0' }, { link: true })
    : await startTestPlatform({ WEB_DIST: webDist });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return {
    platform,
    baseUrl: `http://127.0.0.1:${address.port}`,
    browser,
    async newPage(lang) {
      const context = await browser.newContext({ locale: lang, viewport: { width: 1366, height: 800 } });
      return { context, page: await context.newPage() };
    },
    async stop() {
      await browser.close();
      await platform.stop();
    },
  };
}

export { makeEnterprise };
