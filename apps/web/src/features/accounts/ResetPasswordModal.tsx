import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountRow, AccountSegment } from './accountTypes';
import { confirmRule, passwordRule } from './formRules';
import { useAccountActions } from './useAccounts';

/** Sets a new password for an account; its sessions end, so it signs in again with the new one. */
export function ResetPasswordModal({
  segment,
  row,
  open,
  onClose,
}: {
  segment: AccountSegment;
  row: AccountRow | undefined;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation(['accounts', 'common']);
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const { resetPassword } = useAccountActions(segment);
  return (
    <Modal
      open={open}
      width={600}
      title={t('reset.title', { name: row?.loginname ?? '' })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={resetPassword.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Alert type="info" showIcon title={t('reset.hint')} style={{ margin: '16px 0' }} />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ password }) =>
          row && resetPassword.mutate({ id: row.id, password }, { onSuccess: onClose })
        }
        data-testid="reset-password-form"
      >
        <Form.Item
          name="password"
          label={t('reset.new')}
          rules={[{ required: true, message: t('form.password-required') }, passwordRule()]}
        >
          <Input.Password maxLength={15} autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('field.confirm')}
          dependencies={['password']}
          rules={[{ required: true, message: t('form.confirm-required') }, confirmRule('password')]}
        >
          <Input.Password maxLength={15} autoComplete="new-password" data-testid="reset-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
