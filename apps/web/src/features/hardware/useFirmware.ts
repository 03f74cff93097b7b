import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { firmwareCalls, gatewaysCalls, type CallOutput } from '@fieldhub/shared';
import type { Paging } from '../../app/paging';
import { callApi, uploadCall } from '../../app/request';

/** A firmware package of the back office (`firmwareCalls.query`). */
export type FirmwarePackage = CallOutput<typeof firmwareCalls.query>['list'][number];

const firmwareKeys = { all: ['firmware'] as const };

export function useFirmwarePackages(series: string, paging: Paging) {
  return useQuery({
    queryKey: [...firmwareKeys.all, series, paging],
    queryFn: () => callApi(firmwareCalls.query, { ...paging, series: series || undefined }),
    placeholderData: keepPreviousData,
  });
}

/** Gateway series (name and features) the platform knows. */
export function useGatewaySeries() {
  return useQuery({
    queryKey: ['gateway-series'],
    queryFn: () => callApi(gatewaysCalls.series),
    staleTime: 5 * 60_000,
  });
}

export function useUploadFirmware() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; series: string; version: string; note: string }) =>
      uploadCall(firmwareCalls.add, v.file, {
        series: v.series,
        version: v.version,
        note: v.note,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: firmwareKeys.all }),
  });
}

export function useDeleteFirmware() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(firmwareCalls.remove, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: firmwareKeys.all }),
  });
}
