import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCK_SIGN_PREFIX } from '@fieldhub/shared';

/**
 * A software dongle (docs/requirements/account-security.md §5.2–§5.3): the local service the
 * browser asks to sign lock challenges, backed by an Ed25519 private key file instead of
 * hardware. Base path `/v1/api`, no credentials: `GET /control/slm_get_local_description`
 * answers `{code: 0, desc}`; `POST /control/slm_ctrl_sign_by_device {desc, verify_data}` answers
 * `{code: 0, data: <base64 signature>}`, otherwise `{code, desc}`. It signs only data carrying
 * LOCK_SIGN_PREFIX, so a web page cannot use it to sign anything else.
 */

export interface LockKeys {
  /** PKCS#8 PEM: stays with the dongle */
  privatePem: string;
  /** OpenSSH `ssh-ed25519` line: the account's .pub file */
  publicLine: string;
}

/** The OpenSSH public key line of an Ed25519 key (RFC 8709 §4). */
export function sshPublicLine(key: KeyObject, comment = 'fieldhub-lock'): string {
  const raw = Buffer.from(key.export({ format: 'jwk' }).x!, 'base64url');
  const withLength = (b: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(b.length, 0);
    return Buffer.concat([length, b]);
  };
  const blob = Buffer.concat([withLength(Buffer.from('ssh-ed25519')), withLength(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

export function generateLockKeys(): LockKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicLine: sshPublicLine(publicKey),
  };
}

/** The dongle's description: the key's short fingerprint, which the browser passes back to sign. */
export function dongleDescription(privatePem: string): string {
  const raw = createPublicKey(createPrivateKey(privatePem)).export({ format: 'jwk' }).x!;
  return `soft-dongle-${raw.slice(0, 12)}`;
}

/** The signature (base64) of LOCK_SIGN_PREFIX + challenge, as the server verifies it. */
export function signChallenge(privatePem: string, challenge: string): string {
  return sign(null, Buffer.from(LOCK_SIGN_PREFIX + challenge, 'utf8'), createPrivateKey(privatePem)).toString(
    'base64',
  );
}

export interface RunningDongle {
  /** base address, ending in /v1/api */
  url: string;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  // Chrome's private network access: a public page may reach this loopback service
  'access-control-allow-private-network': 'true',
};

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...CORS, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const v: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Starts the dongle service on host:port (port 0: any free one). */
export async function startDongle(opts: {
  privatePem: string;
  port?: number;
  host?: string;
}): Promise<RunningDongle> {
  const desc = dongleDescription(opts.privatePem);
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'OPTIONS') return answer(res, 204, null);
      if (req.method === 'GET' && path === '/v1/api/control/slm_get_local_description')
        return answer(res, 200, { code: 0, desc });
      if (req.method === 'POST' && path === '/v1/api/control/slm_ctrl_sign_by_device') {
        const body = await readJson(req);
        if (!body || typeof body.verify_data !== 'string')
          return answer(res, 200, { code: 1, desc: 'bad request' });
        if (body.desc !== desc) return answer(res, 200, { code: 2, desc: 'no such device' });
        if (!body.verify_data.startsWith(LOCK_SIGN_PREFIX))
          return answer(res, 200, { code: 3, desc: 'data without the lock prefix is not signed' });
        const challenge = body.verify_data.slice(LOCK_SIGN_PREFIX.length);
        return answer(res, 200, { code: 0, data: signChallenge(opts.privatePem, challenge) });
      }
      answer(res, 404, { code: 404, desc: 'not found' });
    })();
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/v1/api`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
