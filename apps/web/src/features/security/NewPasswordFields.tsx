import { Form, Input, type FormInstance } from 'antd';
import { useLang, useT } from '../../app/useT';
import { confirmRules, newPasswordRules } from './passwordRules';

/** The new password and its confirmation, under the password rule (account-security.md §2.1). */
export function NewPasswordFields({ form }: { form: FormInstance<{ password: string; confirm: string }> }) {
  const { t } = useT('security');
  const lang = useLang();
  return (
    <>
      <Form.Item
        name="password"
        label={t('password.new')}
        rules={newPasswordRules(lang, t('password.required'))}
      >
        <Input.Password maxLength={15} autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('password.confirm')}
        dependencies={['password']}
        rules={confirmRules(lang, t('password.confirm-required'), form)}
      >
        <Input.Password maxLength={15} autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
    </>
  );
}
