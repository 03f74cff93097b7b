import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enrollCalls, orgCalls, type EnrollmentState, type InvitationCreate } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import type { Paging } from '../../app/paging';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';

/** Data hooks of the enrollment screens (docs/requirements/account-security.md §4). */
export const enrollKeys = {
  invitations: ['enroll', 'invitations'] as const,
  requests: ['enroll', 'requests'] as const,
  options: ['enroll', 'options'] as const,
};

export function useInvitations(paging: Paging) {
  return useQuery({
    queryKey: [...enrollKeys.invitations, paging],
    queryFn: () => callApi(enrollCalls.query, paging),
    placeholderData: keepPreviousData,
  });
}

export function useEnrollments(state: EnrollmentState | undefined, paging: Paging) {
  return useQuery({
    queryKey: [...enrollKeys.requests, state, paging],
    queryFn: () => callApi(enrollCalls.requests, { ...paging, ...(state ? { state } : {}) }),
    placeholderData: keepPreviousData,
  });
}

/** Roles and departments an invitation may name. */
export function useEnrollOptions() {
  return useQuery({
    queryKey: enrollKeys.options,
    queryFn: () => callApi(orgCalls.accountOptions),
    staleTime: 30_000,
  });
}

export function useEnrollActions() {
  const { t } = useT('enroll');
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: enrollKeys.invitations }),
      client.invalidateQueries({ queryKey: enrollKeys.requests }),
    ]);
  const create = useMutation({
    mutationFn: (input: InvitationCreate) => callApi(enrollCalls.add, input),
    onSuccess: async () => {
      toastSuccess(t('manage.created-ok'));
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => callApi(enrollCalls.revoke, { id }),
    onSuccess: async () => {
      toastSuccess(t('manage.revoked'));
      await refresh();
    },
  });
  const approve = useMutation({
    mutationFn: (id: number) => callApi(enrollCalls.approve, { id }),
    onSuccess: async () => {
      toastSuccess(t('manage.approved-ok'));
      await refresh();
    },
  });
  const refuse = useMutation({
    mutationFn: (id: number) => callApi(enrollCalls.refuse, { id }),
    onSuccess: async () => {
      toastSuccess(t('manage.refused-ok'));
      await refresh();
    },
  });
  return { create, revoke, approve, refuse };
}

/** The public address of an invitation: /enroll/{code} or /register/{roleuuid}. */
export function invitationLink(via: 'code' | 'role', code: string): string {
  return `${window.location.origin}/${via === 'code' ? 'enroll' : 'register'}/${encodeURIComponent(code)}`;
}
