import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { accepts, freePort, waitForPort } from './ports';

describe('ports', () => {
  it('gives a port nothing listens on, and waits until something does', async () => {
    const port = await freePort();
    expect(await accepts(port)).toBe(false);
    const server = createServer();
    setTimeout(() => server.listen(port, '127.0.0.1'), 100);
    await waitForPort(port, 5000);
    expect(await accepts(port)).toBe(true);
    await new Promise((resolve) => server.close(resolve));
  });

  it("hands out ports below the ephemeral range, from the worker's slice, never one twice", async () => {
    const ports: number[] = [];
    for (let i = 0; i < 40; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    const pool = Number(process.env['VITEST_POOL_ID']);
    const from = 20_000 + ((pool - 1) % 8) * 1500;
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(from);
      expect(port).toBeLessThan(from + 1500);
    }
  });

  it('skips a port something holds on any address', async () => {
    const first = await freePort();
    // the next ports in turn, held on the loopback address: freePort passes over them
    const held = await Promise.all(
      [1, 2, 3].map(
        (i) =>
          new Promise<ReturnType<typeof createServer> | undefined>((resolve) => {
            const server = createServer();
            server.once('error', () => resolve(undefined));
            server.listen(first + i, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    const port = await freePort('0.0.0.0');
    expect(port).not.toBe(first + 1);
    expect(port).not.toBe(first + 2);
    expect(port).not.toBe(first + 3);
    await Promise.all(held.map((s) => s && new Promise((resolve) => s.close(resolve))));
  });

  it('gives up waiting for a port nothing opens', async () => {
    await expect(waitForPort(await freePort(), 100)).rejects.toThrow(/nothing listens on port/);
  });
});
