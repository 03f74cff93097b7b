import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPGRADE_RUNNING, type GatewayStatus, type Page } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import type { Paging } from '../../app/paging';
import { request } from '../../app/request';
import type { GatewayRow, GatewaySettingsPatch } from './gatewayTypes';

export const gatewayKeys = { all: ['gateways'] as const };

export interface GatewayFilters {
  keyword?: string | undefined;
  status?: GatewayStatus | undefined;
}

export function useGatewayList(filters: GatewayFilters, paging: Paging) {
  return useQuery({
    queryKey: [...gatewayKeys.all, filters, paging],
    queryFn: () =>
      request<Page<GatewayRow>>(
        '/lfscada/gateway/query',
        { ...paging, keyword: filters.keyword || undefined, status: filters.status },
        { json: true },
      ),
    placeholderData: keepPreviousData,
    // an upgrade under way reports its steps: follow them
    refetchInterval: (query) =>
      query.state.data?.list.some((g) => g.otaState && UPGRADE_RUNNING.includes(g.otaState)) ? 2000 : false,
  });
}

/** Saves one part of a gateway's settings; the device then needs a sync, so devices refresh too. */
export function useSaveGatewaySettings(sn: string) {
  const { t } = useTranslation(['gateways', 'common']);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: GatewaySettingsPatch) =>
      request('/lfscada/gateway/settings/save', { sn, ...patch }, { json: true }),
    onSuccess: async () => {
      toastSuccess(t('common:saved'));
      await Promise.all([
        client.invalidateQueries({ queryKey: gatewayKeys.all }),
        client.invalidateQueries({ queryKey: ['devices'] }),
      ]);
    },
  });
}
