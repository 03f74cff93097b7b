import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { devicesCalls, monitorCalls, TIMERS } from '@fieldhub/shared';
import { callApi } from '../../app/request';
import type { Paging } from '../../app/paging';

/** Filters of the monitor list (docs/requirements/monitoring.md §2.2 /monitor/eg/list). */
export interface CardFilters {
  groupId?: number | undefined;
  keyword?: string | undefined;
  status?: 'online' | 'offline' | 'sleeping' | 'unbound' | undefined;
  followed?: boolean | undefined;
}

/** Query keys of the monitor screens; a follow change or an alarm refreshes `cards`. */
export const monitorKeys = {
  all: ['monitor'] as const,
  groups: ['monitor', 'groups'] as const,
  cards: ['monitor', 'cards'] as const,
  cardPage: (f: CardFilters, p: Paging) => ['monitor', 'cards', f, p] as const,
  device: (id: number) => ['monitor', 'device', id] as const,
  signals: (id: number) => ['monitor', 'signals', id] as const,
  alarms: (id: number) => ['monitor', 'alarms', id] as const,
  alarmCount: (id: number) => ['monitor', 'alarms', id, 'count'] as const,
};

export function useMonitorGroups() {
  return useQuery({
    queryKey: monitorKeys.groups,
    queryFn: () => callApi(monitorCalls.groups),
    staleTime: 30_000,
  });
}

/** A page of device cards; gateway states and alarm counts refresh with the gateway poll (60 s). */
export function useDeviceCards(filters: CardFilters, paging: Paging) {
  return useQuery({
    queryKey: monitorKeys.cardPage(filters, paging),
    queryFn: () =>
      callApi(monitorCalls.cardsByGroup, {
        ...paging,
        ...filters,
        keyword: filters.keyword || undefined,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: TIMERS.gatewayPoll,
  });
}

/** Follow (setFollow) and stop following (the spec's cancleFollow). */
export function useFollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, follow }: { id: number; follow: boolean }) =>
      callApi(follow ? monitorCalls.follow : monitorCalls.unfollow, { equipmentId: id }),
    onSuccess: () => client.invalidateQueries({ queryKey: monitorKeys.cards }),
  });
}

/** The device's own fields (equipment info tab, page title). */
export function useMonitoredDevice(id: number) {
  return useQuery({
    queryKey: monitorKeys.device(id),
    queryFn: () => callApi(devicesCalls.info, { id }),
  });
}
