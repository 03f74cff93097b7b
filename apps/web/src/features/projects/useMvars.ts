import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/useT';
import { mvarsCalls, type MvarType } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import { callApi } from '../../app/request';

/** How often the open list asks for the variables' latest values. */
const MVAR_REFRESH_MS = 10_000;

export const mvarKeys = {
  project: (projectId: number) => ['projects', 'mvar', projectId] as const,
};

/** The fields of an intermediate variable the form edits. */
export interface MvarFields {
  title: string;
  calcType: MvarType;
  formula: string;
  initialValue: number;
  unit: string;
  decimals: number;
}

/** Every intermediate variable of the project with its latest value. */
export function useMvars(projectId: number) {
  return useQuery({
    queryKey: mvarKeys.project(projectId),
    queryFn: () => callApi(mvarsCalls.queryAll, { projectId }),
    // the values are computed on the server as readings arrive: keep the column current
    refetchInterval: MVAR_REFRESH_MS,
  });
}

/** The server's verdict on a formula: references must be signals of the project's equipment. */
export function checkFormulaOnServer(projectId: number, calcType: MvarType, formula: string) {
  return callApi(mvarsCalls.validFormula, { projectId, calcType, formula });
}

export function useMvarActions(projectId: number) {
  const { t } = useT('common');
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: mvarKeys.project(projectId) });
  return {
    save: useMutation({
      mutationFn: ({ id, fields }: { id?: number | undefined; fields: MvarFields }) =>
        id === undefined
          ? callApi(mvarsCalls.add, { projectId, ...fields })
          : callApi(mvarsCalls.edit, { id, ...fields }),
      onSuccess: async () => {
        toastSuccess(t('saved'));
        await refresh();
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => callApi(mvarsCalls.remove, { id }),
      onSuccess: async () => {
        toastSuccess(t('deleted'));
        await refresh();
      },
    }),
  };
}
