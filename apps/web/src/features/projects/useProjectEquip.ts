import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page, ProjectBindableEquip, ProjectEquipRow } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import type { Paging } from '../../app/paging';
import { request } from '../../app/request';
import { projectKeys } from './useProjects';

const base = '/lfscada/project/equip';
const json = { json: true } as const;

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
    queryFn: () => request<Page<ProjectEquipRow>>(`${base}/query`, { projectId, keyword, ...paging }, json),
    placeholderData: keepPreviousData,
  });
}

/** Every bound device (the formula editor's signal picker). */
export function useAllBoundEquipment(projectId: number) {
  return useQuery({
    queryKey: equipKeys.all(projectId),
    queryFn: () => request<ProjectEquipRow[]>(`${base}/queryAll`, { projectId }, json),
  });
}

/** Devices the caller may bind (first 50 matching the keyword). */
export function useUnboundEquipment(projectId: number, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: equipKeys.unbound(projectId, keyword),
    queryFn: () =>
      request<Page<ProjectBindableEquip>>(
        `${base}/queryNoBindEquip`,
        { projectId, keyword: keyword || undefined, pageNum: 1, pageSize: 50 },
        json,
      ),
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
  const { t } = useTranslation(['projects', 'common']);
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
      mutationFn: (equips: EquipToBind[]) =>
        request<ProjectEquipRow[]>(`${base}/add`, { projectId, equips }, json),
      onSuccess: done(t('equip.bound')),
    }),
    updateKey: useMutation({
      mutationFn: (v: { equipmentId: number; key: string; title: string }) =>
        request<ProjectEquipRow>(`${base}/updateKey`, { projectId, ...v }, json),
      onSuccess: done(t('equip.key-saved')),
    }),
    remove: useMutation({
      mutationFn: (equipmentId: number) =>
        request(`${base}/delete`, { projectId, equipmentIds: [equipmentId] }, json),
      onSuccess: done(t('common:deleted')),
    }),
  };
}
