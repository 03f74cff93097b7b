import { Alert, Form, Input } from 'antd';
import { useT } from '../../app/useT';
import type { AccountRow } from '@fieldhub/shared';
import { FormModal } from '../../app/components/FormModal';
import { confirmRule, passwordRule } from '../../app/formRules';
import type { RowDialogProps } from '../../app/useDialog';
import type { AccountSegment } from './accountTypes';
import { useAccountActions } from './useAccounts';

/** Sets a new password for an account; its sessions end, so it signs in again with the new one. */
export function ResetPasswordModal({
  segment,
  row,
  open,
  onClose,
}: RowDialogProps<AccountRow> & { segment: AccountSegment }) {
  const { t } = useT('accounts');
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const { resetPassword } = useAccountActions(segment);
  return (
    <FormModal
      open={open}
      title={t('reset.title', { name: row?.loginname ?? '' })}
      form={form}
      saving={resetPassword.isPending}
      onClose={onClose}
      intro={<Alert type="info" showIcon title={t('reset.hint')} style={{ margin: '16px 0' }} />}
      onFinish={({ password }) =>
        row && resetPassword.mutate({ id: row.id, password }, { onSuccess: onClose })
      }
      testId="reset-password-form"
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
    </FormModal>
  );
}
