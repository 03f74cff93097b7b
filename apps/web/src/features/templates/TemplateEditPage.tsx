import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, Card, Flex, Popconfirm, Result, Table, Tabs, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { PageFrame } from '../../app/components/PageFrame';
import { ActionLink } from '../../app/components/listParts';
import { configTabItems, tabOf } from '../../app/config/ConfigTabs';
import { TemplateForm } from './TemplateForm';
import type { LinkedDevice, TemplateDetail } from './templateTypes';
import { useTemplateActions, useTemplateDetail } from './useTemplates';

/** /manage/eg/template/edit/{id}: the device tabs with the template as owner, plus its linked devices. */
export default function TemplateEditPage() {
  const { id } = useParams();
  const templateId = Number(id);
  if (!Number.isInteger(templateId) || templateId <= 0) return <Navigate to="/404" replace />;
  return <TemplateEdit key={templateId} templateId={templateId} />;
}

function TemplateEdit({ templateId }: { templateId: number }) {
  const { t } = useT('templates');
  const [params, setParams] = useSearchParams();
  const detail = useTemplateDetail(templateId);
  const template = detail.data;
  const back = (
    <Link to="/manage/eg/template/list">
      <Button icon={<ArrowLeftOutlined />}>{t('back')}</Button>
    </Link>
  );
  if (detail.isError)
    return (
      <PageFrame title={t('edit-title-plain')} extra={back}>
        <Result status="404" title={detail.error.message} />
      </PageFrame>
    );
  return (
    <PageFrame
      title={template ? t('edit-title', { name: template.name }) : t('edit-title-plain')}
      extra={back}
    >
      {template && (
        <Tabs
          activeKey={tabOf(params.get('tab'))}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={configTabItems({ templateId }, <TemplateInfoTab template={template} />, t)}
          data-testid="template-tabs"
        />
      )}
    </PageFrame>
  );
}

function TemplateInfoTab({ template }: { template: TemplateDetail }) {
  const { t } = useT('templates');
  return (
    <Flex vertical gap={24}>
      <TemplateForm row={template} submitText={t('common:save')} />
      <LinkedDevices devices={template.devices} />
    </Flex>
  );
}

/** Devices bound to the template, with those that differ from it and a sync for each. */
function LinkedDevices({ devices }: { devices: LinkedDevice[] }) {
  const { t } = useT('templates');
  const { syncDevice } = useTemplateActions();
  return (
    <Card size="small" title={t('linked.title', { n: devices.length })} data-testid="linked-devices">
      <Table<LinkedDevice>
        rowKey="id"
        size="small"
        pagination={devices.length > 10 ? { pageSize: 10 } : false}
        dataSource={devices}
        locale={{ emptyText: t('linked.empty') }}
        columns={[
          {
            title: t('linked.device'),
            dataIndex: 'name',
            render: (v: string, row) => <Link to={`/manage/eg/equipment/edit/${row.id}`}>{v}</Link>,
          },
          {
            title: t('linked.state'),
            dataIndex: 'consistent',
            render: (v: boolean) =>
              v ? (
                <Tag color="success">{t('deviceConfig:template.consistent')}</Tag>
              ) : (
                <Tag color="warning">{t('deviceConfig:template.differs')}</Tag>
              ),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_, row) =>
              row.consistent ? null : (
                <Popconfirm
                  title={t('linked.sync-confirm', { name: row.name })}
                  okText={t('deviceConfig:template.sync')}
                  cancelText={t('common:cancel')}
                  onConfirm={() => syncDevice.mutateAsync(row.id).catch(() => undefined)}
                >
                  <ActionLink>{t('deviceConfig:template.sync')}</ActionLink>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
