// Run by `npm test` before vitest: brings the system programs the tests need that npm cannot.
//
// Everything else comes from npm: alarm speech is eSpeak NG as WebAssembly (apps/server), the
// browser tests use /usr/bin/chromium or the npm one and its fonts (apps/web/test/chromium.ts).
// Three things npm cannot bring:
// - pymodbus: the Modbus driver tests talk to it, a Modbus server we did not write, over TCP
//   and over a serial line made of two pseudo-terminals (apps/gateway/test/peers/modbus_peer.py).
//   Node.js cannot open a pseudo-terminal pair without a native addon that would have to be
//   compiled, so the peer stays in Python, from Debian.
// - Mosquitto: the external-broker tests run the real one (password and ACL files, SIGHUP).
// - socat: the RS-485 multi-drop test joins two pseudo-terminals with it, at fixed paths, so
//   the line can be unplugged and plugged in again (apps/gateway/test/modbus/serialLine.ts).
//
// What is missing is installed with apt-get as root; otherwise this stops with the command.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The interpreter apps/gateway/test/modbus/peer.ts starts. */
const PYTHON = '/usr/bin/python3';
/** The serial line apps/gateway/test/modbus/serialLine.ts starts. */
const SOCAT = '/usr/bin/socat';
/** The broker packages/testkit/src/mosquitto.ts starts for the tests. */
const MOSQUITTO = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

const requirements = [
  {
    need: `pymodbus 3.0 and pyserial-asyncio for ${PYTHON} (the Modbus driver tests' peer)`,
    present: () =>
      existsSync(PYTHON) &&
      spawnSync(PYTHON, ['-c', 'import pymodbus, serial_asyncio'], { stdio: 'ignore' }).status === 0,
    // Debian 12's pymodbus is 3.0, the version modbus_peer.py is written for
    packages: ['python3-pymodbus', 'python3-serial-asyncio'],
    elsewhere: `${PYTHON} -m pip install 'pymodbus==3.0.0' pyserial-asyncio`,
  },
  {
    need: `socat at ${SOCAT} (the RS-485 multi-drop line of the Modbus driver tests)`,
    present: () => existsSync(SOCAT),
    packages: ['socat'],
    elsewhere: "install socat from your system's packages",
  },
  {
    need: `Mosquitto at ${MOSQUITTO} (the external-broker tests)`,
    present: () => existsSync(MOSQUITTO),
    packages: ['mosquitto'],
    elsewhere: "install Mosquitto 2 from your system's packages (MOSQUITTO_BIN=its path)",
  },
];

function run(command, args) {
  console.log(`test prerequisites: ${command} ${args.join(' ')}`);
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

let missing = requirements.filter((r) => !r.present());
const apt = existsSync('/usr/bin/apt-get');
if (missing.length && apt && process.getuid?.() === 0) {
  const packages = missing.flatMap((r) => r.packages);
  console.log(`test prerequisites: missing ${missing.map((r) => r.need).join('; ')}`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', ...packages]);
  missing = missing.filter((r) => !r.present());
}
if (missing.length) {
  const packages = missing.flatMap((r) => r.packages).join(' ');
  console.error(
    [
      '',
      'The tests need what is not installed:',
      ...missing.map((r) => `  - ${r.need}`),
      '',
      apt
        ? `Install it, then run npm test again:\n\n  sudo apt-get update && sudo apt-get install -y ${packages}\n`
        : `On Debian 12: sudo apt-get install -y ${packages}\nElsewhere:\n${missing.map((r) => `  ${r.elsewhere}`).join('\n')}\n`,
    ].join('\n'),
  );
  process.exit(1);
}
