import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../useT';
import { pagesCalls, type PageOwner } from '@fieldhub/shared';
import { toastSuccess } from '../notify';
import { callApi } from '../request';
import type { ConfigOwner } from './configTypes';

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
    queryFn: () => callApi(pagesCalls.list, pageOwner),
  });
}

/** Add, rename, copy, delete and reorder the owner's pages; each refreshes the list. */
export function usePageActions(owner: PagesOwner) {
  const { t } = useT('pages');
  const client = useQueryClient();
  const pageOwner = pageOwnerOf(owner);
  const refresh = () => client.invalidateQueries({ queryKey: pageKeys.list(pageOwner) });
  const done = (text: string) => async () => {
    toastSuccess(text);
    await refresh();
  };
  return {
    add: useMutation({
      mutationFn: (name: string) => callApi(pagesCalls.add, { ...pageOwner, name }),
      onSuccess: done(t('pages:added')),
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) => callApi(pagesCalls.edit, { id, name }),
      onSuccess: done(t('pages:renamed')),
    }),
    copy: useMutation({
      mutationFn: (id: number) => callApi(pagesCalls.copy, { id }),
      onSuccess: done(t('pages:copied')),
    }),
    remove: useMutation({
      mutationFn: (id: number) => callApi(pagesCalls.remove, { id }),
      onSuccess: done(t('common:deleted')),
    }),
    reorder: useMutation({
      mutationFn: (ids: number[]) => callApi(pagesCalls.saveSeq, { ...pageOwner, ids }),
      onSuccess: (rows) => client.setQueryData(pageKeys.list(pageOwner), rows),
    }),
  };
}
