import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useT } from '../useT';
import { type DriverRow, type Protocol, PROTOCOLS } from '@fieldhub/shared';
import type { RowDialogProps } from '../useDialog';
import type { ConfigOwner } from './configTypes';
import { ConfigDrawer } from './ConfigDrawer';
import { DriverProtocolFields } from './DriverFields';
import {
  driverDefaults,
  driverPayload,
  driverSchema,
  driverValues,
  type DriverFormValues,
} from './driverForm';
import { parseForm, schemaRule } from './schemaForm';
import { useConfigActions } from './useConfig';

interface Props extends RowDialogProps<DriverRow> {
  owner: ConfigOwner;
  readOnly: boolean;
}

/** Add, edit or view one driver; the fields follow the chosen protocol. */
export function DriverDrawer({ owner, open, row, readOnly, onClose }: Props) {
  const { t } = useT('deviceConfig');
  const [form] = Form.useForm<DriverFormValues>();
  const protocol = (Form.useWatch('protocol', form) ?? row?.protocol ?? 'modbus-tcp') as Protocol;
  const { save } = useConfigActions(owner, 'driver');
  const formats = { ip: t('issue.ip'), endpoint: t('issue.endpoint') };
  const rule = (field: string) => [schemaRule(driverSchema, driverPayload, [field], t, formats)];
  // variables are addressed in their driver's protocol: it is fixed once the driver has some
  const protocolFixed = !!row && row.variableCount > 0;

  const submit = () => {
    const item = parseForm(form, driverSchema, driverPayload(form.getFieldsValue(true)), t, { formats });
    if (item) save.mutate({ id: row?.id, item }, { onSuccess: onClose });
  };

  return (
    <ConfigDrawer<DriverFormValues>
      open={open}
      size={680}
      title={row ? (readOnly ? row.name : t('driver.edit-title', { name: row.name })) : t('driver.add-title')}
      form={form}
      readOnly={readOnly}
      saving={save.isPending}
      onSave={submit}
      testId="driver"
      onClose={onClose}
      initialValues={row ? driverValues(row) : driverDefaults('modbus-tcp')}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('driver.field.name')} rules={rule('name')} required>
            <Input maxLength={50} data-testid="driver-name" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="protocol"
            label={t('driver.field.protocol')}
            extra={protocolFixed ? t('driver.protocol-fixed') : undefined}
          >
            <Select
              disabled={protocolFixed || readOnly}
              options={PROTOCOLS.map((p) => ({ value: p, label: t(`driver.protocol.${p}`) }))}
              onChange={(next: Protocol) => form.setFieldsValue(driverDefaults(next, form.getFieldsValue()))}
              data-testid="driver-protocol"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="brand" label={t('driver.field.brand')} rules={rule('brand')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="model" label={t('driver.field.model')} rules={rule('model')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
      </Row>
      <DriverProtocolFields protocol={protocol} rule={rule} />
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="minCollectMs" label={t('driver.field.minCollectMs')} rules={rule('minCollectMs')}>
            <InputNumber min={50} max={3_600_000} precision={0} suffix="ms" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="commWaitMs" label={t('driver.field.commWaitMs')} rules={rule('commWaitMs')}>
            <InputNumber min={50} max={60_000} precision={0} suffix="ms" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </ConfigDrawer>
  );
}
