import { useMemo } from 'react';
import {
  AutoComplete,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Switch,
  TreeSelect,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useT, type KeysUnder } from '../../../app/useT';
import {
  DEVICE_NAME_MAX,
  type DeviceRow,
  type EquipmentInput,
  equipmentSchema,
  REMARK_MAX,
} from '@fieldhub/shared';
import { treeOptions } from '../../../app/tree';
import { compact, defaultsOf, parseForm, schemaRule } from '../../../app/config/schemaForm';
import { useDeviceActions, useGroups, useManufacturers } from '../../../app/config/useDevice';

type Values = Record<string, unknown> & { factoryDate?: Dayjs | null; installDate?: Dayjs | null };

const DATE = 'YYYY-MM-DD';

/** The call's item: dates as YYYY-MM-DD, empty inputs left to the schema's defaults. */
function payload(values: Record<string, unknown>): Record<string, unknown> {
  const date = (v: unknown) => (dayjs.isDayjs(v) ? v.format(DATE) : v);
  return compact({ ...values, factoryDate: date(values.factoryDate), installDate: date(values.installDate) });
}

function initialValues(device: DeviceRow | undefined): Values {
  if (!device) return defaultsOf(equipmentSchema);
  return {
    ...device,
    factoryDate: device.factoryDate ? dayjs(device.factoryDate) : null,
    installDate: device.installDate ? dayjs(device.installDate) : null,
  };
}

/**
 * Basic information of a device (docs/requirements/devices-and-gateways.md §2.1, §4.1): the first wizard step
 * and the info tab. Saving creates the device (no `device`) or edits it; `onSaved` gets its id.
 */
export function BasicInfoForm({
  device,
  submitText,
  onSaved,
}: {
  device: DeviceRow | undefined;
  submitText: string;
  onSaved?: (id: number) => void;
}) {
  const { t } = useT('deviceConfig');
  const [form] = Form.useForm<Values>();
  const groups = useGroups();
  const manufacturers = useManufacturers();
  const { saveBasic } = useDeviceActions();
  const groupTree = useMemo(() => treeOptions(groups.data ?? []), [groups.data]);
  const rule = (field: string) => [
    schemaRule(equipmentSchema, payload, [field], t, { iccid: t('device.iccid-rule') }),
  ];

  const submit = () => {
    const item = parseForm<EquipmentInput>(form, equipmentSchema, payload(form.getFieldsValue(true)), t, {
      formats: { iccid: t('device.iccid-rule') },
    });
    if (item)
      saveBasic.mutate({ id: device?.id, item }, { onSuccess: ({ id }) => onSaved?.(id ?? device!.id) });
  };

  // a field labelled by its `device.field.` key
  type Field = KeysUnder<'deviceConfig', 'device.field.'> extends `device.field.${infer F}` ? F : never;
  const text = (name: Field, max: number, span = 12, testId?: string) => (
    <Col xs={24} md={span}>
      <Form.Item name={name} label={t(`device.field.${name}`)} rules={rule(name)}>
        <Input maxLength={max} data-testid={testId} />
      </Form.Item>
    </Col>
  );
  const number = (name: Field, props: { min: number; max: number; precision?: number }) => (
    <Col xs={24} md={6}>
      <Form.Item name={name} label={t(`device.field.${name}`)} rules={rule(name)}>
        <InputNumber style={{ width: '100%' }} {...props} />
      </Form.Item>
    </Col>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues(device)}
      onFinish={submit}
      style={{ maxWidth: 960 }}
      data-testid="basic-info-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('device.field.name')} rules={rule('name')} required>
            <Input maxLength={DEVICE_NAME_MAX} data-testid="device-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="groupId" label={t('device.field.groupId')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              loading={groups.isFetching}
              placeholder={t('device.no-group')}
              treeData={groupTree}
              showSearch={{ treeNodeFilterProp: 'title' }}
              data-testid="device-group"
            />
          </Form.Item>
        </Col>
        {text('deviceNumber', 50)}
        <Col xs={24} md={12}>
          <Form.Item name="manufacturer" label={t('device.field.manufacturer')} rules={rule('manufacturer')}>
            <AutoComplete
              maxLength={100}
              options={(manufacturers.data ?? []).map((m) => ({ value: m }))}
              showSearch={{
                filterOption: (input, option) =>
                  String(option?.value).toLowerCase().includes(input.toLowerCase()),
              }}
            />
          </Form.Item>
        </Col>
        {text('address', 200, 12)}
        {number('lng', { min: -180, max: 180 })}
        {number('lat', { min: -90, max: 90 })}
        <Col xs={24} md={6}>
          <Form.Item name="factoryDate" label={t('device.field.factoryDate')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="installDate" label={t('device.field.installDate')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {number('warrantyMonths', { min: 0, max: 1200, precision: 0 })}
        {number('seq', { min: 0, max: 1_000_000, precision: 0 })}
        {text('iccid', 20)}
        {text('image', 500)}
        <Col xs={24} md={12}>
          <Form.Item name="defaultValueMode" label={t('device.field.defaultValueMode')}>
            <Radio.Group
              options={[
                { value: 'custom', label: t('device.default-value.custom') },
                { value: 'last', label: t('device.default-value.last') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="menuBarVisible" label={t('device.field.menuBarVisible')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('common:remark')} rules={rule('remark')}>
            <Input maxLength={REMARK_MAX} showCount />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={saveBasic.isPending} data-testid="device-save">
        {submitText}
      </Button>
    </Form>
  );
}
