import { Button, Col, Form, Input, InputNumber, Radio, Row, Switch } from 'antd';
import { useT } from '../../app/useT';
import { CertificateInput } from './CertificateInput';
import type { CertificateFile, GatewayMqttView, GatewayRow } from './gatewayTypes';
import { useSaveGatewaySettings } from './useGateways';

const MASKED = '******';
const AUTH_MODES = ['none', 'one-way', 'mutual'] as const;
const TOPIC_MAX = 200;

interface MqttValues extends Omit<GatewayMqttView, 'password'> {
  password?: string;
}

/** The body of the save: a blank password and a stored (content-less) private key are kept. */
function mqttBody(v: MqttValues): Record<string, unknown> {
  const body: Record<string, unknown> = { ...v, enabled: !!v.enabled };
  if (!v.password) delete body.password;
  if (!v.privateKey?.content) delete body.privateKey;
  for (const key of ['rootCert', 'publicKey'] as const) if (!v[key]) delete body[key];
  return body;
}

/** MQTT tab: the gateway's own client for a customer broker, with TLS files for one-way or mutual auth. */
export function MqttSettingsForm({ gateway }: { gateway: GatewayRow }) {
  const { t } = useT('gateways');
  const [form] = Form.useForm<MqttValues>();
  const save = useSaveGatewaySettings(gateway.sn);
  const auth = Form.useWatch('auth', form) ?? gateway.mqtt.auth ?? 'none';
  const passwordStored = gateway.mqtt.password === MASKED;
  const { password: _masked, ...stored } = gateway.mqtt;

  const fileRequired = (message: string) => ({
    validator: (_: unknown, v: CertificateFile | undefined) =>
      v ? Promise.resolve() : Promise.reject(new Error(message)),
  });

  return (
    <Form<MqttValues>
      form={form}
      layout="vertical"
      initialValues={{ auth: 'none', timeoutS: 30, keepAliveS: 60, ...stored }}
      onFinish={(v) => save.mutate({ mqtt: mqttBody(v) })}
      data-testid="mqtt-form"
    >
      <Form.Item
        name="enabled"
        label={t('mqtt.enabled')}
        valuePropName="checked"
        extra={t('mqtt.enabled-help')}
      >
        <Switch data-testid="mqtt-enabled" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item name="host" label={t('mqtt.host')}>
            <Input maxLength={200} placeholder="broker.example.com" data-testid="mqtt-host" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="port" label={t('mqtt.port')}>
            <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} placeholder="1883" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="clientId" label={t('mqtt.client-id')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="username" label={t('mqtt.username')}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="password" label={t('mqtt.password')}>
            <Input.Password
              maxLength={100}
              autoComplete="new-password"
              placeholder={passwordStored ? t('mqtt.password-keep') : undefined}
              data-testid="mqtt-password"
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="timeoutS" label={t('mqtt.timeout')}>
            <InputNumber min={1} max={300} precision={0} suffix="s" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="keepAliveS" label={t('mqtt.keep-alive')}>
            <InputNumber min={5} max={3600} precision={0} suffix="s" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="subscribeTopic"
        label={t('mqtt.topic')}
        rules={[{ max: TOPIC_MAX, message: t('mqtt.topic-max', { max: TOPIC_MAX }) }]}
      >
        <Input.TextArea rows={2} maxLength={TOPIC_MAX} showCount placeholder="factory/line1/#" />
      </Form.Item>
      <Form.Item name="auth" label={t('mqtt.auth')}>
        <Radio.Group
          optionType="button"
          options={AUTH_MODES.map((m) => ({ value: m, label: t(`mqtt.auth-mode.${m}`) }))}
          data-testid="mqtt-auth"
        />
      </Form.Item>
      {auth !== 'none' && (
        <Form.Item
          name="rootCert"
          label={t('mqtt.root-cert')}
          extra={t('cert.rule')}
          rules={[fileRequired(t('mqtt.root-cert-required'))]}
        >
          <CertificateInput testId="mqtt-root-cert" />
        </Form.Item>
      )}
      {auth === 'mutual' && (
        <>
          <Form.Item
            name="publicKey"
            label={t('mqtt.public-key')}
            rules={[fileRequired(t('mqtt.public-key-required'))]}
          >
            <CertificateInput testId="mqtt-public-key" />
          </Form.Item>
          <Form.Item
            name="privateKey"
            label={t('mqtt.private-key')}
            rules={[fileRequired(t('mqtt.private-key-required'))]}
          >
            <CertificateInput testId="mqtt-private-key" />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="mqtt-save">
        {t('common:save')}
      </Button>
    </Form>
  );
}
