import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MonitorSession, type GatewayProbe, type MonitorSessionState } from './monitorSession';

const online: GatewayProbe = { status: 'online', vpn: false };
const offline: GatewayProbe = { status: 'offline', vpn: false };

function session(opts: { gateway?: GatewayProbe; economize?: boolean; pollAllowed?: boolean } = {}) {
  let gateway: GatewayProbe = opts.gateway ?? online;
  const calls = { probe: 0, open: 0 };
  const states: MonitorSessionState[] = [];
  const s = new MonitorSession({
    probeGateway: async () => {
      calls.probe++;
      return gateway;
    },
    open: async () => {
      calls.open++;
      return gateway !== 'none' && gateway.status === 'online';
    },
    onChange: (state) => states.push(state),
    pollAllowed: opts.pollAllowed ?? true,
    economize: opts.economize ?? false,
  });
  return {
    s,
    calls,
    states,
    setGateway: (g: GatewayProbe) => (gateway = g),
  };
}

/** Advances fake time and lets the awaited calls inside the timers settle. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live monitoring timers (docs/requirements/monitoring.md §4)', () => {
  it('queries the gateway on start and opens monitoring when it is online', async () => {
    const { s, calls } = session();
    await s.start();
    expect(calls).toEqual({ probe: 1, open: 1 });
    expect(s.current).toMatchObject({ loaded: true, monitoring: true });
    s.stop();
  });

  it('leaves monitoring off for an offline gateway, a VPN gateway or no gateway, and counts as loaded', async () => {
    for (const gateway of [offline, { status: 'online', vpn: true } as const, 'none' as const]) {
      const { s, calls } = session({ gateway });
      await s.start();
      expect(calls.open).toBe(0);
      expect(s.current).toMatchObject({ loaded: true, monitoring: false });
      s.stop();
    }
  });

  it('polls the gateway every 60 s and adds 60 s of idle time per poll', async () => {
    const { s, calls } = session();
    await s.start();
    await advance(59_999);
    expect(calls.probe).toBe(1);
    await advance(1);
    expect(calls.probe).toBe(2);
    expect(s.current.idleMs).toBe(60_000);
    await advance(120_000);
    expect(calls.probe).toBe(4);
    expect(s.current.idleMs).toBe(180_000);
    s.stop();
  });

  it('re-opens monitoring every 580 s', async () => {
    const { s, calls } = session();
    await s.start();
    await advance(579_999);
    expect(calls.open).toBe(1);
    await advance(1);
    expect(calls.open).toBe(2);
    await advance(580_000);
    expect(calls.open).toBe(3);
    s.stop();
  });

  it('in economize mode lets monitoring lapse at the re-open when idle 120 s or more', async () => {
    const { s, calls } = session({ economize: true });
    await s.start();
    await advance(580_000);
    expect(calls.open).toBe(1);
    expect(s.current).toMatchObject({ monitoring: false, paused: true });
    // later polls do not open it again on their own
    await advance(600_000);
    expect(calls.open).toBe(1);
    s.stop();
  });

  it('keeps re-opening in economize mode while the user is active', async () => {
    const { s, calls } = session({ economize: true });
    await s.start();
    // activity every 50 s keeps idle time under 120 s
    for (let t = 0; t < 580_000; t += 50_000) {
      await advance(50_000);
      s.activity();
    }
    expect(calls.open).toBe(2);
    expect(s.current.monitoring).toBe(true);
    s.stop();
  });

  it('resets idle time on activity, and activity after 120 s idle re-opens lapsed monitoring', async () => {
    const { s, calls } = session({ economize: true });
    await s.start();
    await advance(580_000);
    expect(s.current.paused).toBe(true);
    s.activity();
    await advance(0);
    expect(calls.open).toBe(2);
    expect(s.current).toMatchObject({ monitoring: true, paused: false, idleMs: 0 });
    s.stop();
  });

  it('activity before 120 s of idle time does not query or open anything', async () => {
    const { s, calls } = session();
    await s.start();
    await advance(60_000);
    s.activity();
    await advance(0);
    expect(calls).toEqual({ probe: 2, open: 1 });
    expect(s.current.idleMs).toBe(0);
    s.stop();
  });

  it('turns monitoring off when the gateway goes offline and opens it when it returns', async () => {
    const { s, calls, setGateway } = session();
    await s.start();
    setGateway(offline);
    await advance(60_000);
    expect(s.current.monitoring).toBe(false);
    setGateway(online);
    await advance(60_000);
    expect(s.current.monitoring).toBe(true);
    expect(calls.open).toBe(2);
    s.stop();
  });

  it('does not poll outside the top window or the nav-iframe frame', async () => {
    const { s, calls } = session({ pollAllowed: false });
    await s.start();
    await advance(600_000);
    expect(calls).toEqual({ probe: 1, open: 1 });
    s.stop();
  });

  it('stops every timer on stop', async () => {
    const { s, calls, states } = session();
    await s.start();
    s.stop();
    const seen = states.length;
    await advance(3_600_000);
    expect(calls).toEqual({ probe: 1, open: 1 });
    expect(states.length).toBe(seen);
  });

  it('counts as loaded when the first gateway query fails', async () => {
    const s = new MonitorSession({
      probeGateway: () => Promise.reject(new Error('network')),
      open: async () => true,
      onChange: () => undefined,
      pollAllowed: true,
    });
    await s.start();
    expect(s.current).toMatchObject({ loaded: true, monitoring: false });
    s.stop();
  });
});
