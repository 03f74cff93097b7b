import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { AutoComplete, Button, Form, Input, Result, Steps } from 'antd';
import { SECURITY_QUESTION_COUNT, securityCalls } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';
import { CodeInput, codeRules } from './CodeInput';
import { NewPasswordFields } from './NewPasswordFields';
import { SETUP, clearFlow, isSetupTarget, readFlow, writeFlow, type SetupTarget } from './securityFlow';
import { CodeStep, MethodChoice, OldPasswordStep, QuestionStep, type Who } from './VerifySteps';

const me: Who = { scene: 'security', loginname: '' };

/**
 * Every route under /account/security/sms/setup (docs/requirements/account-security.md §1.3):
 * choose a way to verify, verify, enter the new value, success. The step is read from the path;
 * the thing being changed and the ticket of the passed check travel in the tab's session storage.
 */
export default function SecuritySetupPage() {
  const { t } = useT('security');
  const { pathname } = useLocation();
  const { type } = useParams();
  const navigate = useNavigate();
  const step = pathname.slice(SETUP.length + 1);
  const flow = readFlow('security');
  const target: SetupTarget | undefined = isSetupTarget(type) ? type : flow.target;

  if (step.startsWith('success/')) {
    return (
      <PageFrame title={t('setup.title')}>
        <Result
          status="success"
          title={t(`success.${isSetupTarget(type) ? type : 'password'}`)}
          extra={
            <Button
              type="primary"
              onClick={() => navigate('/account/security/sms')}
              data-testid="back-to-center"
            >
              {t('action.back-to-center')}
            </Button>
          }
        />
      </PageFrame>
    );
  }
  if (!target) return <Navigate to="/account/security/sms" replace />;

  const verified = (ticket: string) => {
    writeFlow({ scene: 'security', target, ticket });
    void navigate(`${SETUP}/${target}`);
  };
  const verifying = step.startsWith('validate');
  let body: React.ReactNode;
  if (step === 'validate')
    body = (
      <MethodChoice
        who={me}
        onPick={(m) => navigate(`${SETUP}/validate/${m === 'tel' ? `tel/${target}` : m}`)}
      />
    );
  else if (step.startsWith('validate/tel')) body = <CodeStep who={me} channel="tel" onTicket={verified} />;
  else if (step === 'validate/email') body = <CodeStep who={me} channel="email" onTicket={verified} />;
  else if (step === 'validate/question') body = <QuestionStep who={me} onTicket={verified} />;
  else if (step === 'validate/password') body = <OldPasswordStep onTicket={verified} />;
  else if (!flow.ticket) return <Navigate to={`${SETUP}/validate`} replace />;
  else if (step === 'password') body = <NewPassword ticket={flow.ticket} />;
  else if (step.startsWith('tel')) body = <NewTel ticket={flow.ticket} />;
  else if (step.startsWith('email')) body = <NewEmail ticket={flow.ticket} />;
  else body = <NewQuestions ticket={flow.ticket} />;

  return (
    <PageFrame title={t(`setup.${target}`)}>
      <Steps
        size="small"
        style={{ maxWidth: 720, marginBottom: 24 }}
        current={verifying ? 0 : 1}
        items={[
          { title: t('setup.step-verify') },
          { title: t('setup.step-change') },
          { title: t('setup.step-done') },
        ]}
      />
      {body}
    </PageFrame>
  );
}

/** After a change: the flow ends and the summary is read again. */
function useDone(target: SetupTarget) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return () => {
    clearFlow('security');
    void qc.invalidateQueries({ queryKey: ['security'] });
    void navigate(`${SETUP}/success/${target}`);
  };
}

function useSubmit<V>(run: (v: V) => Promise<unknown>, done: () => void) {
  const [busy, setBusy] = useState(false);
  const submit = async (v: V) => {
    setBusy(true);
    try {
      await run(v);
      done();
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit: (v: V) => void submit(v) };
}

function NewPassword({ ticket }: { ticket: string }) {
  const { t } = useT('security');
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const { busy, submit } = useSubmit(
    (v: { password: string; confirm: string }) => callApi(securityCalls.setPwd, { ticket, ...v }),
    useDone('password'),
  );
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
      <NewPasswordFields form={form} />
      <Button type="primary" htmlType="submit" loading={busy} data-testid="setup-submit">
        {t('action.save')}
      </Button>
    </Form>
  );
}

