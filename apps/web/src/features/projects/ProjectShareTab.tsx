import { useState } from 'react';
import { Alert, Button, Divider, Flex, Form, Input, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import {
  PROJECT_SHARE_PERMS,
  sharePasswordSchema,
  type ProjectShareInfo,
  type ProjectSharePerm,
} from '@fieldhub/shared';
import { schemaRule } from '../../app/formRules';
import { useShareActions, useShareInfo } from './useProjects';

/**
 * Sharing of the project (docs/requirements/projects.md §8.1, §9: editShareAuth, editSharePwd,
 * queryShareInfo): the switch, what the shared project may do, and its password.
 */
export function ProjectShareTab({ projectId }: { projectId: number }) {
  const info = useShareInfo(projectId);
  if (!info.data) return <Skeleton active />;
  return <ShareSettings key={projectId} projectId={projectId} info={info.data} />;
}

function ShareSettings({ projectId, info }: { projectId: number; info: ProjectShareInfo }) {
  const { t } = useT('projects');
  const { editAuth, editPassword } = useShareActions(projectId);
  const [pwdForm] = Form.useForm<{ sharePwd: string }>();
  // the switches answer at once; a failed save puts them back
  const [state, setState] = useState({ shared: info.shared, perms: info.perms });
  const save = (next: { shared: boolean; perms: ProjectSharePerm[] }) => {
    const before = state;
    setState(next);
    editAuth.mutate(next, { onError: () => setState(before) });
  };
  const toggle = (perm: ProjectSharePerm, on: boolean) =>
    save({ ...state, perms: PROJECT_SHARE_PERMS.filter((p) => (p === perm ? on : state.perms.includes(p))) });

  return (
    <div style={{ maxWidth: 560 }} data-testid="project-share-tab">
      <Typography.Paragraph type="secondary">{t('share.hint')}</Typography.Paragraph>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('share.auth')}</Typography.Text>
        <Switch
          checked={state.shared}
          loading={editAuth.isPending}
          onChange={(on) => save({ ...state, shared: on })}
          data-testid="share-switch"
        />
      </Flex>
      {state.shared && info.token && (
        <Typography.Paragraph type="secondary" copyable={{ text: info.token }} style={{ marginTop: 8 }}>
          {t('share.token')}: <Typography.Text code>{info.token}</Typography.Text>
        </Typography.Paragraph>
      )}

      <Divider titlePlacement="start" plain>
        {t('share.perms')}
      </Divider>
      {!state.shared && (
        <Alert type="info" showIcon title={t('share.perms-off')} style={{ marginBottom: 8 }} />
      )}
      {PROJECT_SHARE_PERMS.map((perm) => (
        <Flex key={perm} justify="space-between" align="center" style={{ padding: '6px 0' }}>
          <Space orientation="vertical" size={0}>
            <Typography.Text>{t(`deviceList:share.perm.${perm}`)}</Typography.Text>
            {perm === 'writeData' && (
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {t('share.write-warning')}
              </Typography.Text>
            )}
          </Space>
          <Switch
            size="small"
            checked={state.perms.includes(perm)}
            disabled={editAuth.isPending}
            onChange={(on) => toggle(perm, on)}
            data-testid={`share-perm-${perm}`}
          />
        </Flex>
      ))}

      <Divider titlePlacement="start" plain>
        <LockOutlined /> {t('share.pwd')}
      </Divider>
      <Space style={{ marginBottom: 8 }}>
        {info.hasPassword ? (
          <Tag color="success" data-testid="share-pwd-state">
            {t('share.pwd-set')}
          </Tag>
        ) : (
          <Tag data-testid="share-pwd-state">{t('share.pwd-none')}</Tag>
        )}
        {info.hasPassword && (
          <Button
            size="small"
            type="link"
            danger
            loading={editPassword.isPending}
            onClick={() => editPassword.mutate('')}
          >
            {t('share.pwd-remove')}
          </Button>
        )}
      </Space>
      <Form<{ sharePwd: string }>
        form={pwdForm}
        layout="inline"
        onFinish={(v) => editPassword.mutate(v.sharePwd.trim(), { onSuccess: () => pwdForm.resetFields() })}
        data-testid="share-pwd-form"
      >
        <Form.Item
          name="sharePwd"
          style={{ flex: 1 }}
          rules={[
            { required: true, whitespace: true, message: t('share.pwd-required') },
            schemaRule(sharePasswordSchema, t('share.pwd-rule', { min: 4, max: 20 })),
          ]}
        >
          <Input.Password
            maxLength={20}
            autoComplete="new-password"
            placeholder={t('share.pwd-new')}
            data-testid="share-pwd"
          />
        </Form.Item>
        <Button htmlType="submit" loading={editPassword.isPending} data-testid="share-pwd-save">
          {t('share.pwd-save')}
        </Button>
      </Form>
    </div>
  );
}
