import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Skeleton, Typography } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { securityCalls, type SecurityScene } from '@fieldhub/shared';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';
import { CodeInput, codeRules } from './CodeInput';

/** Who a verify step is about: the caller in the security centre, the named account in retrieval. */
export interface Who {
  scene: SecurityScene;
  loginname: string;
}

export type VerifyMethod = 'tel' | 'email' | 'question' | 'password';

/** How the account can be verified (masked phone and e-mail, questions, whether SMS is on). */
export function useMethods(who: Who) {
  return useQuery({
    queryKey: ['security', 'methods', who.scene, who.loginname],
    queryFn: () => callApi(securityCalls.getUserEmail, who),
    enabled: who.scene === 'security' || who.loginname !== '',
  });
}

/** The choice of a way to verify (§1.2): only the ways the account has. */
export function MethodChoice({ who, onPick }: { who: Who; onPick: (m: VerifyMethod) => void }) {
  const { t } = useT('security');
  const methods = useMethods(who);
  if (methods.isLoading) return <Skeleton active />;
  const m = methods.data;
  if (!m) return null;
  const items: { key: VerifyMethod; icon: React.ReactNode; title: string; note: string }[] = [];
  if (m.smsEnabled && m.tel)
    items.push({ key: 'tel', icon: <MobileOutlined />, title: t('verify.by-tel'), note: m.tel });
  if (m.email)
    items.push({ key: 'email', icon: <MailOutlined />, title: t('verify.by-email'), note: m.email });
  if (m.hasQuestions)
    items.push({
      key: 'question',
      icon: <QuestionCircleOutlined />,
      title: t('verify.by-question'),
      note: '',
    });
  if (who.scene === 'security')
    items.push({ key: 'password', icon: <LockOutlined />, title: t('verify.by-password'), note: '' });
  if (items.length === 0) return <Alert type="warning" showIcon message={t('verify.none')} />;
  return (
    <List
      bordered
      dataSource={items}
      renderItem={(item) => (
        <List.Item
          actions={[
            <Button
              key="go"
              type="link"
              onClick={() => onPick(item.key)}
              data-testid={`verify-by-${item.key}`}
            >
              {t('verify.choose')}
            </Button>,
          ]}
        >
          <List.Item.Meta avatar={item.icon} title={item.title} description={item.note || undefined} />
        </List.Item>
      )}
    />
  );
}

/** A code sent to the account's phone or e-mail, checked for a ticket. */
export function CodeStep({
  who,
  channel,
  onTicket,
}: {
  who: Who;
  channel: 'tel' | 'email';
  onTicket: (ticket: string) => void;
}) {
  const { t } = useT('security');
  const methods = useMethods(who);
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const address = channel === 'tel' ? methods.data?.tel : methods.data?.email;
  const send = () =>
    channel === 'tel' ? callApi(securityCalls.getSMSCode, who) : callApi(securityCalls.getEmailCode, who);
  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      const call =
        channel === 'tel' ? securityCalls.validateSmsVerifycode : securityCalls.validateEmailForChangePwd;
      onTicket((await callApi(call, { ...who, code })).ticket);
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  if (methods.isLoading) return <Skeleton active />;
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 420 }}>
      <Typography.Paragraph>
        {t(channel === 'tel' ? 'verify.code-to-tel' : 'verify.code-to-email', { address: address ?? '' })}
      </Typography.Paragraph>
      <Form.Item name="code" label={t('code.label')} rules={codeRules(t)}>
        <CodeInput onSend={send} disabled={!address} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="verify-submit">
        {t('action.next')}
      </Button>
    </Form>
  );
}

/** The account's security questions, answered for a ticket. */
export function QuestionStep({ who, onTicket }: { who: Who; onTicket: (ticket: string) => void }) {
  const { t } = useT('security');
  const questions = useQuery({
    queryKey: ['security', 'questions', who.scene, who.loginname],
    queryFn: () => callApi(securityCalls.getUserSecurityQuestion, who),
  });
  const [busy, setBusy] = useState(false);
  const submit = async (v: Record<string, string>) => {
    setBusy(true);
    try {
      const answers = (questions.data ?? []).map((q) => ({
        position: q.position,
        answer: v[`a${q.position}`] ?? '',
      }));
      onTicket((await callApi(securityCalls.validateQuestionForChangePwd, { ...who, answers })).ticket);
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  if (questions.isLoading) return <Skeleton active />;
  if (!questions.data?.length) return <Alert type="warning" showIcon message={t('verify.no-questions')} />;
  return (
    <Form
      layout="vertical"
      onFinish={(v: Record<string, string>) => void submit(v)}
      style={{ maxWidth: 480 }}
    >
      {questions.data.map((q) => (
        <Form.Item
          key={q.position}
          name={`a${q.position}`}
          label={q.question}
          rules={[{ required: true, message: t('question.answer-required') }]}
        >
          <Input maxLength={50} data-testid={`answer-${q.position}`} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="verify-submit">
        {t('action.next')}
      </Button>
    </Form>
  );
}

/** The current password, checked for a ticket (security centre only). */
export function OldPasswordStep({ onTicket }: { onTicket: (ticket: string) => void }) {
  const { t } = useT('security');
  const [busy, setBusy] = useState(false);
  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      onTicket((await callApi(securityCalls.validateOldPwdForChangePwd, { password })).ticket);
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={(v: { password: string }) => void submit(v)} style={{ maxWidth: 420 }}>
      <Form.Item
        name="password"
        label={t('password.old')}
        rules={[{ required: true, message: t('password.old-required') }]}
      >
        <Input.Password maxLength={100} autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="verify-submit">
        {t('action.next')}
      </Button>
    </Form>
  );
}
