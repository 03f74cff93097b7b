import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../useT';
import { groupCalls, type GroupInput } from '@fieldhub/shared';
import { toastSuccess } from '../notify';
import { callApi } from '../request';

/** Query key of the enterprise's group list; the device list keys live under `devices`. */
export const groupKeys = { all: ['groups'] as const };

/** The enterprise's groups as a flat list with each group's own device count. */
export function useGroups() {
  return useQuery({
    queryKey: groupKeys.all,
    queryFn: () => callApi(groupCalls.list),
    staleTime: 10_000,
  });
}

/** Add, edit (rename, move, order) and delete; the server's messages show as toasts. */
export function useGroupActions() {
  const { t } = useT('groups');
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: groupKeys.all }),
      // device rows carry their group's name
      client.invalidateQueries({ queryKey: ['devices'] }),
    ]);

  const save = useMutation({
    mutationFn: ({ values, id }: { values: GroupInput; id?: number | undefined }) =>
      id ? callApi(groupCalls.edit, { id, ...values }) : callApi(groupCalls.add, values),
    onSuccess: async (_, { id }) => {
      toastSuccess(t(id ? 'common:saved' : 'toast.added'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(groupCalls.remove, { id }),
    onSuccess: async () => {
      toastSuccess(t('common:deleted'));
      await refresh();
    },
  });
  return { save, remove };
}
