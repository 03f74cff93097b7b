// Run by `npm test` before vitest: brings what the tests need beyond npm packages.
//
// Everything else comes from npm: alarm speech is eSpeak NG as WebAssembly (apps/server), the
// browser tests use /usr/bin/chromium or the npm one and its fonts (apps/web/test/chromium.ts).
// One thing npm cannot bring: the Modbus driver tests talk to pymodbus, a Modbus server we did
// not write, over TCP and over a serial line made of two pseudo-terminals
// (apps/gateway/test/peers/modbus_peer.py). Node.js cannot open a pseudo-terminal pair without
// a native addon that would have to be compiled, so the peer stays in Python, from Debian.
//
// Missing pymodbus: as root with apt-get it is installed; otherwise this stops with the command.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The interpreter apps/gateway/test/modbus/peer.ts starts. */
const PYTHON = '/usr/bin/python3';
/** Debian 12's pymodbus 3.0, the version modbus_peer.py is written for, and its serial transport. */
const PACKAGES = ['python3-pymodbus', 'python3-serial-asyncio'];
const INSTALL = `apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')}`;

function hasPymodbus() {
  if (!existsSync(PYTHON)) return false;
  return spawnSync(PYTHON, ['-c', 'import pymodbus, serial_asyncio'], { stdio: 'ignore' }).status === 0;
}

function run(command, args) {
  console.log(`test prerequisites: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

if (!hasPymodbus()) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canInstall) {
    console.log(`test prerequisites: the Modbus tests need pymodbus; installing ${PACKAGES.join(' ')}`);
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', ...PACKAGES]);
  }
  if (!hasPymodbus()) {
    console.error(
      [
        '',
        `The Modbus driver tests need pymodbus 3.0 and pyserial-asyncio for ${PYTHON}.`,
        existsSync('/usr/bin/apt-get')
          ? `Install them, then run npm test again:\n\n  sudo ${INSTALL}\n`
          : `On Debian 12: sudo ${INSTALL}\nElsewhere: ${PYTHON} -m pip install 'pymodbus==3.0.0' pyserial-asyncio\n`,
      ].join('\n'),
    );
    process.exit(1);
  }
}
