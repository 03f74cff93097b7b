import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../useT';
import {
  deviceConfigCalls as calls,
  type AlarmRuleRow,
  type CallDef,
  type DriverRow,
  type ReportRow,
  type ScriptRow,
  type VariableRow,
} from '@fieldhub/shared';
import { toastSuccess } from '../notify';
import { callApi } from '../request';
import type { ConfigArea, ConfigOwner } from './configTypes';

/** The list, add, edit and delete calls of each configuration area. */
const areaCalls = {
  driver: {
    list: calls.driverList,
    add: calls.driverAdd,
    edit: calls.driverEdit,
    remove: calls.driverDelete,
  },
  variable: {
    list: calls.variableList,
    add: calls.variableAdd,
    edit: calls.variableEdit,
    remove: calls.variableDelete,
  },
  alarm: { list: calls.alarmList, add: calls.alarmAdd, edit: calls.alarmEdit, remove: calls.alarmDelete },
  report: {
    list: calls.reportList,
    add: calls.reportAdd,
    edit: calls.reportEdit,
    remove: calls.reportDelete,
  },
  script: {
    list: calls.scriptList,
    add: calls.scriptAdd,
    edit: calls.scriptEdit,
    remove: calls.scriptDelete,
  },
} as const satisfies Record<ConfigArea, Record<'list' | 'add' | 'edit' | 'remove', CallDef>>;

/**
 * Adds or edits a row of an area picked at run time. The areas' calls differ only in the item,
 * which the area's drawer has already parsed with that area's schema (the server checks it
 * again), so here it passes as it came.
 */
function saveRow(area: ConfigArea, input: { owner: ConfigOwner; id?: number | undefined; item: unknown }) {
  const { id, ...rest } = input;
  const { add, edit } = areaCalls[area];
  return id === undefined ? callApi(add, rest as never) : callApi(edit, { ...rest, id } as never);
}

/** The rows of an area: variables narrowed by driver and keyword, alarm rules of type '00' (equipment info). */
function listRows(
  owner: ConfigOwner,
  area: ConfigArea,
  filter: { driverId?: number | undefined; keyword?: string | undefined },
) {
  switch (area) {
    case 'alarm':
      return callApi(calls.alarmList, { owner, ruleType: '00' });
    case 'variable':
      return callApi(calls.variableList, { owner, ...filter });
    default:
      return callApi(areaCalls[area].list, { owner });
  }
}

const ownerKey = (owner: ConfigOwner) =>
  'equipmentId' in owner ? `equipment:${owner.equipmentId}` : `template:${owner.templateId}`;

/** Query keys of a device's or template's configuration; device info and lists depend on it too. */
export const configKeys = {
  owner: (owner: ConfigOwner) => ['config', ownerKey(owner)] as const,
  area: (owner: ConfigOwner, area: ConfigArea) => ['config', ownerKey(owner), area] as const,
};

/** The row type of each configuration area. */
export interface RowOf {
  driver: DriverRow;
  variable: VariableRow;
  alarm: AlarmRuleRow;
  report: ReportRow;
  script: ScriptRow;
}

/** Every row of one area (variables optionally narrowed by driver and keyword). */
export function useConfigList<A extends ConfigArea>(
  owner: ConfigOwner,
  area: A,
  filter: { driverId?: number | undefined; keyword?: string | undefined } = {},
) {
  return useQuery({
    queryKey: [...configKeys.area(owner, area), filter],
    queryFn: () => listRows(owner, area, filter) as Promise<RowOf[A][]>,
  });
}

/**
 * After a change the whole owner is refreshed: variable counts of drivers, variable names of
 * alarm rules and reports, and the device's "sync needed" and template states all move together.
 */
function useRefreshOwner(owner: ConfigOwner) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: configKeys.owner(owner) }),
      client.invalidateQueries({ queryKey: ['devices'] }),
      client.invalidateQueries({ queryKey: ['templates'] }),
    ]);
}

/** Add (no id) or edit (with id) one row of an area, and delete rows. */
export function useConfigActions(owner: ConfigOwner, area: ConfigArea) {
  const { t } = useT('common');
  const refresh = useRefreshOwner(owner);
  const save = useMutation({
    mutationFn: ({ id, item }: { id?: number | undefined; item: unknown }) =>
      saveRow(area, { owner, id, item }),
    onSuccess: async () => {
      toastSuccess(t('saved'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) =>
      area === 'variable'
        ? callApi(calls.variableDelete, { owner, ids })
        : Promise.all(ids.map((id) => callApi(areaCalls[area].remove, { owner, id }))),
    onSuccess: async () => {
      toastSuccess(t('deleted'));
      await refresh();
    },
  });
  return { save, remove };
}

/** Pinning and ordering of variables. */
export function useVariableOrder(owner: ConfigOwner) {
  const refresh = useRefreshOwner(owner);
  const pin = useMutation({
    mutationFn: ({ id, pinned }: { id: number; pinned: 'top' | 'bottom' | 'none' }) =>
      callApi(calls.variablePin, { owner, id, pinned }),
    onSuccess: refresh,
  });
  const sort = useMutation({
    mutationFn: (ids: number[]) => callApi(calls.variableSort, { owner, ids }),
    onSuccess: refresh,
  });
  return { pin, sort };
}
