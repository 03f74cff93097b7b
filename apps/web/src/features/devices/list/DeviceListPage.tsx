import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { App, Button, Empty, Flex, Space, Typography } from 'antd';
import { ExportOutlined, ImportOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../app/useT';
import { bulkCalls, type DeviceRow } from '@fieldhub/shared';
import { PagedTable } from '../../../app/components/PagedTable';
import { PageFrame } from '../../../app/components/PageFrame';
import { usePaging, useStepBackFromEmptyPage } from '../../../app/paging';
import { downloadCall } from '../../../app/request';
import { exportFileName } from '../../../app/downloadNames';
import { useDialog } from '../../../app/useDialog';
import { AuthorizeModal } from './AuthorizeModal';
import { CopyDeviceModal } from './CopyDeviceModal';
import { useDeviceColumns } from './deviceColumns';
import { deviceQueryBody, groupIdFromSearch, isFiltered, withAdvanced } from './deviceFilters';
import { DeviceGroupTree } from './DeviceGroupTree';
import { DeviceSearchBar } from './DeviceSearchBar';
import type { DeviceFilters } from './deviceTypes';
import { ImportDialog } from './ImportDialog';
import { ShareDrawer } from '../../../app/sharing/ShareDrawer';
import { useDeviceSync } from '../../../app/live/SyncDialog';
import { can, useSession } from '../../../app/session';
import { deviceKeys, useDeviceActions, useDeviceList } from './useDevices';

const ADD_PATH = '/manage/eg/equipment/add';

/**
 * /manage/eg/equipment/list: the enterprise's devices, filtered by the group tree on the left,
 * a keyword and the advanced search; with import, export, copy, sharing, authorisation, and syncing
 * one device or the chosen ones to their gateways.
 */
export default function DeviceListPage() {
  const { t } = useT('deviceList');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [filters, setFilters] = useState<DeviceFilters>(() => ({ groupId: groupIdFromSearch(search) }));
  const pager = usePaging();
  // a new search bar (cleared inputs) after "clear filters"
  const [searchKey, setSearchKey] = useState(0);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const copying = useDialog<DeviceRow>();
  const sharing = useDialog<DeviceRow>();
  const authorizing = useDialog<DeviceRow>();
  const list = useDeviceList(filters, pager.paging);
  const { remove } = useDeviceActions();
  const client = useQueryClient();
  const maySync = can(
    useSession((s) => s.user),
    'equipment_manage',
  );
  // devices with a gateway, chosen for a sync (kept across pages)
  const [chosen, setChosen] = useState<DeviceRow[]>([]);
  const sync = useDeviceSync(() => void client.invalidateQueries({ queryKey: deviceKeys.all }));
  const syncRows = (rows: readonly DeviceRow[]) =>
    sync.start(rows.map((r) => ({ equipmentId: r.id, name: r.name })));

  useStepBackFromEmptyPage(pager, list.data);
  const total = list.data?.total ?? 0;

  const apply = (next: DeviceFilters) => {
    setFilters(next);
    pager.toFirstPage();
  };
  const clearFilters = () => {
    apply({});
    setSearchKey((k) => k + 1);
  };

  const exportDevices = async () => {
    setExporting(true);
    try {
      await downloadCall(
        bulkCalls.deviceExport,
        deviceQueryBody(filters),
        exportFileName(t('export.file'), new Date()),
      );
    } catch {
      // the toast already said why
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = (row: DeviceRow) =>
    modal.confirm({
      title: t('common:delete-confirm', { name: row.name }),
      content: row.sn ? t('delete.with-gateway', { sn: row.sn }) : t('delete.help'),
      okText: t('common:delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
    });

  const columns = useDeviceColumns({
    ...(maySync ? { onSync: (row: DeviceRow) => syncRows([row]) } : {}),
    onCopy: copying.show,
    onShare: sharing.show,
    onAuthorize: authorizing.show,
    onDelete: confirmDelete,
  });

  const filtered = isFiltered(filters);
  const emptyText = list.isPending ? (
    <div style={{ height: 160 }} />
  ) : filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.no-match')}>
      <Button onClick={clearFilters} data-testid="clear-filters">
        {t('empty.clear')}
      </Button>
    </Empty>
  ) : (
    <Empty description={t('empty.none')} data-testid="device-empty">
      <Typography.Paragraph type="secondary">{t('empty.help')}</Typography.Paragraph>
      <Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(ADD_PATH)}>
          {t('add')}
        </Button>
        <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)}>
          {t('import.button')}
        </Button>
      </Space>
    </Empty>
  );

  return (
    <PageFrame
      title={t('title')}
      extra={
        <Space wrap>
          {maySync && (
            <Button
              icon={<SyncOutlined />}
              disabled={!chosen.length}
              onClick={() => syncRows(chosen)}
              data-testid="device-sync-selected"
            >
              {t('common:sync.selected', { count: chosen.length })}
            </Button>
          )}
          <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)} data-testid="device-import">
            {t('import.button')}
          </Button>
          <Button
            icon={<ExportOutlined />}
            loading={exporting}
            disabled={!total}
            onClick={() => void exportDevices()}
            data-testid="device-export"
          >
            {t('export.button')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(ADD_PATH)}
            data-testid="device-add"
          >
            {t('add')}
          </Button>
        </Space>
      }
    >
      <Flex gap={16} align="flex-start">
        <DeviceGroupTree
          selected={filters.groupId}
          onSelect={(groupId) => {
            apply({ ...filters, groupId });
            // the address names the group, so a reload or a shared link shows the same devices
            void navigate({ search: groupId ? `?groupId=${groupId}` : '' }, { replace: true });
          }}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <DeviceSearchBar
            key={searchKey}
            filters={filters}
            onKeyword={(keyword) => apply({ ...filters, keyword: keyword || undefined })}
            onAdvanced={(advanced) => apply(withAdvanced(filters, advanced))}
          />
          <PagedTable<DeviceRow>
            pager={pager}
            list={list}
            columns={columns}
            locale={{ emptyText }}
            rowSelection={
              maySync
                ? {
                    preserveSelectedRowKeys: true,
                    selectedRowKeys: chosen.map((r) => r.id),
                    onChange: (_, rows) => setChosen(rows.filter(Boolean)),
                    // only a device with a gateway can be synced (1118 otherwise)
                    getCheckboxProps: (row) => ({ disabled: !row.sn }),
                  }
                : undefined
            }
            data-testid="device-table"
          />
        </div>
      </Flex>
      <CopyDeviceModal
        key={`copy-${copying.key}`}
        open={copying.open}
        row={copying.target}
        onClose={copying.close}
      />
      <ShareDrawer open={sharing.open} row={sharing.target} onClose={sharing.close} />
      <AuthorizeModal
        key={`auth-${authorizing.key}`}
        open={authorizing.open}
        row={authorizing.target}
        onClose={authorizing.close}
      />
      <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
      {sync.dialog}
    </PageFrame>
  );
}
