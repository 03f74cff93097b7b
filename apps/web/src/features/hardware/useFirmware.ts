import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@fieldhub/shared';
import type { Paging } from '../../app/paging';
import { request, upload } from '../../app/request';

/** A firmware package of the back office (`/lfscada/hardware/firmware/query`). */
export interface FirmwarePackage {
  id: number;
  series: string;
  version: string;
  note: string;
  filename: string;
  size: number;
  sha256: string;
  createdAt: string;
}

const firmwareKeys = { all: ['firmware'] as const };

export function useFirmwarePackages(series: string, paging: Paging) {
  return useQuery({
    queryKey: [...firmwareKeys.all, series, paging],
    queryFn: () =>
      request<Page<FirmwarePackage>>(
        '/lfscada/hardware/firmware/query',
        { ...paging, series: series || undefined },
        { json: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Gateway series (name and features) the platform knows. */
export function useGatewaySeries() {
  return useQuery({
    queryKey: ['gateway-series'],
    queryFn: () =>
      request<{ name: string; isDefault: boolean }[]>('/lfscada/hardware/series', {}, { json: true }),
    staleTime: 5 * 60_000,
  });
}

export function useUploadFirmware() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { file: File; series: string; version: string; note: string }) =>
      upload<{ id: number; sha256: string; size: number }>('/lfscada/hardware/firmware/add', v.file, {
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
    mutationFn: (id: number) => request('/lfscada/hardware/firmware/delete', { id }, { json: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: firmwareKeys.all }),
  });
}
