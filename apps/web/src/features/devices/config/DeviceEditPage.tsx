import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, Col, Flex, Result, Row, Space, Tabs, Tag, Tooltip } from 'antd';
import { ArrowLeftOutlined, SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../app/useT';
import type { DeviceRow } from '@fieldhub/shared';
import { PageFrame } from '../../../app/components/PageFrame';
import { BasicInfoForm } from './BasicInfoForm';
import { configTabItems, tabOf } from '../../../app/config/ConfigTabs';
import { GatewayCard, GatewayStatusTag } from './GatewayBinding';
import { TemplateCard } from '../../../app/config/TemplateBinding';
import { useDeviceInfo } from '../../../app/config/useDevice';
import { useDeviceSync } from '../../../app/live/SyncDialog';
import { rootKeys } from '../../../app/queryKeys';

/** /manage/eg/equipment/edit/{id}: tabs info, driver, signal, report, page, script (`?tab=`, default info). */
export default function DeviceEditPage() {
  const { id } = useParams();
  const equipmentId = Number(id);
  if (!Number.isInteger(equipmentId) || equipmentId <= 0) return <Navigate to="/404" replace />;
  return <DeviceEdit key={equipmentId} equipmentId={equipmentId} />;
}

function DeviceEdit({ equipmentId }: { equipmentId: number }) {
  const { t } = useT('deviceConfig');
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const info = useDeviceInfo(equipmentId);
  const device = info.data;
  const client = useQueryClient();
  // the sync-needed tag follows the gateway's acknowledgement
  const sync = useDeviceSync(() => void client.invalidateQueries({ queryKey: rootKeys.devices }));
  const back = (
    <Link to="/manage/eg/equipment/list">
      <Button icon={<ArrowLeftOutlined />}>{t('edit.back')}</Button>
    </Link>
  );
  const actions = (
    <Space>
      {device?.sn && (
        <Tooltip title={t('common:sync.help')}>
          <Button
            icon={<SyncOutlined />}
            onClick={() => sync.start([{ equipmentId, name: device.name }])}
            data-testid="device-sync"
          >
            {t('common:sync.action')}
          </Button>
        </Tooltip>
      )}
      {back}
    </Space>
  );

  if (info.isError)
    return (
      <PageFrame title={t('edit.title-plain')} extra={back}>
        <Result status="404" title={info.error.message} />
      </PageFrame>
    );

  return (
    <PageFrame
      title={
        <Space size={8}>
          {device ? t('edit.title', { name: device.name }) : t('edit.title-plain')}
          {device && <GatewayStatusTag status={device.gatewayStatus} />}
          {device?.syncNeeded && <Tag color="warning">{t('gateway.sync-needed')}</Tag>}
        </Space>
      }
      extra={actions}
    >
      {sync.dialog}
      {device && (
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={configTabItems({ equipmentId }, <DeviceInfoTab device={device} />, t)}
          data-testid="device-tabs"
        />
      )}
    </PageFrame>
  );
}

/** The info tab: basic information, then the gateway and template cards. */
function DeviceInfoTab({ device }: { device: DeviceRow }) {
  const { t } = useT('common');
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <GatewayCard device={device} />
        </Col>
        <Col xs={24} xl={12}>
          <TemplateCard device={device} />
        </Col>
      </Row>
      <BasicInfoForm key={device.id} device={device} submitText={t('save')} />
    </Flex>
  );
}
