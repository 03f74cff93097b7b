import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT, type KeyOf } from '../useT';
import {
  devicesCalls,
  gatewaysCalls,
  groupCalls,
  templatesCalls,
  type DeviceRow,
  type EquipmentInput,
} from '@fieldhub/shared';
import { toastSuccess } from '../notify';
import { callApi } from '../request';
import { rootKeys } from '../queryKeys';
import type { ConfigOwner } from './configTypes';

/** Query keys of device data; everything under `devices` (the device list included) refreshes together. */
export const deviceKeys = {
  all: rootKeys.devices,
  info: (id: number) => ['devices', 'info', id] as const,
  groups: ['groups'] as const,
  manufacturers: ['devices', 'manufacturers'] as const,
  templateOptions: ['templates', 'options'] as const,
};

export function useDeviceInfo(id: number | undefined) {
  return useQuery({
    queryKey: deviceKeys.info(id ?? 0),
    queryFn: () => callApi(devicesCalls.info, { id }),
    enabled: id !== undefined,
  });
}

/** The enterprise's device groups (a flat list with parentId). */
export function useGroups() {
  return useQuery({
    queryKey: deviceKeys.groups,
    queryFn: () => callApi(groupCalls.list),
    staleTime: 30_000,
  });
}

/** Manufacturers already used, offered while typing. */
export function useManufacturers() {
  return useQuery({
    queryKey: deviceKeys.manufacturers,
    queryFn: () => callApi(devicesCalls.manufacturersShort),
    staleTime: 60_000,
  });
}

/** Templates the device could be bound to. */
export function useTemplateOptions(enabled = true) {
  return useQuery({
    queryKey: deviceKeys.templateOptions,
    queryFn: async () => (await callApi(templatesCalls.list, {})).list,
    enabled,
  });
}

/** A gateway by SN, silently: "not found" or "wrong format" is shown next to the field. */
export function lookupGateway(sn: string) {
  return callApi(gatewaysCalls.bySn, { sn }, { silent: true });
}

/** The gateway bound to a device: series, model and firmware beyond what device info carries. */
export function useBoundGateway(sn: string | null | undefined) {
  return useQuery({
    queryKey: ['devices', 'gateway', sn],
    queryFn: () => lookupGateway(sn!),
    enabled: !!sn,
    retry: false,
  });
}

/** Basic information, gateway and template binding of one device. */
export function useDeviceActions() {
  const { t } = useT('deviceConfig');
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: deviceKeys.all }),
      client.invalidateQueries({ queryKey: ['config'] }),
      client.invalidateQueries({ queryKey: ['templates'] }),
      client.invalidateQueries({ queryKey: deviceKeys.groups }),
    ]);
  const done = (key: KeyOf<'deviceConfig'>) => async () => {
    toastSuccess(t(key));
    await refresh();
  };

  const saveBasic = useMutation({
    mutationFn: ({ id, item }: { id?: number | undefined; item: EquipmentInput }) =>
      id === undefined
        ? callApi(devicesCalls.add, item)
        : callApi(devicesCalls.edit, { id, ...item }).then(() => ({ id })),
    onSuccess: done('common:saved'),
  });
  const bindGateway = useMutation({
    mutationFn: (b: { equipmentId: number; sn: string; verifyCode: string }) =>
      callApi(devicesCalls.bindGateway, b),
    onSuccess: done('gateway.bound'),
  });
  const unbindGateway = useMutation({
    mutationFn: (equipmentId: number) => callApi(devicesCalls.unbindGateway, { equipmentId }),
    onSuccess: done('gateway.unbound'),
  });
  const bindTemplate = useMutation({
    mutationFn: (b: { equipmentId: number; templateId: number }) => callApi(devicesCalls.bindTemplate, b),
    onSuccess: done('template.bound'),
  });
  const unbindTemplate = useMutation({
    mutationFn: (equipmentId: number) => callApi(devicesCalls.unbindTemplate, { equipmentId }),
    onSuccess: done('template.unbound'),
  });
  const syncTemplate = useMutation({
    mutationFn: (equipmentId: number) => callApi(devicesCalls.syncTemplate, { equipmentId }),
    onSuccess: done('template.synced'),
  });
  return { saveBasic, bindGateway, unbindGateway, bindTemplate, unbindTemplate, syncTemplate };
}

/** What a configuration tab needs to know about its owner. */
export interface ConfigScope {
  owner: ConfigOwner;
  /** the device this configuration belongs to, when it is a device's */
  device: DeviceRow | undefined;
  /** a device bound to a template: drivers, variables and reports are the template's */
  templateLocked: boolean;
  /** drivers can be added (a device needs its gateway first) */
  canAddDrivers: boolean;
  loading: boolean;
}

export function useConfigScope(owner: ConfigOwner): ConfigScope {
  const equipmentId = 'equipmentId' in owner ? owner.equipmentId : undefined;
  const info = useDeviceInfo(equipmentId);
  const device = info.data;
  return {
    owner,
    device,
    templateLocked: !!device?.templateId,
    canAddDrivers: equipmentId === undefined || !!device?.sn,
    loading: equipmentId !== undefined && info.isPending,
  };
}
