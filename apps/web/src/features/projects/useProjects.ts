import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/useT';
import { projectsCalls, type ProjectFields, type ProjectRow, type ProjectSharePerm } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import { callApi } from '../../app/request';
import { PROJECT_LIST_MAX, reseq } from './projectOrder';

export const projectKeys = {
  all: ['projects'] as const,
  list: (keyword: string | undefined) => ['projects', 'list', keyword ?? ''] as const,
  byUser: ['projects', 'byUser'] as const,
  info: (id: number) => ['projects', 'info', id] as const,
  share: (id: number) => ['projects', 'share', id] as const,
};

/**
 * The enterprise's projects by seq, in one call: ordering renumbers the whole list, so the
 * list is loaded whole (up to PROJECT_LIST_MAX) and paged in the browser.
 */
export function useProjectList(keyword: string | undefined) {
  return useQuery({
    queryKey: projectKeys.list(keyword),
    queryFn: () => callApi(projectsCalls.queryAll, { keyword, pageNum: 1, pageSize: PROJECT_LIST_MAX }),
  });
}

/** The projects the caller may open (list-operation). */
export function useProjectsByUser() {
  return useQuery({
    queryKey: projectKeys.byUser,
    queryFn: () => callApi(projectsCalls.queryAllByUser, {}),
  });
}

/**
 * One project with the pages the caller may see; idle without an id. `silent` when the caller
 * shows a failure itself.
 */
export function useProjectInfo(id: number | undefined, silent = false) {
  return useQuery({
    queryKey: projectKeys.info(id ?? 0),
    queryFn: () => callApi(projectsCalls.info, { id }, { silent }),
    enabled: id !== undefined,
  });
}

/** The fields `edit` needs from a row: an omitted optional field would take its default. */
export function fieldsOf(row: ProjectRow): ProjectFields {
  const { name, remark, seq, errorValShow, errorDefaultVal } = row;
  return { name, remark, seq, errorValShow, errorDefaultVal };
}

export function useProjectActions() {
  const { t } = useT('projects');
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: projectKeys.all });
  const save = useMutation({
    mutationFn: ({ id, fields }: { id?: number | undefined; fields: ProjectFields }) =>
      id === undefined ? callApi(projectsCalls.add, fields) : callApi(projectsCalls.edit, { id, ...fields }),
    onSuccess: async () => {
      toastSuccess(t('common:saved'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(projectsCalls.remove, { id }),
    onSuccess: async () => {
      toastSuccess(t('common:deleted'));
      await refresh();
    },
  });
  /** Stores the list's new order: each project whose position changed gets its index as seq. */
  const reorder = useMutation({
    mutationFn: async (ordered: ProjectRow[]) => {
      for (const change of reseq(ordered)) {
        await callApi(projectsCalls.edit, { id: change.row.id, ...fieldsOf(change.row), seq: change.seq });
      }
    },
    onSuccess: () => toastSuccess(t('order-saved')),
    onSettled: refresh,
  });
  return { save, remove, reorder };
}

/** The first page the caller may open, for the monitor link (null without pages). */
export async function homePageOf(projectId: number): Promise<number | null> {
  const info = await callApi(projectsCalls.info, { id: projectId });
  return info.homePageId;
}

export function useShareInfo(id: number) {
  return useQuery({
    queryKey: projectKeys.share(id),
    queryFn: () => callApi(projectsCalls.shareInfo, { id }),
  });
}

export function useShareActions(id: number) {
  const { t } = useT('projects');
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: projectKeys.share(id) }),
      client.invalidateQueries({ queryKey: ['projects', 'list'] }),
    ]);
  const editAuth = useMutation({
    mutationFn: (v: { shared: boolean; perms: ProjectSharePerm[] }) =>
      callApi(projectsCalls.editShareAuth, { id, ...v }),
    onSuccess: async () => {
      toastSuccess(t('share.auth-saved'));
      await refresh();
    },
  });
  const editPassword = useMutation({
    mutationFn: (sharePwd: string) => callApi(projectsCalls.editSharePwd, { id, sharePwd }),
    onSuccess: async () => {
      toastSuccess(t('share.pwd-saved'));
      await refresh();
    },
  });
  return { editAuth, editPassword };
}
