import { useParams, useNavigate } from 'react-router-dom';
import { Button, Space, type TableColumnsType } from 'antd';
import { AlertOutlined, ArrowLeftOutlined, AuditOutlined, ToolOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { MSG_EQUIP_TYPES, MSG_TYPES, type MsgEquipType, type MsgRow, type MsgType } from '@fieldhub/shared';
import { PagedTable } from '../../app/components/PagedTable';
import { PageFrame } from '../../app/components/PageFrame';
import { usePaging } from '../../app/paging';
import { useInspectionTask } from '../../app/inspections/useInspections';
import { useRepairInfo } from '../../app/repairs/useRepairs';
import { pathTo } from '../../app/routeTable';
import { tabOfMenuType } from './messageLinks';
import { MsgProblem } from './MsgProblem';
import { MsgNote, MsgTime, MsgTypeTag, ReadStateTag } from './messageParts';
import { useMarkItemRead, useMessagePage, useMyDevices } from './useMessages';

const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | null =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : null;

/**
 * /msg/detail/{menuType}/{msgType}/{equipType}/{dataId}: the messages about one item (for alarms:
 * one device), all marked read on opening; an alarm's device opens on its alarm tab from here.
 */
export default function MessageDetailPage() {
  const params = useParams();
  const msgType = oneOf(MSG_TYPES, params.msgType);
  const equipType = oneOf(MSG_EQUIP_TYPES, params.equipType);
  const dataId = Number(params.dataId);
  if (!msgType || !equipType || !Number.isInteger(dataId) || dataId <= 0) return <MsgProblem />;
  return (
    <ItemMessages
      key={`${msgType}/${equipType}/${dataId}`}
      menuType={params.menuType}
      msgType={msgType}
      equipType={equipType}
      dataId={dataId}
    />
  );
}

function ItemMessages({
  menuType,
  msgType,
  equipType,
  dataId,
}: {
  menuType: string | undefined;
  msgType: MsgType;
  equipType: MsgEquipType;
  dataId: number;
}) {
  const { t } = useT('messages');
  const navigate = useNavigate();
  const pager = usePaging();
  const marked = useMarkItemRead(equipType, dataId);
  // the list is read after marking, so its read states are the ones after opening
  const list = useMessagePage(
    { readState: 'all', type: msgType, equipType, dataId },
    pager.paging,
    marked.done,
  );
  const devices = useMyDevices();
  const device = equipType === 'eg' ? devices.data?.find((d) => d.id === dataId) : undefined;
  // a repair order's message opens the device with the order beside it (operations.md §2.6)
  const order = useRepairInfo(equipType === 'repair' ? dataId : undefined);
  // an inspection task's message opens the device with the task beside it (operations.md §4.6)
  const task = useInspectionTask(equipType === 'inspection' ? dataId : undefined);
  const subject = device?.name ?? list.data?.list[0]?.title ?? '';
  if (list.isError) return <MsgProblem error={list.error} />;

  const columns: TableColumnsType<MsgRow> = [
    { title: t('col.type'), dataIndex: 'type', width: 120, render: (v: MsgType) => <MsgTypeTag type={v} /> },
    { title: t('col.title'), dataIndex: 'title', width: 220, ellipsis: true },
    {
      title: t('col.note'),
      dataIndex: 'note',
      ellipsis: true,
      render: (_: string, row) => <MsgNote row={row} />,
    },
    { title: t('col.time'), dataIndex: 'gmtCreate', width: 180, render: (v: number) => <MsgTime ms={v} /> },
    {
      title: t('col.state'),
      dataIndex: 'read',
      width: 100,
      render: (v: boolean) => <ReadStateTag read={v} />,
    },
  ];

  return (
    <PageFrame
      title={
        <span data-testid="msg-detail-title">
          {t('detail.item-title', {
            kind: t(`type.${msgType}`),
            about: t(`equip-type.${equipType}`),
            subject,
          })}
        </span>
      }
      extra={
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(tabOfMenuType(menuType).path)}>
            {t('detail.back')}
          </Button>
          {equipType === 'repair' && order.data && (
            <Button
              type="primary"
              icon={<ToolOutlined />}
              data-testid="msg-open-repair"
              onClick={() =>
                navigate(
                  pathTo('MonitorEGDetailForOrder', {
                    id: order.data.order.equipmentId,
                    orderType: 'repair',
                    orderId: dataId,
                  }),
                )
              }
            >
              {t('repairs:open')}
            </Button>
          )}
          {equipType === 'inspection' && task.data && (
            <Button
              type="primary"
              icon={<AuditOutlined />}
              data-testid="msg-open-inspection"
              onClick={() =>
                navigate(
                  pathTo('MonitorEGDetailForOrder', {
                    id: task.data.deviceId,
                    orderType: 'inspection',
                    orderId: dataId,
                  }),
                )
              }
            >
              {t('inspections:open')}
            </Button>
          )}
          {equipType === 'eg' && (
            <Button
              type="primary"
              icon={<AlertOutlined />}
              data-testid="msg-open-device-alarms"
              onClick={() => navigate(pathTo('MonitorEGDetail', { id: dataId, alarm: 1 }))}
            >
              {t('detail.device-alarms')}
            </Button>
          )}
        </Space>
      }
    >
      <PagedTable<MsgRow>
        pager={pager}
        list={list}
        columns={columns}
        scroll={{ x: 900 }}
        data-testid="msg-detail-table"
      />
    </PageFrame>
  );
}
