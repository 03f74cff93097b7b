import {
  AppError,
  Err,
  validateFormula,
  type ConfigOwnerInput,
  type LocalizedText,
  type OperationAction,
} from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { visibleDevice } from '../devices/deviceScope';
import { recordBy } from '../oplog/oplog.service';
import { visibleTemplate } from '../templates/templateScope';
import {
  bumpConfigVersion,
  COUNTED_AREAS,
  countOwnerRows,
  ownerRowIn,
  seriesRow,
  type ConfigTable,
  type CountedArea,
  type SeriesCapacity,
} from './configOwner.repo';

/** The device or template a configuration call names (its schema is the contract's configOwnerInput). */
export type OwnerInput = ConfigOwnerInput;

export type ConfigArea = 'driver' | 'variable' | 'alarm' | 'report' | 'script';

export interface ConfigOwner {
  kind: 'equipment' | 'template';
  id: number;
  orgId: number;
  /** series whose capacities apply */
  series: string;
  hasGateway: boolean;
  templateId: number | null;
  /** `equipment_id` or `template_id`: the owner column of every configuration table */
  column: 'equipment_id' | 'template_id';
}

export async function seriesCapacity(db: Db, series: string | null): Promise<SeriesCapacity> {
  const row = await seriesRow(db, series);
  if (!row) throw new AppError(Err.gatewaySeriesUnsupported);
  return row;
}

// A device bound to a template may not edit these locally (docs/requirements/device-configuration.md §1.2);
// alarms and scripts it may.
const templateOwned: Partial<Record<ConfigArea, number>> = {
  driver: Err.templateOwnsDrivers,
  variable: Err.templateOwnsVariables,
  report: Err.templateOwnsReports,
};

/**
 * The device or template a configuration call is about, checked for visibility. With `edit`,
 * also checks that the owner may change that area here.
 */
export async function resolveOwner(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  edit?: ConfigArea,
): Promise<ConfigOwner> {
  if (!auth.auths.has(input.equipmentId !== null ? 'equipment_manage' : 'template_manage'))
    throw new AppError(Err.noAccess);
  if (input.equipmentId !== null) {
    const device = await visibleDevice(db, auth, input.equipmentId);
    const owner: ConfigOwner = {
      kind: 'equipment',
      id: device.id,
      orgId: device.org_id,
      series: device.series ?? (await seriesCapacity(db, null)).name,
      hasGateway: device.gateway_id !== null,
      templateId: device.template_id,
      column: 'equipment_id',
    };
    if (edit && device.template_id !== null && templateOwned[edit]) throw new AppError(templateOwned[edit]);
    return owner;
  }
  const template = await visibleTemplate(db, auth, input.templateId!);
  return {
    kind: 'template',
    id: template.id,
    orgId: template.org_id,
    series: template.series,
    hasGateway: false,
    templateId: null,
    column: 'template_id',
  };
}

/**
 * Closes a change of the owner's configuration: bumps its version (a device must then be synced
 * to its gateway, a template's devices to it) and writes `action` to the operation log.
 */
export async function recordChange(
  db: Db,
  auth: AuthContext,
  ip: string,
  owner: ConfigOwner,
  action: OperationAction,
  detail: Record<string, unknown>,
): Promise<void> {
  await bumpConfigVersion(db, owner);
  await recordBy(db, auth, ip, { action, objectType: owner.kind, objectId: owner.id, detail });
}

const deviceCodes: Record<CountedArea, number> = {
  drivers: Err.driverLimit,
  variables: Err.variableCapacity,
  alarms: Err.alarmRuleCapacity,
  reports: Err.reportCapacity,
  scripts: Err.scriptCapacity,
  stored: Err.storedVariableCapacity,
};
const templateCodes: Record<CountedArea, number> = {
  drivers: Err.templateDriverCapacity,
  variables: Err.templateVariableCapacity,
  alarms: Err.templateAlarmCapacity,
  reports: Err.templateReportCapacity,
  scripts: Err.templateScriptCapacity,
  stored: Err.templateStoredVariableCapacity,
};

const limitOf = (cap: SeriesCapacity, area: CountedArea): number =>
  ({
    drivers: cap.max_drivers,
    variables: cap.max_variables,
    alarms: cap.max_alarms,
    reports: cap.max_reports,
    scripts: cap.max_scripts,
    stored: cap.max_stored,
  })[area];

/** Refuses adding `extra` rows of an area beyond the series capacity (17xx for devices, 31xx for templates). */
export async function checkCapacity(db: Db, owner: ConfigOwner, area: CountedArea, extra = 1): Promise<void> {
  if (extra <= 0) return;
  const cap = await seriesCapacity(db, owner.series);
  if ((await countOwnerRows(db, owner, area)) + extra > limitOf(cap, area)) {
    throw new AppError((owner.kind === 'equipment' ? deviceCodes : templateCodes)[area]);
  }
}

/** Counts of every area for an owner, checked against a series (binding a gateway or template). */
export async function checkAllCapacities(db: Db, owner: ConfigOwner, series: string): Promise<void> {
  const cap = await seriesCapacity(db, series);
  for (const area of COUNTED_AREAS) {
    if ((await countOwnerRows(db, owner, area)) > limitOf(cap, area)) throw new AppError(deviceCodes[area]);
  }
}

/** Throws `missingCode` unless the row belongs to the owner. */
export async function requireOwnedRow(
  db: Db,
  owner: ConfigOwner,
  table: ConfigTable,
  id: number,
  missingCode: number,
) {
  if (!(await ownerRowIn(db, owner, table, id))) throw new AppError(missingCode);
}

/**
 * Checks a formula or condition with the shared engine (at most 200 characters, parseable, reading
 * only the given names) and throws `code` with the engine's bilingual explanation.
 */
export function requireFormula(
  text: string,
  allowedIdentifiers: string[],
  code: number = Err.parameterCheckFailed,
  field = '',
): void {
  const error = validateFormula(text, { allowedIdentifiers });
  if (!error) return;
  const prefix = field ? `${field}: ` : '';
  const detail: LocalizedText = { 'zh-CN': prefix + error.message.zh, 'en-US': prefix + error.message.en };
  throw new AppError(code, { params: { detail } });
}
