import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  monitorCalls,
  repairsCalls,
  type RepairCreateInput,
  type RepairFilter,
  type RepairPart,
} from '@fieldhub/shared';
import { toastSuccess } from '../notify';
import type { Paging } from '../paging';
import { callApi, uploadCall } from '../request';
import { useT } from '../useT';
import { shrinkPhoto } from './shrinkPhoto';

/**
 * Repair work orders' data (docs/requirements/operations.md §2): used by the repairs list and the
 * worksheet (features/ops) and by the device detail's Repair tab and order panel
 * (features/monitor), hence in app/.
 */
export const repairKeys = {
  all: ['repairs'] as const,
  list: (filter: RepairFilter, paging: Paging) => ['repairs', 'list', filter, paging] as const,
  device: (equipmentId: number, paging: Paging) => ['repairs', 'device', equipmentId, paging] as const,
  info: (id: number) => ['repairs', 'info', id] as const,
  mine: ['repairs', 'mine'] as const,
  repairers: ['repairs', 'repairers'] as const,
  devices: (keyword: string) => ['repairs', 'devices', keyword] as const,
};

export function useRepairList(filter: RepairFilter, paging: Paging) {
  return useQuery({
    queryKey: repairKeys.list(filter, paging),
    queryFn: () => callApi(repairsCalls.list, { ...filter, ...paging }),
    placeholderData: keepPreviousData,
  });
}

export function useDeviceRepairs(equipmentId: number, paging: Paging, enabled: boolean) {
  return useQuery({
    queryKey: repairKeys.device(equipmentId, paging),
    queryFn: () => callApi(repairsCalls.device, { equipmentId, ...paging }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRepairInfo(id: number | undefined) {
  return useQuery({
    queryKey: repairKeys.info(id ?? 0),
    queryFn: () => callApi(repairsCalls.info, { id: id! }, { silent: true }), // the panel says why
    enabled: id !== undefined && id > 0,
    retry: false,
  });
}

export function useMyRepairs() {
  return useQuery({ queryKey: repairKeys.mine, queryFn: () => callApi(repairsCalls.mine) });
}

export function useRepairers(enabled: boolean) {
  return useQuery({
    queryKey: repairKeys.repairers,
    queryFn: () => callApi(repairsCalls.repairers),
    enabled,
  });
}

/** Devices the caller sees, by name, for the create dialog's picker. */
export function useDeviceOptions(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: repairKeys.devices(keyword),
    queryFn: async () =>
      (await callApi(monitorCalls.cards, { keyword: keyword || undefined, pageNum: 1, pageSize: 50 })).list,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One change of an order: on success a toast and every repair query refreshed (lists, the order, the worksheet). */
function useOrderChange<I, O>(fn: (input: I) => Promise<O>, done: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      toastSuccess(done);
      await client.invalidateQueries({ queryKey: repairKeys.all });
    },
  });
}

/** Every change of an order. */
export function useRepairActions() {
  const { t } = useT('repairs');
  return {
    create: useOrderChange((input: RepairCreateInput) => callApi(repairsCalls.create, input), t('created')),
    dispatch: useOrderChange(
      (input: { id: number; repairerId: number }) => callApi(repairsCalls.dispatch, input),
      t('done.dispatch'),
    ),
    accept: useOrderChange((id: number) => callApi(repairsCalls.accept, { id }), t('done.accept')),
    finish: useOrderChange(
      (input: { id: number; content: string; parts: RepairPart[] }) => callApi(repairsCalls.finish, input),
      t('done.finish'),
    ),
    end: useOrderChange(
      (input: { id: number; reason: string }) => callApi(repairsCalls.end, input),
      t('done.end'),
    ),
    upload: useOrderChange(
      async ({ id, file }: { id: number; file: File }) =>
        uploadCall(repairsCalls.upload, await shrinkPhoto(file), { id: String(id) }),
      t('attachment.uploaded'),
    ),
    removeAttachment: useOrderChange(
      (id: number) => callApi(repairsCalls.removeAttachment, { id }),
      t('attachment.deleted'),
    ),
  };
}
