/** Ports for servers a test starts: free ones, and waiting until something listens. */
import { connect, createServer } from 'node:net';

/** Ports handed out below the kernel's ephemeral range (32768 and up on Linux). */
const RANGE = { from: 20_000, size: 12_000 };
/** Each test worker (vitest's pool id, 1 to the worker count) takes its own slice of the range. */
const SLICES = 8;

function slice(): { from: number; size: number } {
  const pool = Number(process.env['VITEST_POOL_ID']);
  if (!Number.isInteger(pool) || pool < 1) return RANGE;
  const size = Math.floor(RANGE.size / SLICES);
  return { from: RANGE.from + ((pool - 1) % SLICES) * size, size };
}

let next = -1;

function probe(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on right now, for a server a test (or a process it starts) opens later.
 * A port the kernel picks (`listen(0)`) may be taken by another test's connection before that
 * server listens: ports here come from below the ephemeral range, from this worker's own slice,
 * in turn from a random start, so neither connections nor other workers nor this file's previous
 * calls take them meanwhile. `host` is where the later server listens; the probe also binds the
 * wildcard address, which fails while anything holds the port on any address.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const { from, size } = slice();
  if (next < 0) next = Math.floor(Math.random() * size);
  for (let tried = 0; tried < size; tried++) {
    const port = from + (next++ % size);
    if ((await probe(port, '0.0.0.0')) && (host === '0.0.0.0' || (await probe(port, host)))) return port;
  }
  throw new Error(`no free port in ${from}–${from + size - 1}`);
}

/** Whether something accepts a connection on the port now. */
export function accepts(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once something accepts connections on the port; fails after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 10_000, host = '127.0.0.1'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await accepts(port, host))) {
    if (Date.now() > end) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
