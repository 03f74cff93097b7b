import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Progress, Space, Spin, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { licenseCalls, type CallOutput } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { formatTime } from '../../app/components/listParts';
import { toastSuccess } from '../../app/notify';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';

type LicenseInfo = CallOutput<typeof licenseCalls.info>;
const STATE_COLOR = { none: 'default', valid: 'success', expired: 'error' } as const;
const licenseKey = ['license', 'info'] as const;

/**
 * /manage/system/license (docs/requirements/account-security.md §6): the licence in force, what
 * is used of its limits, and the upload of a new licence file (checked by the server).
 */
export default function LicensePage() {
  const { t } = useT('license');
  const client = useQueryClient();
  const info = useQuery({ queryKey: licenseKey, queryFn: () => callApi(licenseCalls.info) });
  const install = useMutation({
    mutationFn: async (file: File) => callApi(licenseCalls.upload, { file: await file.text() }),
    onSuccess: async () => {
      toastSuccess(t('uploaded-ok'));
      await client.invalidateQueries({ queryKey: licenseKey });
    },
  });

  const upload = (
    <Upload
      accept=".json,.lic,.txt"
      showUploadList={false}
      maxCount={1}
      beforeUpload={(file) => {
        install.mutate(file);
        return false;
      }}
    >
      <Button
        type="primary"
        icon={<UploadOutlined />}
        loading={install.isPending}
        data-testid="license-upload"
      >
        {t('upload')}
      </Button>
    </Upload>
  );

  return (
    <PageFrame title={t('title')} extra={upload}>
      {info.data ? (
        <LicenseView info={info.data} />
      ) : (
        <div
          style={{ display: 'flex', gap: 12, alignItems: 'center', padding: 48, justifyContent: 'center' }}
        >
          <Spin />
          <Typography.Text type="secondary">{t('loading')}</Typography.Text>
        </div>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('upload-hint')}
      </Typography.Paragraph>
    </PageFrame>
  );
}

function LicenseView({ info }: { info: LicenseInfo }) {
  const { t } = useT('license');
  const note =
    info.state === 'expired'
      ? { type: 'error' as const, text: t('expired-note') }
      : info.state === 'none'
        ? {
            type: info.required ? ('warning' as const) : ('info' as const),
            text: t(info.required ? 'none-required' : 'none-note'),
          }
        : null;
  const usage = (['users', 'gateways', 'variables'] as const).map((k) => ({ key: k, ...info[k] }));
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="license-view">
      {note && <Alert type={note.type} showIcon message={note.text} data-testid="license-note" />}
      <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
        <Descriptions.Item label={t('state')}>
          <Tag color={STATE_COLOR[info.state]} data-testid="license-state">
            {t(`state-${info.state}`)}
          </Tag>
        </Descriptions.Item>
        {info.license && (
          <>
            <Descriptions.Item label={t('id')}>{info.license.id}</Descriptions.Item>
            <Descriptions.Item label={t('issued-to')}>
              <span data-testid="license-issued-to">{info.license.issuedTo}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('expires')}>{formatTime(info.license.expiresAt)}</Descriptions.Item>
            <Descriptions.Item label={t('uploaded')}>{formatTime(info.license.uploadedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('functions')}>
              {info.license.functions.length
                ? info.license.functions.map((f) => <Tag key={f}>{f}</Tag>)
                : t('functions-none')}
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      <Card title={t('usage')} size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          {usage.map((u) => (
            <div key={u.key} data-testid={`license-usage-${u.key}`}>
              <Typography.Text>
                {t(u.key)}: {u.used} / {u.limit ?? t('no-limit')}
              </Typography.Text>
              {u.limit != null && (
                <Progress
                  percent={u.limit === 0 ? 100 : Math.min(100, Math.round((u.used / u.limit) * 100))}
                  status={u.used >= u.limit ? 'exception' : 'normal'}
                />
              )}
            </div>
          ))}
        </Space>
      </Card>
    </Space>
  );
}
