import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  inspectionCalls,
  type InspectionItemInput,
  type InspectionPlanInput,
  type InspectionSubmitInput,
  type InspectionTaskQuery,
} from '@fieldhub/shared';
import { toastSuccess } from '../notify';
import type { Paging } from '../paging';
import { callApi } from '../request';
import { useT } from '../useT';

/**
 * Inspections' data (docs/requirements/operations.md §3, §4): used by the items and plans screens
 * (features/ops/inspections), the worksheet (features/ops) and the device detail's Inspection tab
 * (features/monitor), hence in app/.
 */
export const inspectionKeys = {
  all: ['inspections'] as const,
  items: (keyword: string) => ['inspections', 'items', keyword] as const,
  plans: (keyword: string) => ['inspections', 'plans', keyword] as const,
  plan: (id: number) => ['inspections', 'plan', id] as const,
  candidates: ['inspections', 'candidates'] as const,
  tasks: (q: Partial<InspectionTaskQuery>) => ['inspections', 'tasks', q] as const,
  task: (id: number) => ['inspections', 'task', id] as const,
  device: (deviceId: number, paging: Paging) => ['inspections', 'device', deviceId, paging] as const,
  mine: ['inspections', 'mine'] as const,
};

export function useInspectionItems(keyword = '') {
  return useQuery({
    queryKey: inspectionKeys.items(keyword),
    queryFn: () => callApi(inspectionCalls.items, { keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });
}

export function useInspectionPlans(keyword = '') {
  return useQuery({
    queryKey: inspectionKeys.plans(keyword),
    queryFn: () => callApi(inspectionCalls.plans, { keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });
}

export function useInspectionPlan(id: number | undefined) {
  return useQuery({
    queryKey: inspectionKeys.plan(id ?? 0),
    queryFn: () => callApi(inspectionCalls.plan, { id: id! }),
    enabled: id !== undefined,
  });
}

export function usePlanCandidates(enabled: boolean) {
  return useQuery({
    queryKey: inspectionKeys.candidates,
    queryFn: () => callApi(inspectionCalls.candidates),
    enabled,
  });
}

export function useInspectionTasks(q: Partial<InspectionTaskQuery> & Paging, enabled = true) {
  return useQuery({
    queryKey: inspectionKeys.tasks(q),
    queryFn: () => callApi(inspectionCalls.tasks, q),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInspectionTask(id: number | undefined) {
  return useQuery({
    queryKey: inspectionKeys.task(id ?? 0),
    queryFn: () => callApi(inspectionCalls.task, { id: id! }, { silent: true }), // the panel says why
    enabled: id !== undefined && id > 0,
    retry: false,
  });
}

export function useDeviceInspections(deviceId: number, paging: Paging, enabled: boolean) {
  return useQuery({
    queryKey: inspectionKeys.device(deviceId, paging),
    queryFn: () => callApi(inspectionCalls.deviceRecords, { deviceId, ...paging }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMyInspectionTasks() {
  return useQuery({ queryKey: inspectionKeys.mine, queryFn: () => callApi(inspectionCalls.myTasks) });
}

/** A change: on success a toast and every inspection query refreshed. */
function useInspectionChange<I, O>(fn: (input: I) => Promise<O>, done: (answer: O) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (answer) => {
      toastSuccess(done(answer));
      await client.invalidateQueries({ queryKey: inspectionKeys.all });
    },
  });
}

export function useInspectionActions() {
  const { t } = useT('inspections');
  return {
    saveItem: useInspectionChange(
      ({ id, values }: { id?: number; values: InspectionItemInput }) =>
        id === undefined
          ? callApi(inspectionCalls.addItem, values)
          : callApi(inspectionCalls.editItem, { ...values, id }),
      () => t('items.saved'),
    ),
    deleteItem: useInspectionChange(
      (id: number) => callApi(inspectionCalls.deleteItem, { id }),
      () => t('items.deleted'),
    ),
    savePlan: useInspectionChange(
      ({ id, values }: { id?: number; values: InspectionPlanInput }) =>
        id === undefined
          ? callApi(inspectionCalls.addPlan, values)
          : callApi(inspectionCalls.editPlan, { ...values, id }),
      () => t('plans.saved'),
    ),
    deletePlan: useInspectionChange(
      (id: number) => callApi(inspectionCalls.deletePlan, { id }),
      () => t('plans.deleted'),
    ),
    submit: useInspectionChange(
      (input: InspectionSubmitInput) => callApi(inspectionCalls.submit, input),
      (answer) =>
        `${t('task.submitted', { status: t(`status.${answer.status}`) })}${
          answer.repairOrderId !== null ? ` · ${t('task.repair-created')}` : ''
        }`,
    ),
  };
}
