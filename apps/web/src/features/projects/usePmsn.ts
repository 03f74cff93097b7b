import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PagePmsn, ProjectAccount, ProjectMember } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import { request } from '../../app/request';

const base = '/lfscada/project/pmsn';
const json = { json: true } as const;

export const pmsnKeys = {
  project: (projectId: number) => ['projects', 'pmsn', projectId] as const,
  members: (projectId: number) => ['projects', 'pmsn', projectId, 'members'] as const,
  candidates: (projectId: number, keyword: string) =>
    ['projects', 'pmsn', projectId, 'candidates', keyword] as const,
};

export function useMembers(projectId: number) {
  return useQuery({
    queryKey: pmsnKeys.members(projectId),
    queryFn: () => request<ProjectMember[]>(`${base}/query`, { projectId }, json),
  });
}

/** Accounts of the enterprise that are not members yet. */
export function useMemberCandidates(projectId: number, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: pmsnKeys.candidates(projectId, keyword),
    queryFn: () =>
      request<ProjectAccount[]>(
        `${base}/queryNoPmsnUser`,
        { projectId, keyword: keyword || undefined },
        json,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePmsnActions(projectId: number) {
  const { t } = useTranslation(['projects', 'common']);
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: pmsnKeys.project(projectId) }),
      client.invalidateQueries({ queryKey: ['projects', 'list'] }),
    ]);
  const done = (text: string) => async () => {
    toastSuccess(text);
    await refresh();
  };
  return {
    add: useMutation({
      mutationFn: (v: { accountIds: number[]; pagePmsn: PagePmsn[] }) =>
        request<ProjectMember[]>(`${base}/add`, { projectId, ...v }, json),
      onSuccess: done(t('pmsn.saved')),
    }),
    edit: useMutation({
      mutationFn: (v: { accountId: number; pagePmsn: PagePmsn[] }) =>
        request<ProjectMember>(`${base}/edit`, { projectId, ...v }, json),
      onSuccess: done(t('pmsn.saved')),
    }),
    remove: useMutation({
      mutationFn: (accountId: number) =>
        request(`${base}/delete`, { projectId, accountIds: [accountId] }, json),
      onSuccess: done(t('common:deleted')),
    }),
  };
}
