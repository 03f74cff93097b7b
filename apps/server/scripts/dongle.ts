/**
 * The command-line software dongle (docs/requirements/account-security.md §5.3), for tests and for
 * users without a hardware lock:
 *
 *   npx tsx apps/server/scripts/dongle.ts keygen [dir]          writes lock.key and lock.pub into dir
 *   npx tsx apps/server/scripts/dongle.ts serve --key lock.key [--port 18480] [--host 127.0.0.1]
 *   npx tsx apps/server/scripts/dongle.ts sign --key lock.key <challenge>
 *
 * Register lock.pub as the account's public key; `serve` runs the local service the browser asks
 * to sign the lock challenges every 60 s.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DONGLE_DEFAULT_URL } from '@fieldhub/shared';
import { generateLockKeys, signChallenge, startDongle } from '../src/modules/lock/dongle';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { key: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' } },
});
const [command, arg] = positionals;
const keyText = () => {
  if (!values.key) throw new Error('--key <file> is required');
  return readFileSync(values.key, 'utf8');
};

switch (command) {
  case 'keygen': {
    const dir = arg ?? '.';
    const keys = generateLockKeys();
    writeFileSync(path.join(dir, 'lock.key'), keys.privatePem, { mode: 0o600 });
    writeFileSync(path.join(dir, 'lock.pub'), `${keys.publicLine}\n`);
    console.log(
      `wrote ${path.join(dir, 'lock.key')} (keep it) and ${path.join(dir, 'lock.pub')} (register it)`,
    );
    break;
  }
  case 'serve': {
    const port = Number(values.port ?? new URL(DONGLE_DEFAULT_URL).port);
    const dongle = await startDongle({ privatePem: keyText(), port, host: values.host ?? '127.0.0.1' });
    console.log(`dongle listening at ${dongle.url}`);
    const stop = () => void dongle.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    break;
  }
  case 'sign': {
    if (!arg) throw new Error('sign needs the challenge');
    console.log(signChallenge(keyText(), arg));
    break;
  }
  default:
    console.error(
      'usage: dongle.ts keygen [dir] | serve --key lock.key [--port N] | sign --key lock.key <challenge>',
    );
    process.exit(2);
}
