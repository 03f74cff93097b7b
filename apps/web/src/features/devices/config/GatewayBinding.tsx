import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useLang, useT } from '../../../app/useT';
import {
  type DeviceRow,
  type GatewayStatus,
  messageFor,
  SN_PATTERN,
  VERIFY_CODE_PATTERN,
} from '@fieldhub/shared';
import { ApiError } from '../../../app/request';
import type { GatewayLookup } from '../../../app/config/configTypes';
import { lookupGateway, useBoundGateway, useDeviceActions } from '../../../app/config/useDevice';

const STATUS_COLORS: Record<GatewayStatus, string> = {
  online: 'success',
  offline: 'default',
  sleeping: 'gold',
};

export function GatewayStatusTag({ status }: { status: GatewayStatus | null }) {
  const { t } = useT('deviceConfig');
  if (!status) return null;
  return <Tag color={STATUS_COLORS[status]}>{t(`gateway.status.${status}`)}</Tag>;
}

type Lookup =
  | { state: 'idle' }
  | { state: 'loading'; sn: string }
  | { state: 'found'; gateway: GatewayLookup }
  | { state: 'failed'; sn: string; message: string };

/**
 * Binding by SN and 6-digit verification code (docs/requirements/devices-and-gateways.md §4.3): typing the
 * 12th digit looks the SN up, so the series and model show before anything is bound.
 */
export function BindGatewayForm({
  equipmentId,
  currentSn,
  onBound,
}: {
  equipmentId: number;
  /** the device's gateway when replacing it */
  currentSn?: string | null;
  onBound?: () => void;
}) {
  const { t } = useT('deviceConfig');
  const lang = useLang();
  const [form] = Form.useForm<{ sn: string; verifyCode: string }>();
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const { bindGateway } = useDeviceActions();

  const look = (sn: string) => {
    if (!SN_PATTERN.test(sn)) {
      setLookup({ state: 'idle' });
      return;
    }
    setLookup({ state: 'loading', sn });
    lookupGateway(sn).then(
      (gateway) => setLookup((l) => (l.state === 'loading' && l.sn === sn ? { state: 'found', gateway } : l)),
      (err: unknown) =>
        setLookup((l) =>
          l.state === 'loading' && l.sn === sn
            ? { state: 'failed', sn, message: err instanceof ApiError ? err.message : String(err) }
            : l,
        ),
    );
  };

  const takenElsewhere = lookup.state === 'found' && lookup.gateway.bound && lookup.gateway.sn !== currentSn;

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) =>
        bindGateway.mutate(
          { equipmentId, sn: v.sn.trim(), verifyCode: v.verifyCode.trim() },
          { onSuccess: onBound },
        )
      }
      data-testid="bind-gateway-form"
    >
      <Flex gap={16} wrap align="start">
        <Form.Item
          name="sn"
          label={t('gateway.sn')}
          style={{ width: 240 }}
          rules={[
            { required: true, message: t('gateway.sn-required') },
            { pattern: SN_PATTERN, message: messageFor(1305, lang) },
          ]}
        >
          <Input
            maxLength={12}
            inputMode="numeric"
            placeholder={t('gateway.sn-placeholder')}
            onChange={(e) => look(e.target.value.trim())}
            suffix={lookup.state === 'loading' ? <Spin size="small" /> : <span />}
            data-testid="gateway-sn"
          />
        </Form.Item>
        <Form.Item
          name="verifyCode"
          label={t('gateway.code')}
          rules={[
            { required: true, message: t('gateway.code-required') },
            { pattern: VERIFY_CODE_PATTERN, message: t('gateway.code-rule') },
          ]}
        >
          <Input.OTP length={6} data-testid="gateway-code" />
        </Form.Item>
      </Flex>
      {lookup.state === 'found' && (
        <Alert
          type={takenElsewhere ? 'warning' : 'success'}
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="gateway-lookup"
          title={takenElsewhere ? t('gateway.taken') : t('gateway.found')}
          description={
            <Descriptions size="small" column={4}>
              <Descriptions.Item label={t('gateway.series')}>{lookup.gateway.series}</Descriptions.Item>
              <Descriptions.Item label={t('gateway.model')}>{lookup.gateway.model || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('gateway.firmware')}>
                {lookup.gateway.firmware || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('gateway.state')}>
                <GatewayStatusTag status={lookup.gateway.status} />
              </Descriptions.Item>
            </Descriptions>
          }
        />
      )}
      {lookup.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={lookup.message}
          data-testid="gateway-lookup"
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        loading={bindGateway.isPending}
        disabled={takenElsewhere}
        data-testid="gateway-bind"
      >
        {currentSn ? t('gateway.replace') : t('gateway.bind')}
      </Button>
    </Form>
  );
}

/** The device's gateway: SN, status, series and model, with bind, replace and unbind. */
export function GatewayCard({ device }: { device: DeviceRow }) {
  const { t } = useT('deviceConfig');
  const [replacing, setReplacing] = useState(false);
  const { unbindGateway } = useDeviceActions();
  const gateway = useBoundGateway(device.sn);

  return (
    <Card
      size="small"
      title={t('gateway.title')}
      data-testid="gateway-card"
      extra={
        device.sn ? (
          <Space size={4}>
            <Button size="small" onClick={() => setReplacing(true)} data-testid="gateway-replace">
              {t('gateway.replace')}
            </Button>
            <Popconfirm
              title={t('gateway.unbind-confirm', { sn: device.sn })}
              description={t('gateway.unbind-hint')}
              okText={t('gateway.unbind')}
              okButtonProps={{ danger: true }}
              cancelText={t('common:cancel')}
              onConfirm={() => unbindGateway.mutateAsync(device.id).catch(() => undefined)}
            >
              <Button size="small" danger loading={unbindGateway.isPending}>
                {t('gateway.unbind')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {device.sn ? (
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('gateway.sn')}>
            <Typography.Text copyable code data-testid="gateway-bound-sn">
              {device.sn}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('gateway.state')}>
            <Space size={4}>
              <GatewayStatusTag status={device.gatewayStatus} />
              {device.syncNeeded && <Tag color="warning">{t('gateway.sync-needed')}</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('gateway.series')}>{device.series ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('gateway.model')}>{gateway.data?.model || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('gateway.firmware')}>{gateway.data?.firmware || '—'}</Descriptions.Item>
        </Descriptions>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('gateway.bind-hint')}</Typography.Paragraph>
          <BindGatewayForm equipmentId={device.id} />
        </>
      )}
      <Modal
        open={replacing}
        width={600}
        title={t('gateway.replace-title', { sn: device.sn })}
        footer={null}
        onCancel={() => setReplacing(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('gateway.replace-hint')}</Typography.Paragraph>
        <BindGatewayForm equipmentId={device.id} currentSn={device.sn} onBound={() => setReplacing(false)} />
      </Modal>
    </Card>
  );
}
