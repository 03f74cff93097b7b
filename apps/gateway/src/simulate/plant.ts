/**
 * A small plant that moves like a real one, for demos and tests: a raw water tank filled through
 * an inlet that opens and closes with demand and emptied by a pump (run by hand over coil 0, or
 * automatically around the level set point), a boiler that is idle, running or commissioning, and
 * an energy meter. Now and then something goes wrong enough to raise an alarm: the pump trips and
 * the tank rises past 9 m, the boiler overheats past 95 °C, the power demand peaks past 450 kW.
 * Pure: `stepPlant` takes the state and a random source and answers the next state.
 */
import { seededRandom } from '@fieldhub/shared';

/** Boiler state as register 16 holds it (the demo's state mapping). */
export const BOILER_STATES = { idle: 0, running: 1, commissioning: 2 } as const;
export type BoilerState = (typeof BOILER_STATES)[keyof typeof BOILER_STATES];

export const TANK_HEIGHT_M = 10;
const TANK_AREA_M2 = 2;
const PUMP_CAPACITY_M3H = 55;
/** The automatic pump starts above set point + band and stops below set point - band. */
const PUMP_BAND_M = 0.5;
/** Dry-run protection: the pump stops below this level whoever runs it. */
const PUMP_MIN_LEVEL_M = 0.2;
/** Above this level the automatic control runs the pump even if it was stopped by hand. */
const PUMP_SAFETY_LEVEL_M = 9.5;
const AMBIENT_C = 22;

export interface PlantState {
  /** Simulated seconds since start. */
  timeS: number;
  tankLevel: number;
  levelSetpoint: number;
  pumpRun: boolean;
  /** A tripped pump is not started before this time (0: not tripped). */
  pumpTrippedUntil: number;
  /** Which side of the control band the level was on, to act on crossings only. */
  aboveBand: boolean;
  belowBand: boolean;
  inletOpen: boolean;
  inletFlow: number;
  inletToggleAt: number;
  /** Pump outflow, m³/h. */
  flow: number;
  boilerState: BoilerState;
  boilerStateUntil: number;
  overheatUntil: number;
  tempOut: number;
  tempIn: number;
  pressure: number;
  power: number;
  peakUntil: number;
  /** Energy in kWh; the meter shows it in 0.01 kWh counts that wrap at 2^32. */
  energyKwh: number;
}

export { seededRandom };

export function initialPlant(): PlantState {
  return {
    timeS: 0,
    tankLevel: 4.2,
    levelSetpoint: 5,
    pumpRun: false,
    pumpTrippedUntil: 0,
    aboveBand: false,
    belowBand: false,
    inletOpen: true,
    inletFlow: 36,
    inletToggleAt: 120,
    flow: 0,
    boilerState: BOILER_STATES.running,
    boilerStateUntil: 600,
    overheatUntil: 0,
    tempOut: 78,
    tempIn: 58,
    pressure: 0.45,
    power: 320,
    peakUntil: 0,
    energyKwh: 123_456.78,
  };
}

/** The pump switched by hand (coil 0): it stays so until the automatic control next acts. */
export function setPump(state: PlantState, run: boolean): PlantState {
  return { ...state, pumpRun: run && state.tankLevel > PUMP_MIN_LEVEL_M, pumpTrippedUntil: 0 };
}

export function setLevelSetpoint(state: PlantState, setpoint: number): PlantState {
  return { ...state, levelSetpoint: setpoint };
}

/** Whether a level set point can be taken (the tank's height). */
export function validSetpoint(setpoint: number): boolean {
  return Number.isFinite(setpoint) && setpoint >= 0 && setpoint <= TANK_HEIGHT_M;
}

/** Moves `value` towards `target` with time constant `tauS`. */
const lag = (value: number, target: number, dtS: number, tauS: number): number =>
  value + (target - value) * (1 - Math.exp(-dtS / tauS));

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

/** Chance that an event with a mean interval of `meanS` seconds happens within `dtS`. */
const happens = (random: () => number, dtS: number, meanS: number): boolean => random() < dtS / meanS;

