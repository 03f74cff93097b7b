#!/usr/bin/env node
/**
 * Makes licence keys and licence files (docs/requirements/account-security.md §6).
 *
 *   node scripts/license.mjs keygen <dir>
 *       writes <dir>/license.key (the vendor's private key: keep it) and <dir>/license.pub
 *       (give it to the platform as LICENSE_PUBLIC_KEY)
 *   node scripts/license.mjs issue --key license.key --to "Acme Water" --expires 2027-12-31
 *       [--users 100] [--gateways 20] [--variables 5000] [--functions speech,map] [--id LIC-1]
 *       prints the licence file (JSON) to standard output; upload it at /manage/system/license
 *
 * A licence is `{ payload, signature }`: payload the base64url of the terms' JSON, signature the
 * base64url Ed25519 signature of the payload text.
 */
import { createPrivateKey, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    key: { type: 'string' },
    to: { type: 'string' },
    expires: { type: 'string' },
    users: { type: 'string' },
    gateways: { type: 'string' },
    variables: { type: 'string' },
    functions: { type: 'string' },
    id: { type: 'string' },
  },
});

function fail(message) {
  console.error(message);
  process.exit(2);
}

function count(name) {
  const text = values[name];
  if (text === undefined) return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number`);
  return n;
}

const [command, dir] = positionals;
if (command === 'keygen') {
  if (!dir) fail('usage: license.mjs keygen <dir>');
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  writeFileSync(path.join(dir, 'license.key'), privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
  });
  writeFileSync(path.join(dir, 'license.pub'), publicKey.export({ type: 'spki', format: 'pem' }));
  console.error(`wrote ${path.join(dir, 'license.key')} and ${path.join(dir, 'license.pub')}`);
} else if (command === 'issue') {
  if (!values.key || !values.to || !values.expires) fail('issue needs --key, --to and --expires');
  const expires = new Date(values.expires);
  if (Number.isNaN(expires.getTime())) fail('--expires must be a date, e.g. 2027-12-31');
  const terms = {
    id: values.id ?? `LIC-${randomUUID()}`,
    issuedTo: values.to,
    users: count('users'),
    gateways: count('gateways'),
    variables: count('variables'),
    functions: (values.functions ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
    expiresAt: expires.toISOString(),
  };
  const payload = Buffer.from(JSON.stringify(terms), 'utf8').toString('base64url');
  const key = createPrivateKey(readFileSync(values.key, 'utf8'));
  const signature = sign(null, Buffer.from(payload, 'utf8'), key).toString('base64url');
  console.log(JSON.stringify({ payload, signature }, null, 2));
} else {
  fail('usage: license.mjs keygen <dir> | issue --key <file> --to <name> --expires <date> [limits]');
}
