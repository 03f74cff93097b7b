import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useT } from '../useT';
import type { DeviceRow } from '@fieldhub/shared';
import { can, useSession } from '../session';
import { useDeviceActions, useTemplateOptions } from './useDevice';

/**
 * The device's template: bound (with its sync state, sync and unbind) or a choice of templates
 * of the gateway's series. Binding replaces drivers, variables and reports with the template's.
 */
export function TemplateCard({ device }: { device: DeviceRow }) {
  const { t } = useT('deviceConfig');
  const user = useSession((s) => s.user);
  const [choice, setChoice] = useState<number | undefined>();
  const templates = useTemplateOptions(device.templateId === null);
  const { bindTemplate, syncTemplate } = useDeviceActions();
  // a device with a gateway takes only templates of its gateway's series (1110 otherwise)
  const options = (templates.data ?? []).filter(
    (tpl) => !device.sn || !device.series || tpl.series === device.series,
  );

  return (
    <Card size="small" title={t('template.title')} data-testid="template-card">
      {device.templateId !== null ? (
        <Flex vertical gap={12}>
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('template.name')}>
              {can(user, 'template_manage') ? (
                <Link to={`/manage/eg/template/edit/${device.templateId}`}>{device.templateName}</Link>
              ) : (
                device.templateName
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('template.state')}>
              {device.templateMismatch ? (
                <Tag color="warning" data-testid="template-state">
                  {t('template.differs')}
                </Tag>
              ) : (
                <Tag color="success" data-testid="template-state">
                  {t('template.consistent')}
                </Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
          <Space>
            <Button
              type={device.templateMismatch ? 'primary' : 'default'}
              disabled={!device.templateMismatch}
              loading={syncTemplate.isPending}
              onClick={() => syncTemplate.mutate(device.id)}
              data-testid="template-sync"
            >
              {t('template.sync')}
            </Button>
            <UnbindTemplateButton deviceId={device.id} testId="template-unbind" />
          </Space>
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('template.bind-hint')}</Typography.Text>
          <Space wrap>
            <Select
              style={{ width: 300 }}
              placeholder={t('template.choose')}
              loading={templates.isFetching}
              value={choice}
              onChange={(v: number) => setChoice(v)}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={t('template.none-for-series', { series: device.series ?? '—' })}
              options={options.map((tpl) => ({ value: tpl.id, label: `${tpl.name} (${tpl.series})` }))}
              data-testid="template-choose"
            />
            <Popconfirm
              title={t('template.bind-confirm')}
              description={t('template.bind-replaces')}
              okText={t('template.bind')}
              cancelText={t('common:cancel')}
              disabled={choice === undefined}
              onConfirm={() =>
                bindTemplate
                  .mutateAsync({ equipmentId: device.id, templateId: choice! })
                  .then(() => setChoice(undefined))
                  .catch(() => undefined)
              }
            >
              <Button
                disabled={choice === undefined}
                loading={bindTemplate.isPending}
                data-testid="template-bind"
              >
                {t('template.bind')}
              </Button>
            </Popconfirm>
          </Space>
          {!device.sn && <Alert type="info" showIcon title={t('template.without-gateway')} />}
        </Flex>
      )}
    </Card>
  );
}

/** Unbinds the device's template after a confirmation; the device keeps the configuration as its own. */
export function UnbindTemplateButton({
  deviceId,
  size,
  testId,
}: {
  deviceId: number;
  size?: 'small';
  testId?: string;
}) {
  const { t } = useT('deviceConfig');
  const { unbindTemplate } = useDeviceActions();
  return (
    <Popconfirm
      title={t('template.unbind-confirm')}
      description={t('template.unbind-keeps')}
      okText={t('template.unbind')}
      cancelText={t('common:cancel')}
      onConfirm={() => unbindTemplate.mutateAsync(deviceId).catch(() => undefined)}
    >
      <Button size={size} loading={unbindTemplate.isPending} data-testid={testId}>
        {t('template.unbind')}
      </Button>
    </Popconfirm>
  );
}
