import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../app/useT';
import { devicesCalls, templatesCalls, type TemplateInput } from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import type { Paging } from '../../app/paging';
import { callApi } from '../../app/request';

export const templateKeys = {
  all: ['templates'] as const,
  list: ['templates', 'list'] as const,
  detail: (id: number) => ['templates', 'detail', id] as const,
  series: ['templates', 'series'] as const,
};

export function useTemplateList(filters: { name?: string | undefined }, paging: Paging) {
  return useQuery({
    queryKey: [...templateKeys.list, filters, paging],
    queryFn: () => callApi(templatesCalls.listForManage, { ...paging, name: filters.name || undefined }),
    placeholderData: keepPreviousData,
  });
}

export function useTemplateDetail(id: number) {
  return useQuery({
    queryKey: templateKeys.detail(id),
    queryFn: () => callApi(templatesCalls.detail, { id }),
  });
}

/**
 * Gateway series already used by the enterprise's templates, offered while typing. There is no
 * call listing every series yet, so a new series is typed by hand (the server checks it).
 */
export function useKnownSeries() {
  return useQuery({
    queryKey: templateKeys.series,
    queryFn: async () => {
      const page = await callApi(templatesCalls.listForManage, { pageNum: 1, pageSize: 500 });
      return [...new Set(page.list.map((t) => t.series))].sort();
    },
    staleTime: 60_000,
  });
}

export function useTemplateActions() {
  const { t } = useT('common');
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: templateKeys.all }),
      client.invalidateQueries({ queryKey: ['devices'] }),
    ]);
  const save = useMutation({
    mutationFn: ({ id, item }: { id?: number | undefined; item: TemplateInput }) =>
      id === undefined
        ? callApi(templatesCalls.add, item)
        : callApi(templatesCalls.edit, { id, ...item }).then(() => ({ id })),
    onSuccess: async () => {
      toastSuccess(t('saved'));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(templatesCalls.remove, { id }),
    onSuccess: async () => {
      toastSuccess(t('deleted'));
      await refresh();
    },
  });
  const syncDevice = useMutation({
    mutationFn: (equipmentId: number) => callApi(devicesCalls.syncTemplate, { equipmentId }),
    onSuccess: async () => {
      toastSuccess(t('templates:synced'));
      await refresh();
    },
  });
  return { save, remove, syncDevice };
}