function stepTank(s: PlantState, dtS: number, random: () => number): void {
  if (s.timeS >= s.inletToggleAt) {
    s.inletOpen = !s.inletOpen;
    s.inletToggleAt = s.timeS + (s.inletOpen ? 90 + random() * 150 : 30 + random() * 60);
  }
  const demand = clamp(s.inletFlow + (random() - 0.5) * 2 * dtS, 25, 45);
  s.inletFlow = demand;
  const above = s.tankLevel > s.levelSetpoint + PUMP_BAND_M;
  const below = s.tankLevel < s.levelSetpoint - PUMP_BAND_M;
  const rearmed = s.pumpTrippedUntil > 0 && s.timeS >= s.pumpTrippedUntil;
  if (rearmed) s.pumpTrippedUntil = 0;
  const tripped = s.pumpTrippedUntil > 0;
  // The control acts when the level crosses the band (so a pump switched by hand stays so
  // meanwhile), when a trip is reset, and always near overflow.
  if (!tripped && above && (!s.aboveBand || rearmed || s.tankLevel > PUMP_SAFETY_LEVEL_M)) s.pumpRun = true;
  if (below && !s.belowBand) s.pumpRun = false;
  s.aboveBand = above;
  s.belowBand = below;
  if (s.pumpRun && happens(random, dtS, 1800)) {
    // A motor protection trip: the level climbs towards the high alarm until the trip is reset.
    s.pumpRun = false;
    s.pumpTrippedUntil = s.timeS + 600 + random() * 300;
  }
  if (s.tankLevel <= PUMP_MIN_LEVEL_M) s.pumpRun = false;
  s.flow = s.pumpRun ? PUMP_CAPACITY_M3H + (random() - 0.5) * 1.5 : 0;
  const inflow = s.inletOpen && s.tankLevel < TANK_HEIGHT_M ? demand : 0;
  s.tankLevel = clamp(s.tankLevel + ((inflow - s.flow) / 3600 / TANK_AREA_M2) * dtS, 0, TANK_HEIGHT_M);
}

function stepBoiler(s: PlantState, dtS: number, random: () => number): void {
  if (s.timeS >= s.boilerStateUntil) {
    const roll = random();
    if (s.boilerState !== BOILER_STATES.running) {
      s.boilerState = BOILER_STATES.running;
      s.boilerStateUntil = s.timeS + 600 + random() * 900;
    } else if (roll < 0.8) {
      s.boilerState = BOILER_STATES.idle;
      s.boilerStateUntil = s.timeS + 60 + random() * 120;
    } else {
      s.boilerState = BOILER_STATES.commissioning;
      s.boilerStateUntil = s.timeS + 60 + random() * 60;
    }
  }
  if (s.boilerState === BOILER_STATES.running && happens(random, dtS, 1200)) s.overheatUntil = s.timeS + 90;
  const overheating = s.timeS < s.overheatUntil;
  const target =
    s.boilerState === BOILER_STATES.running ? (overheating ? 99 : 80) : s.boilerState === 2 ? 65 : AMBIENT_C;
  s.tempOut = lag(s.tempOut, target, dtS, 45) + (random() - 0.5) * 0.3;
  const returnTarget = s.boilerState === BOILER_STATES.idle ? AMBIENT_C + 3 : s.tempOut - 20;
  s.tempIn = lag(s.tempIn, returnTarget, dtS, 90) + (random() - 0.5) * 0.2;
  const pressureTarget = s.boilerState === BOILER_STATES.idle ? 0.12 : s.boilerState === 2 ? 0.3 : 0.45;
  s.pressure = Math.max(0, lag(s.pressure, pressureTarget, dtS, 30) + (random() - 0.5) * 0.004);
}

function stepMeter(s: PlantState, dtS: number, random: () => number): void {
  if (happens(random, dtS, 900)) s.peakUntil = s.timeS + 45;
  const load =
    140 +
    (s.pumpRun ? 18 : 0) +
    (s.boilerState === BOILER_STATES.running ? 170 : s.boilerState === 2 ? 90 : 10) +
    (s.timeS < s.peakUntil ? 190 : 0);
  s.power = Math.max(0, lag(s.power, load, dtS, 8) + (random() - 0.5) * 4);
  s.energyKwh += (s.power * dtS) / 3600;
}

/** The plant `dtS` seconds later. */
export function stepPlant(state: PlantState, dtS: number, random: () => number): PlantState {
  const next = { ...state, timeS: state.timeS + dtS };
  stepTank(next, dtS, random);
  stepBoiler(next, dtS, random);
  stepMeter(next, dtS, random);
  return next;
}

/** The meter's reading in 0.01 kWh counts, as its uint32 register pair holds it. */
export function energyCounts(state: PlantState): number {
  return Math.floor(state.energyKwh * 100) % 2 ** 32;
}