function NewTel({ ticket }: { ticket: string }) {
  const { t } = useT('security');
  const [form] = Form.useForm<{ tel: string; code: string }>();
  const { busy, submit } = useSubmit(
    (v: { tel: string; code: string }) => callApi(securityCalls.setTel, { ticket, ...v }),
    useDone('tel'),
  );
  const send = async () => {
    const { tel } = await form.validateFields(['tel']);
    return callApi(securityCalls.getSMSCodeForNew, { tel });
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
      <Form.Item
        name="tel"
        label={t('tel.new')}
        rules={[
          { required: true, message: t('tel.required') },
          { pattern: /^\+?\d{6,15}$/, message: t('tel.format') },
        ]}
      >
        <Input maxLength={16} inputMode="tel" data-testid="new-tel" />
      </Form.Item>
      <Form.Item name="code" label={t('code.label')} rules={codeRules(t)}>
        <CodeInput onSend={send} testId="new-tel-code" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="setup-submit">
        {t('action.save')}
      </Button>
    </Form>
  );
}

function NewEmail({ ticket }: { ticket: string }) {
  const { t } = useT('security');
  const [form] = Form.useForm<{ email: string; code: string }>();
  const { busy, submit } = useSubmit(
    (v: { email: string; code: string }) => callApi(securityCalls.setEmail, { ticket, ...v }),
    useDone('email'),
  );
  const send = async () => {
    const { email } = await form.validateFields(['email']);
    return callApi(securityCalls.getEmailCode, { scene: 'security', email });
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
      <Form.Item
        name="email"
        label={t('email.new')}
        rules={[
          { required: true, message: t('email.required') },
          { type: 'email', message: t('email.format') },
        ]}
      >
        <Input maxLength={100} inputMode="email" data-testid="new-email" />
      </Form.Item>
      <Form.Item name="code" label={t('code.label')} rules={codeRules(t)}>
        <CodeInput onSend={send} testId="new-email-code" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="setup-submit">
        {t('action.save')}
      </Button>
    </Form>
  );
}

function NewQuestions({ ticket }: { ticket: string }) {
  const { t } = useT('security');
  const suggested = useQuery({
    queryKey: ['security', 'suggested'],
    queryFn: () => callApi(securityCalls.getQuestions),
  });
  const options = (suggested.data ?? []).map((q) => ({ value: q }));
  const { busy, submit } = useSubmit((v: Record<string, string>) => {
    const items = Array.from({ length: SECURITY_QUESTION_COUNT }, (_, i) => ({
      question: v[`q${i + 1}`] ?? '',
      answer: v[`a${i + 1}`] ?? '',
    }));
    return callApi(securityCalls.setSecrecyMessage, { ticket, items });
  }, useDone('question'));
  return (
    <Form layout="vertical" onFinish={submit} style={{ maxWidth: 520 }}>
      {Array.from({ length: SECURITY_QUESTION_COUNT }, (_, i) => i + 1).map((n) => (
        <div key={n}>
          <Form.Item
            name={`q${n}`}
            label={t('question.question', { n })}
            rules={[
              { required: true, message: t('question.question-required') },
              ({ getFieldValue }) => ({
                validator: (_, v: string | undefined) =>
                  v &&
                  Array.from({ length: SECURITY_QUESTION_COUNT }, (_x, j) => j + 1).some(
                    (m) => m !== n && (getFieldValue(`q${m}`) as string | undefined)?.trim() === v.trim(),
                  )
                    ? Promise.reject(new Error(t('question.duplicate')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <AutoComplete options={options} maxLength={50} data-testid={`question-${n}`} />
          </Form.Item>
          <Form.Item
            name={`a${n}`}
            label={t('question.answer', { n })}
            rules={[{ required: true, message: t('question.answer-required') }]}
          >
            <Input maxLength={50} data-testid={`question-answer-${n}`} />
          </Form.Item>
        </div>
      ))}
      <Button type="primary" htmlType="submit" loading={busy} data-testid="setup-submit">
        {t('action.save')}
      </Button>
    </Form>
  );
}
