export * from './errors/catalogue';
export * from './errors/appError';
export * from './envelope';
export * from './i18n/lang';
export * from './validation/password';
export * from './validation/form';
export * from './validation/inputText';
export * from './auth/permissions';
export * from './auth/account';
export * from './timers';
export * from './auth/accountForms';
export * from './auth/rows';
export * from './auth/operationActions';
export * from './device/index';
export {
  FORMULA_MAX_LENGTH,
  FORMULA_MAX_DEPTH,
  type FormulaValue,
  type FormulaResolver,
  type FormulaNode,
  type FormulaUnaryOp,
  type FormulaBinaryOp,
  type FormulaError,
  type FormulaErrorKind,
} from './formula/ast';
export { parseFormula, type FormulaParseResult } from './formula/parser';
export {
  evaluateFormula,
  compileFormula,
  type CompiledFormula,
  type CompileResult,
} from './formula/evaluate';
export {
  formulaReferences,
  validateFormula,
  type FormulaReferences,
  type FormulaValidationOptions,
} from './formula/validate';
export { FORMULA_FUNCTION_NAMES, roundHalfAway } from './formula/functions';
export {
  MVAR_TYPES,
  evaluateMvar,
  mvarRefs,
  type MvarType,
  type MvarReading,
  type MvarLookup,
} from './formula/mvar';
export {
  registerCount,
  byteLength,
  isDataType,
  type RwMode,
  type AddressProblem,
  type AddressField,
  type AddressResult,
} from './address/dataTypes';
export {
  encodeValue,
  decodeValue,
  checkWriteValue,
  byteOrderFor,
  NUMBER_WIDTH,
  type NumberType,
  readNumber,
  writeNumber,
  type ByteOrder,
  type ByteOrder16,
  type ByteOrder32,
  type ByteOrder64,
  type DriverByteOrders,
} from './address/byteOrder';
export {
  MODBUS_REGISTER_TYPES,
  MODBUS_STRING_MAX_READ,
  MODBUS_STRING_MAX_WRITE,
  parseModbusAddress,
  resolveModbusVariable,
  type ModbusRegisterType,
  type ModbusAddress,
  type ModbusVariableAddress,
  type ModbusVariableInput,
} from './address/modbus';
export {
  S7_STRING_MAX_LENGTH,
  parseS7Address,
  resolveS7Variable,
  type S7Area,
  type S7Size,
  type S7Address,
  type S7VariableAddress,
  type S7VariableInput,
} from './address/s7';
export {
  OPCUA_STRING_ID_MAX,
  parseOpcUaNodeId,
  type OpcUaNodeId,
  type OpcUaIdentifierType,
} from './address/opcua';
export {
  ADDRESS_PROTOCOLS,
  validateAddress,
  type AddressProtocol,
  type VariableAddressInput,
} from './address/validateAddress';
export * from './protocol/index';
export * from './live/messages';
export * from './live/monitorCalls';
export * from './commandPoll';
export * from './errors/fieldbus';
export * from './msg/index';
export * from './pages/index';
export * from './project/index';
export * from './expr/index';
export * from './mvar/index';
export * from './projectMonitor/index';
export * from './sandbox';
export * from './contract/index';
export * from './ops/repairKernel';
export * from './seededRandom';
