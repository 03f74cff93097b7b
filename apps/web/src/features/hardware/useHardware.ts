import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GatewayStatus, Page } from '@fieldhub/shared';
import type { Paging } from '../../app/paging';
import { request } from '../../app/request';

/** A gateway of the platform registry (`/lfscada/hardware/query`). */
export interface RegisteredGateway {
  sn: string;
  series: string;
  model: string;
  firmware: string;
  status: GatewayStatus;
  /** enterprise of the device it is bound to */
  orgName: string | null;
  bound: boolean;
  registeredAt: string;
}

/** What registration issues for one gateway, shown once. */
export interface IssuedGateway {
  sn: string;
  verifyCode: string;
  mqttPassword: string;
}

const hardwareKeys = { all: ['hardware'] as const };

export function useRegisteredGateways(sn: string, paging: Paging) {
  return useQuery({
    queryKey: [...hardwareKeys.all, sn, paging],
    queryFn: () =>
      request<Page<RegisteredGateway>>(
        '/lfscada/hardware/query',
        { ...paging, sn: sn || undefined },
        { json: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRegisterGateways() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { series: string; model: string; sns: string[] }) =>
      request<IssuedGateway[]>(
        '/lfscada/hardware/register',
        { series: v.series, model: v.model, gateways: v.sns.map((sn) => ({ sn })) },
        { json: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: hardwareKeys.all }),
  });
}
