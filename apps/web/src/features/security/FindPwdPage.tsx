import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button, Card, Form, Input, Result, Steps, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { securityCalls } from '@fieldhub/shared';
import { LangSwitch } from '../../app/LangSwitch';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';
import { NewPasswordFields } from './NewPasswordFields';
import { clearFlow, readFlow, writeFlow } from './securityFlow';
import { CodeStep, MethodChoice, QuestionStep, type Who } from './VerifySteps';
import './findpwd.css';

/**
 * Password retrieval, public (docs/requirements/account-security.md §3): account → choose a way
 * → verify by phone, e-mail or question → new password → finish, under /findpwd and
 * /client/findpwd alike. The account's name and the ticket travel in the tab's session storage.
 */
export default function FindPwdPage() {
  const { t } = useT('security');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = pathname.startsWith('/client/') ? '/client/findpwd' : '/findpwd';
  const step = pathname.slice(base.length + 1);
  const flow = readFlow('findpwd');
  const who: Who = { scene: 'findpwd', loginname: flow.loginname ?? '' };
  const go = (to: string) => navigate(`${base}/${to}`);
  const verified = (ticket: string) => {
    writeFlow({ ...flow, ticket });
    void go('password');
  };

  let current = 0;
  let body: React.ReactNode;
  if (step === 'account' || step === '') body = <AccountStep onDone={() => go('validate')} />;
  else if (!flow.loginname && step !== 'finish') return <Navigate to={`${base}/account`} replace />;
  else if (step === 'validate') {
    current = 1;
    body = <MethodChoice who={who} onPick={(m) => go(`validate/${m}`)} />;
  } else if (step === 'validate/tel' || step === 'validate/email') {
    current = 1;
    body = <CodeStep who={who} channel={step === 'validate/tel' ? 'tel' : 'email'} onTicket={verified} />;
  } else if (step === 'validate/question') {
    current = 1;
    body = <QuestionStep who={who} onTicket={verified} />;
  } else if (step === 'password') {
    if (!flow.ticket) return <Navigate to={`${base}/validate`} replace />;
    current = 2;
    body = <PasswordStep ticket={flow.ticket} onDone={() => go('finish')} />;
  } else {
    current = 3;
    body = (
      <Result
        status="success"
        title={t('findpwd.finished')}
        subTitle={t('findpwd.finished-note')}
        extra={
          <Button type="primary" onClick={() => navigate('/login')} data-testid="findpwd-login">
            {t('findpwd.to-login')}
          </Button>
        }
      />
    );
  }

  return (
    <div className="findpwd-page">
      <div className="findpwd-lang">
        <LangSwitch />
      </div>
      <Card
        className="findpwd-card"
        title={t('findpwd.title')}
        extra={<Link to="/login">{t('findpwd.back')}</Link>}
      >
        <Steps
          size="small"
          current={current}
          style={{ marginBottom: 24 }}
          items={[
            { title: t('findpwd.step-account') },
            { title: t('findpwd.step-verify') },
            { title: t('findpwd.step-password') },
            { title: t('findpwd.step-finish') },
          ]}
        />
        {body}
      </Card>
    </div>
  );
}

function AccountStep({ onDone }: { onDone: () => void }) {
  const { t } = useT('security');
  const [busy, setBusy] = useState(false);
  const submit = async ({ loginname }: { loginname: string }) => {
    setBusy(true);
    try {
      // the account must exist (masked phone and e-mail are what the next step shows)
      await callApi(securityCalls.getUserEmail, { scene: 'findpwd', loginname });
      clearFlow('findpwd');
      writeFlow({ scene: 'findpwd', loginname });
      onDone();
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={(v: { loginname: string }) => void submit(v)} style={{ maxWidth: 420 }}>
      <Typography.Paragraph type="secondary">{t('findpwd.account-note')}</Typography.Paragraph>
      <Form.Item
        name="loginname"
        label={t('findpwd.account')}
        rules={[{ required: true, whitespace: true, message: t('findpwd.account-required') }]}
      >
        <Input
          prefix={<UserOutlined />}
          maxLength={100}
          autoComplete="username"
          data-testid="findpwd-account"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="findpwd-next">
        {t('action.next')}
      </Button>
    </Form>
  );
}

function PasswordStep({ ticket, onDone }: { ticket: string; onDone: () => void }) {
  const { t } = useT('security');
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { password: string; confirm: string }) => {
    setBusy(true);
    try {
      await callApi(securityCalls.saveNewPassword, { ticket, ...v });
      clearFlow('findpwd');
      onDone();
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 420 }}>
      <NewPasswordFields form={form} />
      <Button type="primary" htmlType="submit" loading={busy} data-testid="findpwd-save">
        {t('action.save')}
      </Button>
    </Form>
  );
}
