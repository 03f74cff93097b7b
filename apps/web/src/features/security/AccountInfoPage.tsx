import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router-dom';
import {
  App,
  Avatar,
  Button,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, KeyOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, PUBLIC_KEY_MAX_BYTES, orgCalls, securityCalls } from '@fieldhub/shared';
import { can, useSession } from '../../app/session';
import { PageFrame } from '../../app/components/PageFrame';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';
import { summaryQuery } from './SecurityCenterPage';

const AVATAR_TYPES = '.ico,.jpg,.jpeg,.png,.gif,.svg';

const readAs = (file: File, how: 'dataUrl' | 'text') =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    if (how === 'dataUrl') reader.readAsDataURL(file);
    else reader.readAsText(file);
  });

interface ProfileForm {
  contact: string;
  address: string;
  landingPage: string;
  deptId?: number | null;
}

/**
 * /account/info/sms and /nosms (docs/requirements/account-security.md §1.4): contact, address,
 * department, landing page, the avatar, the public key file and the chat-app binding.
 */
export default function AccountInfoPage() {
  const { t } = useT('security');
  const { message } = App.useApp();
  const { pathname } = useLocation();
  const qc = useQueryClient();
  const summary = useQuery(summaryQuery);
  const [form] = Form.useForm<ProfileForm>();
  const [busy, setBusy] = useState<string | null>(null);
  const s = summary.data;
  // the department is chosen by those who see the enterprise's departments (dept_manage)
  const { user } = useSession();
  const choosesDept = can(user, 'dept_manage');
  const depts = useQuery({
    queryKey: ['security', 'departments'],
    queryFn: () => callApi(orgCalls.deptQuery),
    enabled: choosesDept,
  });
  useEffect(() => {
    if (s)
      form.setFieldsValue({
        contact: s.contact,
        address: s.address,
        landingPage: s.landingPage,
        deptId: s.deptId,
      });
  }, [s, form]);
  if (s) {
    const variant = s.smsEnabled ? '/account/info/sms' : '/account/info/nosms';
    if (pathname !== variant) return <Navigate to={variant} replace />;
  }

  const run = async (what: string, task: () => Promise<unknown>, done: string) => {
    setBusy(what);
    try {
      await task();
      await qc.invalidateQueries({ queryKey: ['security'] });
      void message.success(done);
    } catch {
      // shown by the request client
    } finally {
      setBusy(null);
    }
  };
  const profileOf = (v: ProfileForm) => ({
    contact: v.contact,
    address: v.address,
    landingPage: v.landingPage,
    deptId: choosesDept ? (v.deptId ?? null) : (s?.deptId ?? null),
  });

  const pickAvatar = (file: File) => {
    if (!/\.(ico|jpe?g|png|gif|svg)$/i.test(file.name)) void message.error(t('info.avatar-type'));
    else if (file.size >= AVATAR_MAX_BYTES) void message.error(t('info.avatar-size'));
    else
      void run(
        'avatar',
        async () => callApi(securityCalls.setAvatar, { avatar: await readAs(file, 'dataUrl') }),
        t('info.avatar-saved'),
      );
    return false;
  };
  const pickKey = (file: File) => {
    if (!/\.pub$/i.test(file.name)) void message.error(t('info.key-type'));
    else if (file.size > PUBLIC_KEY_MAX_BYTES) void message.error(t('info.key-size'));
    else
      void run(
        'key',
        async () =>
          callApi(securityCalls.updateLoginUser, {
            ...profileOf(form.getFieldsValue()),
            publicKeyName: file.name,
            publicKey: await readAs(file, 'text'),
          }),
        t('info.key-saved'),
      );
    return false;
  };

  return (
    <PageFrame title={t('info.title')}>
      {summary.isLoading || !s ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
          <Space align="center" size="large">
            <Avatar size={72} src={s.avatar || undefined} icon={<UserOutlined />} data-testid="avatar" />
            <Space direction="vertical" size={4}>
              <Typography.Text strong>{s.loginname}</Typography.Text>
              <Space>
                <Upload accept={AVATAR_TYPES} showUploadList={false} beforeUpload={pickAvatar}>
                  <Button icon={<UploadOutlined />} loading={busy === 'avatar'} data-testid="avatar-upload">
                    {t('info.avatar-change')}
                  </Button>
                </Upload>
                {s.avatar && (
                  <Button
                    icon={<DeleteOutlined />}
                    onClick={() =>
                      void run(
                        'avatar',
                        () => callApi(securityCalls.setAvatar, { avatar: '' }),
                        t('info.avatar-cleared'),
                      )
                    }
                  >
                    {t('info.avatar-clear')}
                  </Button>
                )}
              </Space>
              <Typography.Text type="secondary">{t('info.avatar-rule')}</Typography.Text>
            </Space>
          </Space>

          <Form
            form={form}
            layout="vertical"
            onFinish={(v) =>
              void run('profile', () => callApi(securityCalls.updateLoginUser, profileOf(v)), t('info.saved'))
            }
          >
            {choosesDept ? (
              <Form.Item name="deptId" label={t('info.dept')}>
                <Select
                  allowClear
                  loading={depts.isLoading}
                  placeholder={t('info.no-dept')}
                  options={(depts.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
                  data-testid="dept-select"
                />
              </Form.Item>
            ) : (
              <Form.Item label={t('info.dept')}>
                <Typography.Text data-testid="dept">{s.deptName || t('info.no-dept')}</Typography.Text>
              </Form.Item>
            )}
            <Form.Item
              name="contact"
              label={t('info.contact')}
              rules={[{ max: 50, message: t('info.too-long', { n: 50 }) }]}
            >
              <Input maxLength={50} data-testid="contact" />
            </Form.Item>
            <Form.Item
              name="address"
              label={t('info.address')}
              rules={[{ max: 200, message: t('info.too-long', { n: 200 }) }]}
            >
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              name="landingPage"
              label={t('info.landing')}
              extra={t('info.landing-hint')}
              rules={[{ pattern: /^(\/.*)?$/, message: t('info.landing-format') }]}
            >
              <Input maxLength={200} placeholder="/manage/eg/equipment/list" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy === 'profile'} data-testid="profile-save">
              {t('action.save')}
            </Button>
          </Form>

          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label={t('info.key')}>
              <Space wrap>
                {s.publicKeyName ? (
                  <Tag icon={<KeyOutlined />}>{s.publicKeyName}</Tag>
                ) : (
                  <Tag>{t('info.none')}</Tag>
                )}
                <Upload accept=".pub" showUploadList={false} beforeUpload={pickKey}>
                  <Button size="small" loading={busy === 'key'}>
                    {t('info.key-upload')}
                  </Button>
                </Upload>
                {s.publicKeyName && (
                  <Button
                    size="small"
                    onClick={() =>
                      void run(
                        'key',
                        () =>
                          callApi(securityCalls.updateLoginUser, {
                            ...profileOf(form.getFieldsValue()),
                            publicKeyName: '',
                          }),
                        t('info.key-removed'),
                      )
                    }
                  >
                    {t('info.key-remove')}
                  </Button>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('info.chat')}>
              {s.chatAppBound ? (
                <Space>
                  <Tag color="green">{s.chatAppName || t('info.chat-bound')}</Tag>
                  <Popconfirm
                    title={t('info.chat-unbind-confirm')}
                    onConfirm={() =>
                      void run('chat', () => callApi(securityCalls.unbindWeixin), t('info.chat-unbound'))
                    }
                  >
                    <Button size="small" danger loading={busy === 'chat'} data-testid="chat-unbind">
                      {t('info.chat-unbind')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : (
                <Tag>{t('info.chat-none')}</Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Space>
      )}
    </PageFrame>
  );
}
