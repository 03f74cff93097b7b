import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/useT';
import { gatewaysCalls, UPGRADE_RUNNING, type GatewayStatus } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import type { Paging } from '../../app/paging';
import { callApi } from '../../app/request';
import type { GatewaySettingsPatch } from './gatewayTypes';

export const gatewayKeys = { all: ['gateways'] as const };

export interface GatewayFilters {
  keyword?: string | undefined;
  status?: GatewayStatus | undefined;
}

export function useGatewayList(filters: GatewayFilters, paging: Paging) {
  return useQuery({
    queryKey: [...gatewayKeys.all, filters, paging],
    queryFn: () =>
      callApi(gatewaysCalls.list, {
        ...paging,
        keyword: filters.keyword || undefined,
        status: filters.status,
      }),
    placeholderData: keepPreviousData,
    // an upgrade under way reports its steps: follow them
    refetchInterval: (query) =>
      query.state.data?.list.some((g) => g.otaState && UPGRADE_RUNNING.includes(g.otaState)) ? 2000 : false,
  });
}

/** Saves one part of a gateway's settings; the device then needs a sync, so devices refresh too. */
export function useSaveGatewaySettings(sn: string) {
  const { t } = useT('gateways');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: GatewaySettingsPatch) => callApi(gatewaysCalls.saveSettings, { sn, ...patch }),
    onSuccess: async () => {
      toastSuccess(t('common:saved'));
      await Promise.all([
        client.invalidateQueries({ queryKey: gatewayKeys.all }),
        client.invalidateQueries({ queryKey: ['devices'] }),
      ]);
    },
  });
}
