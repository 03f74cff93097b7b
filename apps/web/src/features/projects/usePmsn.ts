import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/useT';
import { projectsCalls, type PagePmsn } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import { callApi } from '../../app/request';

export const pmsnKeys = {
  project: (projectId: number) => ['projects', 'pmsn', projectId] as const,
  members: (projectId: number) => ['projects', 'pmsn', projectId, 'members'] as const,
  candidates: (projectId: number, keyword: string) =>
    ['projects', 'pmsn', projectId, 'candidates', keyword] as const,
};

export function useMembers(projectId: number) {
  return useQuery({
    queryKey: pmsnKeys.members(projectId),
    queryFn: () => callApi(projectsCalls.members, { projectId }),
  });
}

/** Accounts of the enterprise that are not members yet. */
export function useMemberCandidates(projectId: number, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: pmsnKeys.candidates(projectId, keyword),
    queryFn: () => callApi(projectsCalls.nonMembers, { projectId, keyword: keyword || undefined }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePmsnActions(projectId: number) {
  const { t } = useT('projects');
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
        callApi(projectsCalls.addMembers, { projectId, ...v }),
      onSuccess: done(t('pmsn.saved')),
    }),
    edit: useMutation({
      mutationFn: (v: { accountId: number; pagePmsn: PagePmsn[] }) =>
        callApi(projectsCalls.editMember, { projectId, ...v }),
      onSuccess: done(t('pmsn.saved')),
    }),
    remove: useMutation({
      mutationFn: (accountId: number) =>
        callApi(projectsCalls.removeMembers, { projectId, accountIds: [accountId] }),
      onSuccess: done(t('common:deleted')),
    }),
  };
}
