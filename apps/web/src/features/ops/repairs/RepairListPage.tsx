import { useState } from 'react';
import { Button, DatePicker, Drawer, Flex, Select, Space } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { REPAIR_STATES, repairsCalls, type RepairFilter, type RepairOrderRow } from '@fieldhub/shared';
import { PageFrame } from '../../../app/components/PageFrame';
import { PagedTable } from '../../../app/components/PagedTable';
import { ActionLink, listEmptyText } from '../../../app/components/listParts';
import { exportFileName } from '../../../app/downloadNames';
import { usePaging } from '../../../app/paging';
import { downloadCall } from '../../../app/request';
import { CreateRepairDialog } from '../../../app/repairs/CreateRepairDialog';
import { RepairOrderPanel } from '../../../app/repairs/RepairOrderPanel';
import { RepairPriorityTag, RepairStateTag } from '../../../app/repairs/repairTags';
import { useDeviceOptions, useRepairList, useRepairers } from '../../../app/repairs/useRepairs';
import { useT } from '../../../app/useT';

const fmt = (v: number | null) => (v === null ? '' : dayjs(v).format('YYYY-MM-DD HH:mm'));

/**
 * /manage/ops/repairs: the enterprise's repair work orders (docs/requirements/operations.md §2.7)
 * filtered by state, device, repairer and creation time; a new order, one order in a drawer with
 * its steps, attachments and timeline, and the filtered orders as .xlsx.
 */
export default function RepairListPage() {
  const { t } = useT('repairs');
  const pager = usePaging();
  const [filter, setFilter] = useState<RepairFilter>({});
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [deviceKeyword, setDeviceKeyword] = useState('');
  const list = useRepairList(filter, pager.paging);
  const devices = useDeviceOptions(deviceKeyword, true);
  const repairers = useRepairers(true);
  const [open, setOpen] = useState<number>();
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState(false);
  const filtered = Object.values(filter).some((v) => v !== undefined);

  const change = (patch: Partial<RepairFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    pager.toFirstPage();
  };
  const exportRows = async () => {
    setExporting(true);
    try {
      await downloadCall(
        repairsCalls.exportXlsx,
        { ...filter, utcOffsetMin: -new Date().getTimezoneOffset() },
        exportFileName(t('file'), new Date()),
      );
    } catch {
      // the toast said why
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageFrame
      title={t('title')}
      extra={
        <Space>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void exportRows()}
            data-testid="repair-export"
          >
            {t('export')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="repair-add"
          >
            {t('create')}
          </Button>
        </Space>
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }} data-testid="repair-filters">
        <Select
          allowClear
          placeholder={t('field.state')}
          style={{ width: 150 }}
          value={filter.state}
          onChange={(state) => change({ state })}
          options={REPAIR_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          data-testid="filter-state"
        />
        <Select
          allowClear
          showSearch
          filterOption={false}
          onSearch={setDeviceKeyword}
          placeholder={t('field.device')}
          style={{ width: 200 }}
          value={filter.equipmentId ?? undefined}
          onChange={(equipmentId?: number) => change({ equipmentId })}
          options={(devices.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          data-testid="filter-device"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('field.repairer')}
          style={{ width: 180 }}
          value={filter.repairerId ?? undefined}
          onChange={(repairerId?: number) => change({ repairerId })}
          options={(repairers.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          data-testid="filter-repairer"
        />
        <DatePicker.RangePicker
          value={range}
          placeholder={[t('filter.from'), t('filter.to')]}
          onChange={(v) => {
            const picked = v && v[0] && v[1] ? ([v[0], v[1]] as [Dayjs, Dayjs]) : null;
            setRange(picked);
            change(
              picked
                ? { from: picked[0].startOf('day').valueOf(), to: picked[1].endOf('day').valueOf() + 1 }
                : { from: undefined, to: undefined },
            );
          }}
          data-testid="filter-range"
        />
      </Flex>
      <PagedTable<RepairOrderRow>
        pager={pager}
        list={list}
        locale={{
          emptyText: listEmptyText({ loading: list.isPending, filtered, onCreate: () => setCreating(true) }),
        }}
        data-testid="repair-table"
        columns={[
          {
            title: t('field.number'),
            dataIndex: 'number',
            render: (n: string, r) => (
              <ActionLink onClick={() => setOpen(r.id)} testId={`repair-open-${r.id}`}>
                {n}
              </ActionLink>
            ),
          },
          { title: t('field.device'), dataIndex: 'equipmentName' },
          { title: t('field.problem'), dataIndex: 'problem', ellipsis: true, width: 260 },
          {
            title: t('field.priority'),
            dataIndex: 'priority',
            render: (p: RepairOrderRow['priority']) => <RepairPriorityTag priority={p} />,
          },
          {
            title: t('field.state'),
            dataIndex: 'state',
            render: (s: RepairOrderRow['state']) => <RepairStateTag state={s} />,
          },
          { title: t('field.requester'), dataIndex: 'requesterName' },
          { title: t('field.repairer'), dataIndex: 'repairerName', render: (v: string) => v || '—' },
          { title: t('field.created'), dataIndex: 'createdAt', render: fmt },
          {
            title: t('field.closed'),
            key: 'closed',
            render: (_, r) => fmt(r.finishedAt ?? r.endedAt),
          },
        ]}
      />
      <Drawer
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        size={520}
        title={t('order')}
        destroyOnHidden
      >
        {open !== undefined && <RepairOrderPanel id={open} />}
      </Drawer>
      <CreateRepairDialog open={creating} onClose={() => setCreating(false)} onCreated={setOpen} />
    </PageFrame>
  );
}
