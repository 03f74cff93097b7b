import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Result } from 'antd';
import { useT } from '../../app/useT';
import { FEEDBACK_MIN_LENGTH, userCalls } from '@fieldhub/shared';
import { callApi } from '../../app/request';
import { PageFrame } from '../../app/components/PageFrame';

/** /account/feedback: at least 10 characters of text, optional contact. */
export default function FeedbackPage() {
  const { t } = useT('account');
  const [form] = Form.useForm<{ content: string; contact: string }>();
  const send = useMutation({
    mutationFn: (v: { content: string; contact: string }) => callApi(userCalls.feedback, v),
  });

  if (send.isSuccess) {
    return (
      <PageFrame title={t('feedback.title')}>
        <Result
          status="success"
          title={t('feedback.thanks')}
          extra={
            <Button
              onClick={() => {
                form.resetFields();
                send.reset();
              }}
            >
              {t('feedback.again')}
            </Button>
          }
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('feedback.title')}>
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={(v) => send.mutate(v)}>
        <Form.Item
          name="content"
          label={t('feedback.content')}
          rules={[
            { required: true, message: t('feedback.content-required') },
            { min: FEEDBACK_MIN_LENGTH, message: t('feedback.content-min', { min: FEEDBACK_MIN_LENGTH }) },
          ]}
        >
          <Input.TextArea
            rows={6}
            maxLength={2000}
            showCount
            placeholder={t('feedback.placeholder')}
            data-testid="feedback-content"
          />
        </Form.Item>
        <Form.Item name="contact" label={t('feedback.contact')}>
          <Input maxLength={100} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {t('feedback.submit')}
        </Button>
      </Form>
    </PageFrame>
  );
}
