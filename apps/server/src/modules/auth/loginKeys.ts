import { constants, createPrivateKey, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { AppError, Err } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';

/**
 * The RSA key pair the browser encrypts login fields with (RSA-OAEP, SHA-256). It is kept in
 * the database so every server instance decrypts what any of them handed out.
 */
export interface LoginKeys {
  publicPem: string;
  decrypt(urlSafeBase64: string): string;
}

const KEY_NAME = 'login-rsa';

export async function loadLoginKeys(db: Db): Promise<LoginKeys> {
  let row = await one<{ public_pem: string; private_pem: string }>(
    db,
    'select public_pem, private_pem from server_keys where name = $1',
    [KEY_NAME],
  );
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    await db.query(
      'insert into server_keys(name, public_pem, private_pem) values ($1, $2, $3) on conflict (name) do nothing',
      [KEY_NAME, publicKey, privateKey],
    );
    row = await one(db, 'select public_pem, private_pem from server_keys where name = $1', [KEY_NAME]);
  }
  const { public_pem: publicPem, private_pem: privatePem } = row!;
  const privateKey = createPrivateKey(privatePem); // parsed once, not on every login
  return {
    publicPem,
    decrypt(value: string) {
      try {
        const cipher = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
        return privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          cipher,
        ).toString('utf8');
      } catch {
        throw new AppError(Err.parameterCheckFailed, { params: { detail: 'encrypted field' } });
      }
    },
  };
}
