import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageOwner, PageRow } from '@fieldhub/shared';
import { toastSuccess } from '../../../app/notify';
import { request } from '../../../app/request';
import type { ConfigOwner } from './configTypes';

const base = '/lfscada/configuration/page';
const json = { json: true } as const;

/** Who holds a page list: a device's or template's configuration, or a project. */
export type PagesOwner = ConfigOwner | { projectId: number };

/** The page owner of the calls. */
export function pageOwnerOf(owner: PagesOwner): PageOwner {
  if ('equipmentId' in owner) return { ownerKind: 'equipment', ownerId: owner.equipmentId };
  if ('projectId' in owner) return { ownerKind: 'project', ownerId: owner.projectId };
  return { ownerKind: 'template', ownerId: owner.templateId };
}

/** Where the designer of a page opens (docs/requirements/pages-and-designer.md §1.1). */
export function designerPath(owner: PagesOwner, pageId: number): string {
  if ('equipmentId' in owner) return `/manage/eg/${owner.equipmentId}/designer/${pageId}`;
  if ('projectId' in owner) return `/manage/project/${owner.projectId}/designer/${pageId}`;
  return `/manage/template/${owner.templateId}/designer/${pageId}`;
}

export const pageKeys = {
  list: (owner: PageOwner) => ['pages', owner.ownerKind, owner.ownerId] as const,
};

/** The owner's pages by seq (no documents). */
export function usePageList(owner: PagesOwner) {
  const pageOwner = pageOwnerOf(owner);
  return useQuery({
    queryKey: pageKeys.list(pageOwner),
    queryFn: () => request<PageRow[]>(`${base}/query`, pageOwner, json),
  });
}

/** Add, rename, copy, delete and reorder the owner's pages; each refreshes the list. */
export function usePageActions(owner: PagesOwner) {
  const { t } = useTranslation(['pages', 'common']);
  const client = useQueryClient();
  const pageOwner = pageOwnerOf(owner);
  const refresh = () => client.invalidateQueries({ queryKey: pageKeys.list(pageOwner) });
  const done = (text: string) => async () => {
    toastSuccess(text);
    await refresh();
  };
  return {
    add: useMutation({
      mutationFn: (name: string) => request<PageRow>(`${base}/add`, { ...pageOwner, name }, json),
      onSuccess: done(t('pages:added')),
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) =>
        request<PageRow>(`${base}/edit`, { id, name }, json),
      onSuccess: done(t('pages:renamed')),
    }),
    copy: useMutation({
      mutationFn: (id: number) => request<PageRow>(`${base}/copy`, { id }, json),
      onSuccess: done(t('pages:copied')),
    }),
    remove: useMutation({
      mutationFn: (id: number) => request(`${base}/delete`, { id }, json),
      onSuccess: done(t('common:deleted')),
    }),
    reorder: useMutation({
      mutationFn: (ids: number[]) => request<PageRow[]>(`${base}/seq/save`, { ...pageOwner, ids }, json),
      onSuccess: (rows) => client.setQueryData(pageKeys.list(pageOwner), rows),
    }),
  };
}
