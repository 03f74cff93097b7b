import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/useT';
import { accountsCalls, lockCalls, orgCalls, type AccountFields, type AccountRow } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import type { Paging } from '../../app/paging';
import { callApi } from '../../app/request';
import { rootKeys } from '../../app/queryKeys';
import type { AccountFilters, AccountFormValues, AccountSegment } from './accountTypes';

/** Query keys of the account screens; the organisation screens invalidate `options` when they change. */
export const accountKeys = {
  all: rootKeys.accounts,
  list: (segment: AccountSegment) => ['accounts', segment] as const,
  options: ['accounts', 'options'] as const,
  enterprises: ['accounts', 'enterprise-options'] as const,
  companies: ['accounts', 'external-companies'] as const,
};

export function useAccountList(segment: AccountSegment, filters: AccountFilters, paging: Paging) {
  return useQuery({
    queryKey: [...accountKeys.list(segment), filters, paging],
    queryFn: () =>
      callApi(accountsCalls.query, {
        segment,
        ...paging,
        keyword: filters.keyword || undefined,
        deptId: filters.deptId,
        orgId: filters.orgId,
        disabled: filters.status ? filters.status === 'disabled' : undefined,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Departments and roles of the caller's enterprise, for the sub-account form and filter. */
export function useAccountOptions(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.options,
    queryFn: () => callApi(orgCalls.accountOptions),
    enabled,
    staleTime: 30_000,
  });
}

/** Every enterprise, for choosing the enterprise of an enterprise admin. */
export function useEnterpriseOptions(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.enterprises,
    queryFn: async () => {
      const page = await callApi(orgCalls.enterpriseQuery, { pageNum: 1, pageSize: 500 });
      return page.list;
    },
    enabled,
    staleTime: 30_000,
  });
}

/** Company names already used by external accounts, offered while typing a new one. */
export function useExternalCompanies(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.companies,
    queryFn: async () => (await callApi(orgCalls.companies)).external,
    enabled,
    staleTime: 30_000,
  });
}

const FIELD_NAMES: (keyof AccountFields)[] = [
  'tel',
  'email',
  'deptId',
  'roleId',
  'contact',
  'address',
  'company',
  'customerLevel',
  'securityZone',
  'remark',
  'landingPage',
  'authRegion',
];

/**
 * The body of an add or edit call. An edit sends every field: the server resets omitted ones, so
 * fields the form does not show (authRegion, or company on an internal account) keep their value.
 */
export function accountBody(values: AccountFormValues, row: AccountRow | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) {
    const value = name in values ? values[name] : row?.[name];
    // an empty id is sent as '' and read by the server as "none"
    body[name] = value ?? '';
  }
  return body;
}

/** Create, edit, enable/disable, reset password and delete, each refreshing the lists. */
export function useAccountActions(segment: AccountSegment) {
  const { t } = useT('accounts');
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: accountKeys.list(segment) });

  const save = useMutation({
    mutationFn: ({ values, row }: { values: AccountFormValues; row?: AccountRow | undefined }) =>
      row
        ? callApi(accountsCalls.edit, { id: row.id, ...accountBody(values, row) })
        : callApi(accountsCalls.add, {
            segment,
            // the form requires both when adding
            loginname: values.loginname ?? '',
            password: values.password ?? '',
            orgId: values.orgId ?? '',
            ...accountBody(values, undefined),
          }),
    onSuccess: async () => {
      toastSuccess(t('common:saved'));
      await Promise.all([refresh(), client.invalidateQueries({ queryKey: accountKeys.companies })]);
    },
  });
  const setDisabled = useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      callApi(accountsCalls.disable, { id, disabled }),
    onSuccess: async (_, { disabled }) => {
      toastSuccess(t(disabled ? 'toast.disabled' : 'toast.enabled'));
      await refresh();
    },
  });
  const resetPassword = useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      callApi(accountsCalls.resetPassword, { id, password }),
    onSuccess: () => toastSuccess(t('toast.password-reset')),
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(accountsCalls.remove, { id }),
    onSuccess: async () => {
      toastSuccess(t('common:deleted'));
      await refresh();
    },
  });
  const setLock = useMutation({
    mutationFn: (input: { id: number; useLock: boolean; publicKey?: string }) =>
      callApi(lockCalls.setLock, input),
    onSuccess: async () => {
      toastSuccess(t('lock.saved'));
      await refresh();
    },
  });
  return { save, setDisabled, resetPassword, remove, setLock };
}
