import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../app/useT';
import { devicesCalls, templatesCalls } from '@fieldhub/shared';
import { toastSuccess } from '../../../app/notify';
import { callApi } from '../../../app/request';
import { rootKeys } from '../../../app/queryKeys';
import type { Paging } from '../../../app/paging';
import { groupKeys } from '../../../app/groups/useGroups';
import { deviceQueryBody } from './deviceFilters';
import type { DeviceFilters } from './deviceTypes';

/** Query keys of the device list; everything that changes devices invalidates `all`. */
export const deviceKeys = {
  all: rootKeys.devices,
  list: (filters: DeviceFilters, paging: Paging) => ['devices', 'list', filters, paging] as const,
  total: ['devices', 'total'] as const,
  manufacturers: ['devices', 'manufacturers'] as const,
  templates: ['devices', 'template-options'] as const,
};

export function useDeviceList(filters: DeviceFilters, paging: Paging) {
  return useQuery({
    queryKey: deviceKeys.list(filters, paging),
    queryFn: () => callApi(devicesCalls.list, deviceQueryBody(filters, paging)),
    placeholderData: keepPreviousData,
  });
}

/** How many devices the enterprise has in all (the "all devices" node of the group tree). */
export function useDeviceTotal() {
  return useQuery({
    queryKey: deviceKeys.total,
    queryFn: async () => (await callApi(devicesCalls.list, { pageNum: 1, pageSize: 1 })).total,
  });
}

/** Manufacturers used by the enterprise's devices, for the advanced search. */
export function useManufacturers(enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.manufacturers,
    queryFn: () => callApi(devicesCalls.manufacturers),
    enabled,
    staleTime: 30_000,
  });
}

/** Templates the caller may use, for the advanced search. */
export function useTemplateOptions(enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.templates,
    queryFn: async () => (await callApi(templatesCalls.list, { pageNum: 1, pageSize: 500 })).list,
    enabled,
    staleTime: 30_000,
  });
}

/** Delete and copy; both refresh the list and the group counts. */
export function useDeviceActions() {
  const { t } = useT('deviceList');
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: deviceKeys.all }),
      client.invalidateQueries({ queryKey: groupKeys.all }),
    ]);

  const remove = useMutation({
    mutationFn: (id: number) => callApi(devicesCalls.remove, { id }),
    onSuccess: async () => {
      toastSuccess(t('common:deleted'));
      await refresh();
    },
  });
  const copy = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => callApi(devicesCalls.copy, { id, name }),
    onSuccess: async (_, { name }) => {
      toastSuccess(t('copy.done', { name }));
      await refresh();
    },
  });
  return { remove, copy };
}
