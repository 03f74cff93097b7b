import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { enrollCalls, loginnameSchema, telSchema } from '@fieldhub/shared';
import { LangSwitch } from '../../app/LangSwitch';
import { confirmRule, passwordRule, schemaRule } from '../../app/formRules';
import { ApiError, callApi } from '../../app/request';
import { useLang, useT } from '../../app/useT';
import './register.css';

interface Values {
  loginname: string;
  password: string;
  confirm: string;
  contact: string;
  tel?: string;
}

/**
 * Public registration through an invitation (docs/requirements/account-security.md §4.2):
 * `/enroll/{code}` for an invitation code, `/register/{roleuuid}` for a role's registration link.
 * A link that no longer works says why (3402–3404); with approval the account waits for the admin.
 */
export default function RegisterPage() {
  const { t } = useT('enroll');
  const lang = useLang();
  const params = useParams();
  const navigate = useNavigate();
  const via = params.roleuuid !== undefined ? 'role' : 'code';
  const code = (params.roleuuid ?? params.code ?? '').trim();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<'approved' | 'pending' | null>(null);

  const info = useQuery({
    queryKey: ['enroll', 'link', via, code, lang],
    queryFn: () => callApi(enrollCalls.info, { via, code }, { silent: true }),
    retry: false,
    enabled: code !== '',
  });

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const res = await callApi(enrollCalls.register, {
        via,
        code,
        loginname: v.loginname,
        password: v.password,
        confirm: v.confirm,
        contact: v.contact,
        tel: v.tel ?? '',
      });
      setDone(res.state);
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  let body: React.ReactNode;
  if (done) {
    body = (
      <Result
        status="success"
        title={t(done === 'approved' ? 'register.done-title' : 'register.pending-title')}
        subTitle={t(done === 'approved' ? 'register.done-note' : 'register.pending-note')}
        extra={
          <Button type="primary" onClick={() => navigate('/login')} data-testid="register-to-login">
            {t('register.to-login')}
          </Button>
        }
        data-testid={`register-${done}`}
      />
    );
  } else if (info.isPending && code) {
    body = (
      <div className="register-loading">
        <Spin />
        <Typography.Text type="secondary">{t('register.loading')}</Typography.Text>
      </div>
    );
  } else if (!info.data) {
    body = (
      <Result
        status="warning"
        title={t('register.invalid-title')}
        subTitle={info.error instanceof ApiError ? info.error.message : undefined}
        extra={<Button onClick={() => navigate('/login')}>{t('register.to-login')}</Button>}
        data-testid="register-invalid"
      />
    );
  } else {
    const joins = info.data.deptName
      ? t('register.joins-dept', {
          org: info.data.orgName,
          role: info.data.roleName,
          dept: info.data.deptName,
        })
      : t('register.joins', { org: info.data.orgName, role: info.data.roleName });
    body = (
      <>
        <Typography.Title level={3}>{t('register.title')}</Typography.Title>
        <Typography.Paragraph data-testid="register-joins">{joins}</Typography.Paragraph>
        {info.data.needsApproval && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('register.needs-approval')} />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          data-testid="register-form"
          requiredMark={false}
        >
          <Form.Item
            name="loginname"
            label={t('register.loginname')}
            rules={[
              { required: true, message: t('register.loginname-required') },
              schemaRule(loginnameSchema, t('register.loginname-invalid')),
            ]}
          >
            <Input maxLength={30} autoComplete="username" data-testid="register-loginname" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('register.password')}
            extra={t('register.password-help')}
            rules={[{ required: true, message: t('register.password-required') }, passwordRule(lang)]}
          >
            <Input.Password maxLength={15} autoComplete="new-password" data-testid="register-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('register.confirm')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('register.confirm-required') },
              confirmRule('password', lang),
            ]}
          >
            <Input.Password maxLength={15} autoComplete="new-password" data-testid="register-confirm" />
          </Form.Item>
          <Form.Item
            name="contact"
            label={t('register.contact')}
            rules={[{ required: true, whitespace: true, message: t('register.contact-required') }]}
          >
            <Input maxLength={50} data-testid="register-contact" />
          </Form.Item>
          <Form.Item
            name="tel"
            label={t('register.tel')}
            rules={[schemaRule(telSchema, t('register.tel-invalid'))]}
          >
            <Input maxLength={20} autoComplete="tel" data-testid="register-tel" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={saving} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <div className="register-page">
      <div className="register-lang">
        <LangSwitch />
      </div>
      <Card className="register-card">{body}</Card>
    </div>
  );
}
