import { expect, it } from 'vitest';
import { TYPICAL_LAG_TAU_MS, typicalLag } from './linkLag';

function fakeClock() {
  let t = 1_800_000_000_000;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

it('follows the typical lag of many batches; one late batch among them moves it little', () => {
  const clock = fakeClock();
  const lag = typicalLag(clock);
  for (let i = 0; i < 20_000; i++) {
    clock.advance(1);
    lag.note(i === 10_000 ? 5_000 : 50); // a gateway with a clock 5 s behind, once
  }
  expect(lag.ms()).toBeGreaterThan(45);
  expect(lag.ms()).toBeLessThan(60);
});

it('rises to a link that falls behind within a few averaging times, and falls back', () => {
  const clock = fakeClock();
  const lag = typicalLag(clock);
  for (let i = 0; i < 100; i++) {
    clock.advance(10);
    lag.note(80);
  }
  // from now on, every batch is stored 3 s after its sample
  for (let t = 0; t < 3 * TYPICAL_LAG_TAU_MS; t += 10) {
    clock.advance(10);
    lag.note(3_000);
  }
  expect(lag.ms()).toBeGreaterThan(2_800);
  for (let t = 0; t < 3 * TYPICAL_LAG_TAU_MS; t += 10) {
    clock.advance(10);
    lag.note(80);
  }
  expect(lag.ms()).toBeLessThan(300);
});

it('follows a lone gateway batch by batch, and reads 0 once no live batch came for a while', () => {
  const clock = fakeClock();
  const lag = typicalLag(clock);
  lag.note(1_500);
  expect(lag.ms()).toBe(1_500);
  clock.advance(10_000);
  lag.note(100);
  expect(lag.ms()).toBeLessThan(400);
  clock.advance(3 * TYPICAL_LAG_TAU_MS + 1);
  expect(lag.ms()).toBe(0);
});
