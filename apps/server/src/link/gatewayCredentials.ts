import { createHash, pbkdf2Sync, randomBytes } from 'node:crypto';
import { SN_PATTERN } from '@fieldhub/shared';
import { one, type Db } from '../db/db';
import { verifyPassword } from '../modules/auth/passwordHash';

// A verified password is remembered briefly so a reconnect storm does not cost one scrypt each;
// per database, as the gateway registry it was checked against
const REMEMBER_MS = 5 * 60_000;
const verifiedByDb = new WeakMap<Db, Map<string, number>>();

const fingerprint = (sn: string, password: string) =>
  createHash('sha256').update(`${sn}\0${password}`).digest('base64');

/** Whether `password` is the MQTT password of the registered gateway `sn`. */
export async function verifyGateway(db: Db, sn: string, password: string): Promise<boolean> {
  if (!SN_PATTERN.test(sn) || !password) return false;
  const key = fingerprint(sn, password);
  let verified = verifiedByDb.get(db);
  if (!verified) verifiedByDb.set(db, (verified = new Map()));
  const until = verified.get(key);
  if (until && until > Date.now()) return true;
  const row = await one<{ mqtt_password_hash: string }>(
    db,
    'select mqtt_password_hash from gateways where sn = $1',
    [sn],
  );
  if (!row || !(await verifyPassword(password, row.mqtt_password_hash))) return false;
  verified.set(key, Date.now() + REMEMBER_MS);
  return true;
}

/** Mosquitto's password-file hash: `$7$101$salt$hash`, PBKDF2-SHA512 over 101 rounds (mosquitto_passwd). */
export function mosquittoHash(password: string): string {
  const salt = randomBytes(12);
  const hash = pbkdf2Sync(password, salt, 101, 64, 'sha512');
  return `$7$101$${salt.toString('base64')}$${hash.toString('base64')}`;
}
