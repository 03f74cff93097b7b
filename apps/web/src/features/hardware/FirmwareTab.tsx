import { useState } from 'react';
import { Button, Empty, Popconfirm, Select, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useT } from '../../app/useT';
import { PagedTable } from '../../app/components/PagedTable';
import { toastSuccess } from '../../app/notify';
import { usePaging } from '../../app/paging';
import { useDialog } from '../../app/useDialog';
import { UploadFirmwareModal } from './UploadFirmwareModal';
import {
  useDeleteFirmware,
  useFirmwarePackages,
  useGatewaySeries,
  type FirmwarePackage,
} from './useFirmware';

const sizeText = (bytes: number) =>
  bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Firmware packages by series and version: upload, list newest first, delete. */
export function FirmwareTab() {
  const { t } = useT('hardware');
  const [series, setSeries] = useState('');
  const pager = usePaging();
  const list = useFirmwarePackages(series, pager.paging);
  const seriesList = useGatewaySeries();
  const uploading = useDialog<void>();
  const remove = useDeleteFirmware();

  const columns: TableColumnsType<FirmwarePackage> = [
    { title: t('col.series'), dataIndex: 'series' },
    {
      title: t('firmware.version'),
      dataIndex: 'version',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: t('firmware.file'), dataIndex: 'filename' },
    { title: t('firmware.size'), dataIndex: 'size', render: (v: number) => sizeText(v) },
    {
      title: 'SHA-256',
      dataIndex: 'sha256',
      render: (v: string) => (
        <Tooltip title={v}>
          <Typography.Text copyable={{ text: v }} style={{ fontFamily: 'monospace' }}>
            {v.slice(0, 12)}…
          </Typography.Text>
        </Tooltip>
      ),
    },
    { title: t('firmware.note'), dataIndex: 'note', render: (v: string) => v || '—' },
    {
      title: t('firmware.uploaded-at'),
      dataIndex: 'createdAt',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_, row) => (
        <Popconfirm
          title={t('firmware.delete-confirm', { version: row.version })}
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove
              .mutateAsync(row.id)
              .then(() => toastSuccess(t('firmware.deleted', { version: row.version })))
          }
        >
          <Button type="link" danger icon={<DeleteOutlined />} data-testid={`firmware-delete-${row.version}`}>
            {t('common:delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          placeholder={t('firmware.all-series')}
          style={{ width: 200 }}
          value={series || undefined}
          onChange={(v?: string) => {
            setSeries(v ?? '');
            pager.toFirstPage();
          }}
          options={(seriesList.data ?? []).map((s) => ({ value: s.name, label: s.name }))}
          data-testid="firmware-series-filter"
        />
        <Button
          type="primary"
          icon={<UploadOutlined />}
          onClick={() => uploading.show()}
          data-testid="firmware-add"
        >
          {t('firmware.upload')}
        </Button>
      </Space>
      <PagedTable<FirmwarePackage>
        pager={pager}
        list={list}
        columns={columns}
        locale={{
          emptyText: list.isPending ? (
            <div style={{ height: 160 }} />
          ) : (
            <Empty description={t('firmware.empty')} />
          ),
        }}
        data-testid="firmware-table"
      />
      <UploadFirmwareModal key={uploading.key} open={uploading.open} onClose={uploading.close} />
    </>
  );
}
