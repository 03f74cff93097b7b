import { describe, expect, it } from 'vitest';
import { GatewayClock } from './gatewayClock';

describe('the gateway clock', () => {
  it("runs on the system clock until the platform's time moves it by an offset", () => {
    let system = 1_000_000;
    const clock = new GatewayClock(() => system);
    expect(clock.now()).toBe(1_000_000);
    expect(clock.set(1_600_000)).toBe(600_000);
    system += 5_000;
    expect(clock.now()).toBe(1_605_000);
    expect(clock.offsetMs).toBe(600_000);
    expect(clock.set(1_000_000)).toBe(-5_000);
    expect(clock.now()).toBe(1_000_000);
  });
});
