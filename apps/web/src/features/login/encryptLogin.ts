import { authCalls } from '@fieldhub/shared';
import { callApi } from '../../app/request';

/**
 * Encrypts a login field with the server's RSA public key (RSA-OAEP, SHA-256) and returns it as
 * URL-safe base64. node-forge is used rather than WebCrypto because WebCrypto exists only on
 * secure origins, and plants often reach the platform over plain http on a LAN address.
 */
export async function encryptFields(fields: string[]): Promise<string[]> {
  const [{ publicKey }, forge] = await Promise.all([
    callApi(authCalls.publicKey, undefined, { silent: true }),
    import('node-forge').then((m) => m.default),
  ]);
  const key = forge.pki.publicKeyFromPem(publicKey);
  return fields.map((field) => {
    const cipher = key.encrypt(forge.util.encodeUtf8(field), 'RSA-OAEP', {
      md: forge.md.sha256.create(),
      mgf1: { md: forge.md.sha256.create() },
    });
    return forge.util.encode64(cipher).replace(/\+/g, '-').replace(/\//g, '_');
  });
}
