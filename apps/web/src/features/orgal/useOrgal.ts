import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/useT';
import { HISTORY_RETENTION_MONTHS, orgCalls, type EnterpriseRow } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import type { Paging } from '../../app/paging';
import { callApi } from '../../app/request';
import { rootKeys } from '../../app/queryKeys';
import type { DepartmentFormValues, EnterpriseFormValues, RoleFormValues } from './orgalTypes';

/** Data hooks of the enterprise, department and role screens. */
export const orgalKeys = {
  enterprises: ['orgal', 'enterprises'] as const,
  departments: ['orgal', 'departments'] as const,
  roles: ['orgal', 'roles'] as const,
  permissions: ['orgal', 'permissions'] as const,
};

/** After a change: this screen's list and whatever the account screens show of it. */
function useRefresh(own: readonly unknown[]) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: own }),
      client.invalidateQueries({ queryKey: rootKeys.accounts }),
    ]);
}

// --- enterprises -------------------------------------------------------------------------------

export function useEnterpriseList(name: string | undefined, paging: Paging) {
  return useQuery({
    queryKey: [...orgalKeys.enterprises, name, paging],
    queryFn: () => callApi(orgCalls.enterpriseQuery, { ...paging, name: name || undefined }),
    placeholderData: keepPreviousData,
  });
}

// an empty limit travels as '', which the server reads as "no limit"
const limitOrEmpty = (v: number | null | undefined) => v ?? '';

export function useEnterpriseActions() {
  const { t } = useT('orgal');
  const refresh = useRefresh(orgalKeys.enterprises);
  const save = useMutation({
    mutationFn: ({ values, row }: { values: EnterpriseFormValues; row?: EnterpriseRow | undefined }) => {
      const fields = {
        name: values.name,
        contact: values.contact ?? '',
        tel: values.tel ?? '',
        address: values.address ?? '',
        remark: values.remark ?? '',
        maxInternal: limitOrEmpty(values.maxInternal),
        maxExternal: limitOrEmpty(values.maxExternal),
        notifyDelayedAlarms: values.notifyDelayedAlarms ?? true,
        dataCenterEnabled: values.dataCenterEnabled ?? true,
        historyRetentionMonths: values.historyRetentionMonths ?? HISTORY_RETENTION_MONTHS.default,
      };
      return row
        ? callApi(orgCalls.enterpriseEdit, { id: row.id, ...fields })
        : callApi(orgCalls.enterpriseAdd, {
            ...fields,
            // the form requires both when adding
            adminLoginname: values.adminLoginname ?? '',
            adminPassword: values.adminPassword ?? '',
            adminTel: values.adminTel ?? '',
          });
    },
    onSuccess: async () => {
      toastSuccess(t('common:saved'));
      await refresh();
    },
  });
  const setDisabled = useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      callApi(orgCalls.enterpriseDisable, { id, disabled }),
    onSuccess: async (_, { disabled }) => {
      toastSuccess(t(disabled ? 'accounts:toast.disabled' : 'accounts:toast.enabled'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(orgCalls.enterpriseDelete, { id }),
    onSuccess: async () => {
      toastSuccess(t('common:deleted'));
      await refresh();
    },
  });
  return { save, setDisabled, remove };
}

// --- departments -------------------------------------------------------------------------------

export function useDepartments() {
  return useQuery({
    queryKey: orgalKeys.departments,
    queryFn: () => callApi(orgCalls.deptQuery),
  });
}

export function useDepartmentActions() {
  const { t } = useT('orgal');
  const refresh = useRefresh(orgalKeys.departments);
  const save = useMutation({
    mutationFn: ({ values, id }: { values: DepartmentFormValues; id?: number | undefined }) => {
      const body = {
        name: values.name,
        parentId: values.parentId ?? '',
        seq: values.seq ?? 0,
        remark: values.remark ?? '',
      };
      return id ? callApi(orgCalls.deptEdit, { id, ...body }) : callApi(orgCalls.deptAdd, body);
    },
    onSuccess: async () => {
      toastSuccess(t('common:saved'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(orgCalls.deptDelete, { id }),
    onSuccess: async () => {
      toastSuccess(t('common:deleted'));
      await refresh();
    },
  });
  return { save, remove };
}

// --- roles -------------------------------------------------------------------------------------

export function useRoles(name: string | undefined) {
  return useQuery({
    queryKey: [...orgalKeys.roles, name],
    queryFn: () => callApi(orgCalls.roleQuery, { name: name || undefined }),
    placeholderData: keepPreviousData,
  });
}

/** The permission keys a role may be given, with their level and group. */
export function usePermissionEntries(enabled: boolean) {
  return useQuery({
    queryKey: orgalKeys.permissions,
    queryFn: () => callApi(orgCalls.rolePermissions),
    enabled,
    staleTime: Infinity,
  });
}

export function useRoleActions() {
  const { t } = useT('orgal');
  const refresh = useRefresh(orgalKeys.roles);
  const save = useMutation({
    mutationFn: ({ values, id }: { values: RoleFormValues; id?: number | undefined }) => {
      const body = {
        name: values.name,
        roleType: values.roleType,
        dataRange: values.dataRange,
        // a comma list, so that "no permission at all" still travels in a form body
        permissions: values.permissions.join(','),
        remark: values.remark ?? '',
      };
      return id ? callApi(orgCalls.roleEdit, { id, ...body }) : callApi(orgCalls.roleAdd, body);
    },
    onSuccess: async () => {
      toastSuccess(t('common:saved'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(orgCalls.roleDelete, { id }),
    onSuccess: async () => {
      toastSuccess(t('common:deleted'));
      await refresh();
    },
  });
  return { save, remove };
}
