/**
 * Provisions a simulated fleet on a platform's database and writes the credentials file the
 * gateway's fleet mode reads (docs/requirements/gateway-link.md §9.4, docs/scale-out.md):
 *
 *   DATABASE_URL=postgres://… npx tsx apps/server/scripts/provisionFleet.ts \
 *     --operator <operator login> --admin <enterprise admin login> \
 *     --gateways 1000 --variables 50 --first-sn 900000000000 --name Fleet --out fleet.json
 *   npm run gateway -- --fleet 1000 --fleet-file fleet.json --broker mqtt://… --interval 10s
 *
 * Everything goes through the platform's services (registration, devices, binding, a template),
 * acting as the two named accounts; with an external Mosquitto the server rewrites its password
 * file on its next start or gateway change (mosquittoFiles.ts).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { systemClock } from '../src/clock';
import { openDatabase } from '../src/server';
import { accountByLoginname } from '../src/modules/accounts/accounts.repo';
import { asCaller } from '../src/seed/demoDevices';
import { provisionFleet } from '../src/seed/fleetSeed';

const { values } = parseArgs({
  options: {
    operator: { type: 'string' },
    admin: { type: 'string' },
    gateways: { type: 'string', default: '100' },
    variables: { type: 'string', default: '50' },
    'first-sn': { type: 'string', default: '900000000000' },
    name: { type: 'string', default: 'Fleet' },
    out: { type: 'string', default: 'fleet.json' },
  },
});
if (!values.operator || !values.admin) {
  process.stderr.write('--operator <login> and --admin <login> are required\n');
  process.exit(2);
}

const db = await openDatabase(loadConfig());
try {
  await migrate(db);
  const operator = await accountByLoginname(db, values.operator);
  const admin = await accountByLoginname(db, values.admin);
  if (operator?.kind !== 'operation') throw new Error(`${values.operator} is not a platform operator`);
  if (admin?.kind !== 'enterprise') throw new Error(`${values.admin} is not an enterprise account`);
  const gateways = Number(values.gateways);
  const started = Date.now();
  const file = await provisionFleet(
    db,
    systemClock,
    { operator: asCaller(operator, 'operation'), admin: asCaller(admin, 'enterprise') },
    {
      gateways,
      variables: Number(values.variables),
      firstSn: Number(values['first-sn']),
      name: values.name!,
      progress: (done) => {
        if (done % 500 === 0 || done === gateways) process.stdout.write(`${done}/${gateways} devices\n`);
      },
    },
  );
  writeFileSync(values.out!, JSON.stringify(file), { mode: 0o600 });
  process.stdout.write(
    `${values.out}: ${gateways} gateways in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
} finally {
  await db.close();
}
