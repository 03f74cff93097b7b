import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AlarmRuleRow, DriverRow, ReportRow, ScriptRow, VariableRow } from '@fieldhub/shared';
import { toastSuccess } from '../../../app/notify';
import { request } from '../../../app/request';
import type { ConfigArea, ConfigOwner } from './configTypes';

const base = '/lfscada/equipment/multi';
const json = { json: true } as const;

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
    queryFn: () =>
      request<RowOf[A][]>(
        `${base}/${area}/query`,
        { owner, ...(area === 'alarm' ? { ruleType: '00' } : {}), ...filter },
        json,
      ),
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
  const { t } = useTranslation('common');
  const refresh = useRefreshOwner(owner);
  const save = useMutation({
    mutationFn: ({ id, item }: { id?: number | undefined; item: unknown }) =>
      id === undefined
        ? request<{ id: number }>(`${base}/${area}/add`, { owner, item }, json)
        : request(`${base}/${area}/edit`, { owner, id, item }, json),
    onSuccess: async () => {
      toastSuccess(t('saved'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) =>
      area === 'variable'
        ? request(`${base}/variable/delete`, { owner, ids }, json)
        : Promise.all(ids.map((id) => request(`${base}/${area}/delete`, { owner, id }, json))),
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
      request(`${base}/variable/pin`, { owner, id, pinned }, json),
    onSuccess: refresh,
  });
  const sort = useMutation({
    mutationFn: (ids: number[]) => request(`${base}/variable/sort`, { owner, ids }, json),
    onSuccess: refresh,
  });
  return { pin, sort };
}
