import { describe, expect, it } from 'vitest';
import { decodeValue } from '@fieldhub/shared';
import {
  BOILER_STATES,
  type PlantState,
  energyCounts,
  initialPlant,
  seededRandom,
  setLevelSetpoint,
  setPump,
  stepPlant,
} from './plant';
import { PLANT_REGISTERS, plantHoldingRegisters } from './modbusPlant';

/** No noise and no events: every roll lands in the middle. */
const calm = () => 0.5;

function run(state: PlantState, seconds: number, random: () => number = calm): PlantState {
  let s = state;
  for (let t = 0; t < seconds; t++) s = stepPlant(s, 1, random);
  return s;
}

describe('the tank', () => {
  it('rises while the inlet is open and the pump stands, and falls while the pump runs', () => {
    const start = { ...initialPlant(), tankLevel: 3, inletOpen: true, inletToggleAt: 1e9 };
    const filled = run(start, 60);
    expect(filled.pumpRun).toBe(false);
    expect(filled.tankLevel).toBeGreaterThan(3.2);
    const pumping = run(setPump(filled, true), 60);
    expect(pumping.flow).toBeGreaterThan(50);
    expect(pumping.tankLevel).toBeLessThan(filled.tankLevel);
  });

  it('starts the pump when the level rises past the set point band and stops it below', () => {
    const start = { ...initialPlant(), tankLevel: 4, inletToggleAt: 1e9 };
    const lowered = run(setLevelSetpoint(start, 2), 1);
    expect(lowered.pumpRun).toBe(true);
    const raised = run(setLevelSetpoint(lowered, 8), 1);
    expect(raised.pumpRun).toBe(false);
  });

  it('keeps a pump switched by hand until the control next acts', () => {
    const start = { ...initialPlant(), tankLevel: 5, inletToggleAt: 1e9 };
    const byHand = run(setPump(start, true), 30);
    expect(byHand.pumpRun).toBe(true);
    // Pumping down past set point - band (4.5 m) is the next crossing: the control stops it.
    const later = run(byHand, 170);
    expect(later.tankLevel).toBeLessThan(4.6);
    expect(later.pumpRun).toBe(false);
  });

  it('climbs past the 9 m alarm while the pump is tripped, then the reset pump brings it down', () => {
    const tripped = { ...initialPlant(), tankLevel: 8.5, pumpTrippedUntil: 400, inletToggleAt: 1e9 };
    const high = run(tripped, 200);
    expect(high.pumpRun).toBe(false);
    expect(high.tankLevel).toBeGreaterThan(9);
    const reset = run(high, 250);
    expect(reset.pumpRun).toBe(true);
    expect(reset.tankLevel).toBeLessThan(high.tankLevel + 0.5);
  });

  it('never runs the pump dry nor overflows', () => {
    const dry = run(
      setPump({ ...initialPlant(), tankLevel: 0.3, inletOpen: false, inletToggleAt: 1e9 }, true),
      60,
    );
    expect(dry.pumpRun).toBe(false);
    expect(dry.tankLevel).toBeGreaterThanOrEqual(0);
    const full = run({ ...initialPlant(), tankLevel: 9.9, pumpTrippedUntil: 1e9, inletToggleAt: 1e9 }, 300);
    expect(full.tankLevel).toBeLessThanOrEqual(10);
  });
});

describe('the boiler and the meter', () => {
  it('heats towards 80 °C while running and cools when idle', () => {
    const running = run({ ...initialPlant(), boilerStateUntil: 1e9 }, 300);
    expect(running.tempOut).toBeCloseTo(80, 0);
    expect(running.tempIn).toBeGreaterThan(55);
    expect(running.pressure).toBeCloseTo(0.45, 2);
    const idle = run({ ...running, boilerState: BOILER_STATES.idle, boilerStateUntil: 1e9 }, 600);
    expect(idle.tempOut).toBeLessThan(30);
    expect(idle.pressure).toBeLessThan(0.2);
  });

  it('overheats past the 95 °C alarm now and then', () => {
    const hot = run({ ...initialPlant(), boilerStateUntil: 1e9, overheatUntil: 200 }, 150);
    expect(hot.tempOut).toBeGreaterThan(95);
  });

  it('counts energy up in 0.01 kWh and wraps the uint32 counter', () => {
    const start = initialPlant();
    const later = run(start, 3600);
    const kwh = (energyCounts(later) - energyCounts(start)) / 100;
    expect(kwh).toBeGreaterThan(200);
    expect(kwh).toBeLessThan(500);
    expect(energyCounts({ ...start, energyKwh: 2 ** 32 / 100 + 1 })).toBe(100);
  });

  it('peaks past 450 kW on a demand peak', () => {
    const peak = run({ ...initialPlant(), boilerStateUntil: 1e9, peakUntil: 100 }, 60);
    expect(peak.power).toBeGreaterThan(450);
  });
});

describe('the plant over a day', () => {
  it('cycles the boiler through its states and raises each alarm at least once, reproducibly', () => {
    const day = (seed: number) => {
      const random = seededRandom(seed);
      let s = initialPlant();
      const seen = { states: new Set<number>(), level: 0, tempOut: 0, power: 0 };
      for (let t = 0; t < 86_400; t++) {
        s = stepPlant(s, 1, random);
        seen.states.add(s.boilerState);
        seen.level = Math.max(seen.level, s.tankLevel);
        seen.tempOut = Math.max(seen.tempOut, s.tempOut);
        seen.power = Math.max(seen.power, s.power);
      }
      return { ...seen, states: [...seen.states].sort(), last: s };
    };
    const first = day(7);
    expect(first.states).toEqual([0, 1, 2]);
    expect(first.level).toBeGreaterThan(9);
    expect(first.tempOut).toBeGreaterThan(95);
    expect(first.power).toBeGreaterThan(450);
    expect(day(7).last).toEqual(first.last);
  });
});

describe('plantHoldingRegisters', () => {
  it('lays the values out as the demo devices read them (float32 ABCD, uint16, uint32)', () => {
    const s = { ...initialPlant(), tankLevel: 6.5, levelSetpoint: 5, boilerState: BOILER_STATES.idle };
    const registers = plantHoldingRegisters(s);
    const at = (offset: number, count: number) => registers.slice(offset, offset + count);
    expect(registers).toHaveLength(100);
    expect(decodeValue('float32', 'ABCD', at(PLANT_REGISTERS.tankLevel, 2))).toBe(6.5);
    expect(decodeValue('float32', 'ABCD', at(PLANT_REGISTERS.levelSetpoint, 2))).toBe(5);
    expect(decodeValue('uint16', 'AB', at(PLANT_REGISTERS.state, 1))).toBe(0);
    expect(decodeValue('uint32', 'ABCD', at(PLANT_REGISTERS.energy, 2))).toBe(12_345_678);
    expect(decodeValue('float32', 'ABCD', at(PLANT_REGISTERS.power, 2))).toBe(320);
  });
});
