import { Button, Col, Form, Input, Row, type FormRule } from 'antd';
import { useT } from '../../app/useT';
import { messageFor } from '@fieldhub/shared';
import { currentLang } from '../../app/i18n';
import { cleanLan, lanFieldProblem, type LanField } from './gatewayRules';
import type { GatewayRow } from './gatewayTypes';
import { useSaveGatewaySettings } from './useGateways';

type LanValues = Partial<Record<LanField, string>>;

/** LAN tab: address, mask, MAC, and a cross-segment target reached through a next hop. */
export function LanSettingsForm({ gateway }: { gateway: GatewayRow }) {
  const { t } = useT('gateways');
  const [form] = Form.useForm<LanValues>();
  const save = useSaveGatewaySettings(gateway.sn);

  const rule = (field: LanField): FormRule => ({
    validator: () => {
      const problem = lanFieldProblem(form.getFieldsValue(), field);
      if (problem === null) return Promise.resolve();
      const text =
        problem === 'ip-format'
          ? t('lan.ip-format')
          : problem === 'mac-format'
            ? t('lan.mac-format')
            : messageFor(problem, currentLang());
      return Promise.reject(new Error(text));
    },
  });
  const item = (field: LanField, deps: LanField[] = [], placeholder?: string) => (
    <Col span={12}>
      <Form.Item
        name={field}
        label={t(`lan.${field}`)}
        dependencies={deps}
        rules={[rule(field)]}
        extra={field === 'nextHop' ? t('lan.next-hop-help') : undefined}
      >
        <Input maxLength={17} placeholder={placeholder} data-testid={`lan-${field}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Form<LanValues>
      form={form}
      layout="vertical"
      initialValues={gateway.lan}
      onFinish={(v) => save.mutate({ lan: cleanLan(v) })}
      data-testid="lan-form"
    >
      <Row gutter={16}>
        {item('ip', [], '192.168.1.10')}
        {item('mask', [], '255.255.255.0')}
        {item('mac', [], '00:1A:2B:3C:4D:5E')}
        {item('crossTarget', [], '10.10.0.0')}
        {item('nextHop', ['ip', 'mask'], '192.168.1.1')}
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="lan-save">
        {t('common:save')}
      </Button>
    </Form>
  );
}
