import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OtaProgressMessage } from '@fieldhub/shared';
import { silentLogger } from '../runtime/log';
import { installedFirmware, OtaHandler } from './otaHandler';

const firmware = randomBytes(100_000);
const sha256 = createHash('sha256').update(firmware).digest('hex');
let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  // a real HTTP server: /fw serves the package, anything else is missing
  server = createServer((req, res) => {
    if (req.url === '/fw') res.end(firmware);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fh-ota-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function handler(installCommand?: string) {
  const progress: OtaProgressMessage[] = [];
  let restarts = 0;
  const ota = new OtaHandler({
    dataDir: dir,
    installCommand,
    publishProgress: async (p) => void progress.push(p),
    restart: () => restarts++,
    log: silentLogger,
  });
  return { ota, progress, restarts: () => restarts };
}

const message = (over: Record<string, unknown> = {}) =>
  Buffer.from(
    JSON.stringify({
      v: 1,
      uuid: randomUUID(),
      url: `${base}/fw`,
      sha256,
      version: '2.1.0',
      size: firmware.length,
      ...over,
    }),
  );

const states = (progress: OtaProgressMessage[]) =>
  progress.map((p) => (p.state === 'downloading' ? `downloading ${p.percent}` : p.state));

describe('firmware upgrade on the gateway', () => {
  it('downloads, checks, installs through the install command, records the version and restarts', async () => {
    const { ota, progress, restarts } = handler('cp "$FIRMWARE_PACKAGE" "$FIRMWARE_PACKAGE.installed"');
    await ota.handle(message());
    // the percent comes at each quarter the chunks of the download cross, rising
    const percents = progress.filter((p) => p.state === 'downloading').map((p) => p.percent);
    expect(percents[0]).toBe(0);
    expect(percents).toEqual([...percents].sort((a, b) => a! - b!));
    expect(percents.every((p) => [0, 25, 50, 75].includes(p!))).toBe(true);
    expect(progress.filter((p) => p.state !== 'downloading').map((p) => p.state)).toEqual([
      'downloaded',
      'verified',
      'updating',
      'updated',
    ]);
    expect(readFileSync(path.join(dir, 'firmware', '2.1.0.pkg.installed')).equals(firmware)).toBe(true);
    expect(installedFirmware(dir)).toBe('2.1.0');
    expect(restarts()).toBe(1);
  });

  it('answers a redelivered upgrade with its outcome, without running it again', async () => {
    const { ota, progress, restarts } = handler('true');
    const same = message();
    await ota.handle(same);
    await ota.handle(same);
    expect(states(progress).filter((s) => s === 'updated')).toHaveLength(2);
    expect(states(progress).filter((s) => s === 'updating')).toHaveLength(1);
    expect(restarts()).toBe(1);
  });

  it('fails a package whose sha256 differs with 1310 and installs nothing', async () => {
    const { ota, progress, restarts } = handler('true');
    await ota.handle(message({ sha256: 'f'.repeat(64) }));
    expect(progress.at(-1)).toMatchObject({ state: 'failed', code: 1310 });
    expect(states(progress)).not.toContain('verified');
    expect(installedFirmware(dir)).toBeUndefined();
    expect(restarts()).toBe(0);
  });

  it('fails a download that is refused or larger than announced with 1312', async () => {
    const { ota, progress } = handler('true');
    await ota.handle(message({ url: `${base}/missing` }));
    expect(progress.at(-1)).toMatchObject({ state: 'failed', code: 1312 });
    await ota.handle(message({ size: 1000 }));
    expect(progress.at(-1)).toMatchObject({ state: 'failed', code: 1312 });
  });

  it('keeps the verified package but fails with 1310 without an install command', async () => {
    const { ota, progress, restarts } = handler(undefined);
    await ota.handle(message());
    expect(states(progress).slice(-2)).toEqual(['verified', 'failed']);
    expect(progress.at(-1)?.code).toBe(1310);
    expect(existsSync(path.join(dir, 'firmware', '2.1.0.pkg'))).toBe(true);
    expect(installedFirmware(dir)).toBeUndefined();
    expect(restarts()).toBe(0);
  });

  it('fails when the install command fails, and refuses an expired upgrade with 1339', async () => {
    const { ota, progress } = handler('exit 3');
    await ota.handle(message());
    expect(progress.at(-1)).toMatchObject({ state: 'failed', code: 1310 });
    expect(installedFirmware(dir)).toBeUndefined();
    await ota.handle(message({ expiresAt: Date.now() - 1000 }));
    expect(progress.at(-1)).toMatchObject({ state: 'failed', code: 1339 });
  });

  it('answers an upgrade message it cannot read with 1338 when it names a uuid', async () => {
    const { ota, progress } = handler('true');
    const uuid = randomUUID();
    await ota.handle(Buffer.from(JSON.stringify({ v: 1, uuid, url: 'not a url' })));
    expect(progress).toEqual([{ v: 1, uuid, state: 'failed', code: 1338 }]);
  });
});
