/**
 * Upload size caps (uploadLimit.ts): an import above IMPORT_MAX_BYTES and a firmware package
 * above FIRMWARE_MAX_BYTES are refused with 10008 as soon as that is known, whether the request
 * declares its length or streams it, and the answer reaches the client before the rest is sent.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRMWARE_MAX_BYTES } from '@fieldhub/shared';
import type { TestPlatform } from '../../test/harness';
import { startBulkPlatform, type Envelope } from '../../test/bulkFixtures';
import { IMPORT_MAX_BYTES } from '../modules/bulk/upload';

let p: TestPlatform;
let base: string;
/** session cookies of an enterprise admin (imports) and the platform operator (firmware) */
let admin: string;
let operator: string;

const IMPORT = '/lfscada/equipment/multi/importXlsx';
const FIRMWARE = '/lfscada/hardware/firmware/add';
const MIB = 1024 * 1024;

beforeAll(async () => {
  const platform = await startBulkPlatform('Upload Works', 'Other Uploads');
  ({ p, base } = platform);
  admin = `sid=${platform.admin.cookie('sid')}`;
  operator = `sid=${platform.operator.cookie('sid')}`;
});
afterAll(() => p.stop());

const BOUNDARY = 'fieldhub-limits-boundary';
const partHead = (filename: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );

/**
 * A multipart upload over node:http whose body the caller writes piece by piece; `answer` is the
 * envelope, read even while the body is still going out. `length` declares a Content-Length.
 */
function rawUpload(url: string, cookie: string, opts: { length?: number } = {}) {
  const req = http.request(base + url, {
    method: 'POST',
    headers: {
      cookie,
      'accept-language': 'en-US',
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(opts.length !== undefined ? { 'content-length': String(opts.length) } : {}),
    },
  });
  req.on('error', () => undefined); // the server may close the connection once it has answered
  const answer = new Promise<Envelope<unknown>>((resolve, reject) =>
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()) as Envelope<unknown>));
      res.on('error', reject);
    }),
  );
  return { req, answer };
}

/** Sends the same 64 KiB chunk until the server answers or `total` bytes went out. */
async function streamUntilAnswered(url: string, cookie: string, opts: { length?: number }, total: number) {
  const { req, answer } = rawUpload(url, cookie, opts);
  let answered = false;
  void answer.then(() => (answered = true));
  req.write(partHead('huge.xlsx'));
  req.write(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  let sent = 0;
  while (sent < total && !answered && !req.destroyed) {
    sent += chunk.length;
    if (!req.write(chunk))
      await Promise.race([
        new Promise((r) => req.once('drain', r)),
        answer,
        new Promise((r) => req.once('close', r)),
      ]);
  }
  const envelope = await answer;
  req.destroy();
  return { envelope, sent };
}

/** Bytes held by this process outside the code: JS heap and buffers. */
function heldBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

describe('upload size', () => {
  it('refuses a streamed body above IMPORT_MAX_BYTES with 10008 before the rest arrives', async () => {
    const before = heldBytes();
    const { envelope, sent } = await streamUntilAnswered(IMPORT, admin, {}, 200 * MIB);
    expect(envelope.code).toBe('10008');
    expect(sent).toBeLessThan(200 * MIB);
    expect(heldBytes() - before).toBeLessThan(64 * MIB);
  });

  it('refuses a declared Content-Length above the cap with 10008 before reading the body', async () => {
    const { envelope, sent } = await streamUntilAnswered(
      IMPORT,
      admin,
      { length: 10 * 1024 * MIB },
      200 * MIB,
    );
    expect(envelope.code).toBe('10008');
    expect(sent).toBeLessThan(IMPORT_MAX_BYTES);
  });

  it('refuses a firmware package above FIRMWARE_MAX_BYTES with 10008 before the rest arrives', async () => {
    const before = heldBytes();
    const { envelope, sent } = await streamUntilAnswered(FIRMWARE, operator, {}, 3 * FIRMWARE_MAX_BYTES);
    expect(envelope.code).toBe('10008');
    expect(sent).toBeLessThan(3 * FIRMWARE_MAX_BYTES);
    expect(heldBytes() - before).toBeLessThan(FIRMWARE_MAX_BYTES + 64 * MIB);
    const declared = await streamUntilAnswered(FIRMWARE, operator, { length: 10 * 1024 * MIB }, 200 * MIB);
    expect(declared.envelope.code).toBe('10008');
    expect(declared.sent).toBeLessThan(FIRMWARE_MAX_BYTES);
  });

  it('answers an upload without a session 1006 before reading it, and stops reading soon after', async () => {
    const { req, answer } = rawUpload(IMPORT, '', {});
    const closed = new Promise((r) => req.once('close', r));
    let isClosed = false;
    void closed.then(() => (isClosed = true));
    req.write(partHead('huge.xlsx'));
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let sent = 0;
    // keeps sending after the answer: the server must not read on for the whole 200 MB
    while (sent < 200 * MIB && !isClosed && !req.destroyed) {
      sent += chunk.length;
      if (!req.write(chunk)) await Promise.race([new Promise((r) => req.once('drain', r)), closed]);
    }
    expect((await answer).code).toBe('1006');
    await closed;
    expect(sent).toBeLessThan(200 * MIB);
  });
});
