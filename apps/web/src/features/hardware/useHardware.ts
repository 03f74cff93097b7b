import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gatewaysCalls, type CallOutput } from '@fieldhub/shared';
import type { Paging } from '../../app/paging';
import { callApi } from '../../app/request';

/** A gateway of the platform registry (`gatewaysCalls.registry`). */
export type RegisteredGateway = CallOutput<typeof gatewaysCalls.registry>['list'][number];

/** What registration issues for one gateway, shown once. */
export type IssuedGateway = CallOutput<typeof gatewaysCalls.register>[number];

const hardwareKeys = { all: ['hardware'] as const };

export function useRegisteredGateways(sn: string, paging: Paging) {
  return useQuery({
    queryKey: [...hardwareKeys.all, sn, paging],
    queryFn: () => callApi(gatewaysCalls.registry, { ...paging, sn: sn || undefined }),
    placeholderData: keepPreviousData,
  });
}

export function useRegisterGateways() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { series: string; model: string; sns: string[] }) =>
      callApi(gatewaysCalls.register, {
        series: v.series,
        model: v.model,
        gateways: v.sns.map((sn) => ({ sn })),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: hardwareKeys.all }),
  });
}
