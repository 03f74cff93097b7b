import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { accepts, freePort, freePortOutsideEphemeralRange, waitForPort } from './ports';

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

  it('keeps ports for later servers below the ephemeral range', async () => {
    const port = await freePortOutsideEphemeralRange();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
  });

  it('gives up waiting for a port nothing opens', async () => {
    await expect(waitForPort(await freePort(), 100)).rejects.toThrow(/nothing listens on port/);
  });
});
