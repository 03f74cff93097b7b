import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  Page,
  ProjectFields,
  ProjectInfo,
  ProjectRow,
  ProjectShareInfo,
  ProjectSharePerm,
  ProjectUserRow,
} from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import { request } from '../../app/request';
import { PROJECT_LIST_MAX, reseq } from './projectOrder';

const base = '/lfscada/project';
const json = { json: true } as const;

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
    queryFn: () =>
      request<Page<ProjectRow>>(
        `${base}/queryAll`,
        { keyword, pageNum: 1, pageSize: PROJECT_LIST_MAX },
        json,
      ),
  });
}

/** The projects the caller may open (list-operation). */
export function useProjectsByUser() {
  return useQuery({
    queryKey: projectKeys.byUser,
    queryFn: () => request<ProjectUserRow[]>(`${base}/queryAllByUser`, {}, json),
  });
}

/**
 * One project with the pages the caller may see; idle without an id. `silent` when the caller
 * shows a failure itself.
 */
export function useProjectInfo(id: number | undefined, silent = false) {
  return useQuery({
    queryKey: projectKeys.info(id ?? 0),
    queryFn: () => request<ProjectInfo>(`${base}/info`, { id }, { json: true, silent }),
    enabled: id !== undefined,
  });
}

/** The fields `edit` needs from a row: an omitted optional field would take its default. */
export function fieldsOf(row: ProjectRow): ProjectFields {
  const { name, remark, seq, errorValShow, errorDefaultVal } = row;
  return { name, remark, seq, errorValShow, errorDefaultVal };
}

export function useProjectActions() {
  const { t } = useTranslation(['projects', 'common']);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: projectKeys.all });
  const save = useMutation({
    mutationFn: ({ id, fields }: { id?: number | undefined; fields: ProjectFields }) =>
      id === undefined
        ? request<ProjectRow>(`${base}/add`, fields, json)
        : request<ProjectRow>(`${base}/edit`, { id, ...fields }, json),
    onSuccess: async () => {
      toastSuccess(t('common:saved'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => request(`${base}/delete`, { id }, json),
    onSuccess: async () => {
      toastSuccess(t('common:deleted'));
      await refresh();
    },
  });
  /** Stores the list's new order: each project whose position changed gets its index as seq. */
  const reorder = useMutation({
    mutationFn: async (ordered: ProjectRow[]) => {
      for (const change of reseq(ordered)) {
        await request(`${base}/edit`, { id: change.row.id, ...fieldsOf(change.row), seq: change.seq }, json);
      }
    },
    onSuccess: () => toastSuccess(t('order-saved')),
    onSettled: refresh,
  });
  return { save, remove, reorder };
}

/** The first page the caller may open, for the monitor link (null without pages). */
export async function homePageOf(projectId: number): Promise<number | null> {
  const info = await request<ProjectInfo>(`${base}/info`, { id: projectId }, json);
  return info.homePageId;
}

export function useShareInfo(id: number) {
  return useQuery({
    queryKey: projectKeys.share(id),
    queryFn: () => request<ProjectShareInfo>(`${base}/queryShareInfo`, { id }, json),
  });
}

export function useShareActions(id: number) {
  const { t } = useTranslation('projects');
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: projectKeys.share(id) }),
      client.invalidateQueries({ queryKey: ['projects', 'list'] }),
    ]);
  const editAuth = useMutation({
    mutationFn: (v: { shared: boolean; perms: ProjectSharePerm[] }) =>
      request<ProjectShareInfo>(`${base}/editShareAuth`, { id, ...v }, json),
    onSuccess: async () => {
      toastSuccess(t('share.auth-saved'));
      await refresh();
    },
  });
  const editPassword = useMutation({
    mutationFn: (sharePwd: string) => request(`${base}/editSharePwd`, { id, sharePwd }, json),
    onSuccess: async () => {
      toastSuccess(t('share.pwd-saved'));
      await refresh();
    },
  });
  return { editAuth, editPassword };
}
