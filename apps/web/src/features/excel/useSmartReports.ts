import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  excelCalls,
  type SmartReportCell,
  type SmartReportEdit,
  type SmartReportFieldsInput,
  type SmartReportFillInput,
} from '@fieldhub/shared';
import { toastSuccess } from '../../app/notify';
import type { Paging } from '../../app/paging';
import { callApi, downloadCall, uploadCall } from '../../app/request';
import { useT } from '../../app/useT';

/** Query keys of the smart reports (docs/requirements/data-views.md §4). */
export const reportKeys = {
  all: ['smartReports'] as const,
  list: (keyword: string, paging: Paging) => ['smartReports', 'list', keyword, paging] as const,
  reports: ['smartReports', 'reports'] as const,
  info: (id: number) => ['smartReports', 'info', id] as const,
  template: (id: number) => ['smartReports', 'template', id] as const,
  variables: (keyword: string) => ['smartReports', 'variables', keyword] as const,
  records: (id: number, filled: RecordFilter, paging: Paging) =>
    ['smartReports', 'records', id, filled, paging] as const,
  record: (id: number) => ['smartReports', 'record', id] as const,
  read: (id: number) => ['smartReports', 'read', id] as const,
};

/** Which records a list shows. */
export type RecordFilter = 'all' | 'filled' | 'unfilled';

export function useReportList(keyword: string, paging: Paging) {
  return useQuery({
    queryKey: reportKeys.list(keyword, paging),
    queryFn: () => callApi(excelCalls.queryAll, { keyword: keyword || undefined, ...paging }),
    placeholderData: keepPreviousData,
  });
}

/** The reports with a template, for the monitor screens. */
export function useReports() {
  return useQuery({ queryKey: reportKeys.reports, queryFn: () => callApi(excelCalls.reports) });
}

export function useReportInfo(id: number | undefined) {
  return useQuery({
    queryKey: reportKeys.info(id ?? 0),
    queryFn: () => callApi(excelCalls.info, { id: id! }),
    enabled: id !== undefined,
  });
}

export function useTemplateSheet(id: number, hasTemplate: boolean) {
  return useQuery({
    queryKey: reportKeys.template(id),
    queryFn: () => callApi(excelCalls.template, { id }),
    enabled: hasTemplate,
  });
}

export function useVariableOptions(keyword: string) {
  return useQuery({
    queryKey: reportKeys.variables(keyword),
    queryFn: () => callApi(excelCalls.variables, { keyword: keyword || undefined }),
  });
}

export function useRecords(reportId: number, filled: RecordFilter, paging: Paging) {
  return useQuery({
    queryKey: reportKeys.records(reportId, filled, paging),
    queryFn: () => callApi(excelCalls.records, { reportId, filled, ...paging }),
    placeholderData: keepPreviousData,
  });
}

export function useRecord(recordId: number) {
  return useQuery({
    queryKey: reportKeys.record(recordId),
    queryFn: () => callApi(excelCalls.record, { recordId }),
  });
}

export function useRecordSheet(recordId: number) {
  return useQuery({
    queryKey: reportKeys.read(recordId),
    queryFn: () => callApi(excelCalls.read, { recordId }),
  });
}

/** Every change of a report or record: saved, then every smart report query refreshed. */
export function useReportActions() {
  const { t } = useT('smartReports');
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: reportKeys.all });
  const saved = async () => {
    toastSuccess(t('common:saved'));
    await refresh();
  };
  return {
    add: useMutation({
      mutationFn: (fields: SmartReportFieldsInput) => callApi(excelCalls.add, fields),
      onSuccess: saved,
    }),
    edit: useMutation({
      mutationFn: (fields: SmartReportEdit) => callApi(excelCalls.edit, fields),
      onSuccess: saved,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callApi(excelCalls.remove, { id }),
      onSuccess: async () => {
        toastSuccess(t('common:deleted'));
        await refresh();
      },
    }),
    upload: useMutation({
      mutationFn: ({ id, file }: { id: number; file: File }) =>
        uploadCall(excelCalls.upload, file, { id: String(id) }),
      onSuccess: saved,
    }),
    saveCells: useMutation({
      mutationFn: ({ id, cells }: { id: number; cells: SmartReportCell[] }) =>
        callApi(excelCalls.saveCells, { id, cells }),
      onSuccess: saved,
    }),
    generate: useMutation({
      mutationFn: (id: number) => callApi(excelCalls.generate, { id }),
      onSuccess: async () => {
        toastSuccess(t('generated'));
        await refresh();
      },
    }),
    fill: useMutation({
      mutationFn: (input: SmartReportFillInput) => callApi(excelCalls.fill, input),
      onSuccess: saved,
    }),
  };
}

/** Saves the filled workbook of a record (.xlsx). */
export const downloadRecord = (recordId: number, name: string) =>
  downloadCall(excelCalls.download, { recordId }, `${name}.xlsx`);
