import { afterEach, describe, expect, it } from 'vitest';
import { ScriptSandbox, type SandboxHost } from './sandbox';

const sandboxes: ScriptSandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.close()));
});

function host() {
  const writes: Array<[string, unknown]> = [];
  const logs: string[] = [];
  const h: SandboxHost & { writes: typeof writes; logs: typeof logs } = {
    writes,
    logs,
    write: async (name, value) => {
      writes.push([name, value]);
      return name === 'locked' ? 2002 : 0;
    },
    log: (_level, text) => logs.push(text),
  };
  return h;
}

function sandbox(body: string, h = host(), limits = { timeMs: 500, memoryMb: 32 }) {
  const s = new ScriptSandbox(body, h, limits);
  sandboxes.push(s);
  return s;
}

describe('ScriptSandbox', () => {
  it('reads variables, writes through the host and logs', async () => {
    const h = host();
    const s = sandbox(
      `const level = read('level');
       const a = await write('pump', level > 50 ? 1 : 0);
       const b = await write('locked', 1);
       log('level', level, a.ok, b.code);`,
      h,
    );
    expect(await s.run({ level: 80 })).toMatchObject({ ok: true });
    expect(h.writes).toEqual([
      ['pump', 1],
      ['locked', 1],
    ]);
    expect(h.logs).toEqual(['level 80 true 2002']);
  });

  it('keeps script globals between runs of the same worker', async () => {
    const h = host();
    const s = sandbox(`globalThis.n = (globalThis.n ?? 0) + 1; log(n);`, h);
    await s.run({});
    await s.run({});
    expect(h.logs).toEqual(['1', '2']);
  });

  it('stops an endless loop at the time limit and runs again afterwards', async () => {
    const h = host();
    const s = sandbox(`if (read('spin')) { while (true) {} } log('ran');`, h);
    const started = Date.now();
    expect(await s.run({ spin: 1 })).toMatchObject({ ok: false });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await s.run({ spin: 0 })).toMatchObject({ ok: true });
    expect(h.logs).toEqual(['ran']);
  });

  it('terminates a script that awaits forever', async () => {
    const s = sandbox(`await new Promise(() => {});`);
    expect(await s.run({})).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('ends a script that exhausts its memory limit', async () => {
    const s = sandbox(`const hog = []; for (;;) hog.push(new Array(100000).fill(hog.length));`, host(), {
      timeMs: 20_000,
      memoryMb: 16,
    });
    expect(await s.run({})).toMatchObject({ ok: false, reason: 'memory' });
  });

  it('gives the script no way to the host process', async () => {
    const h = host();
    const s = sandbox(
      `const tries = [
         () => this.constructor.constructor('return process')(),
         () => read.constructor('return process')(),
         () => write('x', 1).constructor.constructor('return process')(),
         () => typeof process,
         () => typeof require,
       ];
       for (const t of tries) { try { log(String(t())); } catch (e) { log('blocked'); } }`,
      h,
    );
    expect(await s.run({})).toMatchObject({ ok: true });
    expect(h.logs).toEqual(['blocked', 'blocked', 'blocked', 'undefined', 'undefined']);
  });

  it('answers a syntax error without running', async () => {
    const s = sandbox(`this is not javascript`);
    expect(await s.run({})).toMatchObject({ ok: false, reason: 'compile' });
    expect(await s.run({})).toMatchObject({ ok: false, reason: 'compile' });
  });
});
