/** The simulated plant of `--simulate`: `startSimulatedPlant({ port, host? })`. */
export {
  PLANT_COILS,
  PLANT_REGISTERS,
  PLANT_SLAVE_ID,
  plantHoldingRegisters,
  startSimulatedPlant,
  type PlantOptions,
  type SimulatedPlant,
} from './modbusPlant';
export { BOILER_STATES, type BoilerState, type PlantState } from './plant';
