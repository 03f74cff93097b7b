import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/useT';
import { projectsCalls } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import type { Paging } from '../../app/paging';
import { callApi } from '../../app/request';
import { projectKeys } from './useProjects';

export const equipKeys = {
  project: (projectId: number) => ['projects', 'equip', projectId] as const,
  page: (projectId: number, keyword: string | undefined, paging: Paging) =>
    ['projects', 'equip', projectId, 'page', keyword ?? '', paging] as const,
  all: (projectId: number) => ['projects', 'equip', projectId, 'all'] as const,
  unbound: (projectId: number, keyword: string) =>
    ['projects', 'equip', projectId, 'unbound', keyword] as const,
};

/** One page of the bound equipment, by key. */
export function useBoundEquipment(projectId: number, keyword: string | undefined, paging: Paging) {
  return useQuery({
    queryKey: equipKeys.page(projectId, keyword, paging),
    queryFn: () => callApi(projectsCalls.equip, { projectId, keyword, ...paging }),
    placeholderData: keepPreviousData,
  });
}

/** Every bound device (the formula editor's signal picker). */
export function useAllBoundEquipment(projectId: number) {
  return useQuery({
    queryKey: equipKeys.all(projectId),
    queryFn: () => callApi(projectsCalls.allEquip, { projectId }),
  });
}

/** Devices the caller may bind (first 50 matching the keyword). */
export function useUnboundEquipment(projectId: number, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: equipKeys.unbound(projectId, keyword),
    queryFn: () =>
      callApi(projectsCalls.bindableEquip, {
        projectId,
        keyword: keyword || undefined,
        pageNum: 1,
        pageSize: 50,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One device to bind: its key and title, each left to the server when empty. */
export interface EquipToBind {
  equipmentId: number;
  key?: string | undefined;
  title?: string | undefined;
}

export function useEquipActions(projectId: number) {
  const { t } = useT('projects');
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: equipKeys.project(projectId) }),
      client.invalidateQueries({ queryKey: ['projects', 'list'] }),
      client.invalidateQueries({ queryKey: projectKeys.info(projectId) }),
    ]);
  const done = (text: string) => async () => {
    toastSuccess(text);
    await refresh();
  };
  return {
    add: useMutation({
      mutationFn: (equips: EquipToBind[]) => callApi(projectsCalls.addEquip, { projectId, equips }),
      onSuccess: done(t('equip.bound')),
    }),
    updateKey: useMutation({
      mutationFn: (v: { equipmentId: number; key: string; title: string }) =>
        callApi(projectsCalls.updateEquipKey, { projectId, ...v }),
      onSuccess: done(t('equip.key-saved')),
    }),
    remove: useMutation({
      mutationFn: (equipmentId: number) =>
        callApi(projectsCalls.removeEquip, { projectId, equipmentIds: [equipmentId] }),
      onSuccess: done(t('common:deleted')),
    }),
  };
}
