import { useMemo } from 'react';
import { Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Switch, type FormRule } from 'antd';
import { useLang, useT } from '../useT';
import {
  DATA_TYPES,
  type DriverRow,
  MODBUS_REGISTER_TYPES,
  type Protocol,
  RW_MODES,
  VARIABLE_KINDS,
  type VariableRow,
  variableSchema,
} from '@fieldhub/shared';
import type { RowDialogProps } from '../useDialog';
import type { ConfigOwner } from './configTypes';
import { ConfigDrawer } from './ConfigDrawer';
import { MappingEditor } from './MappingEditor';
import { SummaryFields } from './SummaryFields';
import { defaultsOf } from './schemaForm';
import { useConfigActions } from './useConfig';
import { checkVariable } from './variableCheck';

interface Props extends RowDialogProps<VariableRow> {
  owner: ConfigOwner;
  drivers: DriverRow[];
  /** names of the owner's variables (formulas of intermediate variables read them) */
  variableNames: string[];
  readOnly: boolean;
}

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

const ADDRESS_PLACEHOLDER: Record<Protocol, string> = {
  'modbus-tcp': '0 / 100.3',
  'modbus-rtu': '0 / 100.3',
  s7: 'DB1.DBD0 / M0.0',
  opcua: 'ns=2;s=Tank.Level',
};

function initialValues(row: VariableRow | undefined, drivers: DriverRow[]) {
  if (!row) {
    const first = drivers[0];
    return {
      ...defaultsOf(variableSchema),
      kind: 'device',
      dataType: 'int16',
      driverId: first?.id,
      registerType: first && first.protocol.startsWith('modbus') ? '4x' : '',
      mapping: [],
    };
  }
  return { ...row, mapping: row.mapping.map((m) => ({ value: String(m.value), text: m.text })) };
}

/** Add, edit or view one variable (signal) with live checks of its address and formulas. */
export function VariableDrawer({ owner, open, row, drivers, variableNames, readOnly, onClose }: Props) {
  const { t } = useT('deviceConfig');
  const lang = useLang();
  const [form] = Form.useForm();
  const { save } = useConfigActions(owner, 'variable');
  const kind = Form.useWatch('kind', form) ?? row?.kind ?? 'device';
  const driverId = Form.useWatch('driverId', form) as number | undefined;
  const dataType = Form.useWatch('dataType', form) as string | undefined;
  const rw = Form.useWatch('rw', form) ?? row?.rw ?? 'r';
  const protocol = drivers.find((d) => d.id === driverId)?.protocol;
  const otherNames = useMemo(() => variableNames.filter((n) => n !== row?.name), [variableNames, row]);

  const check = () =>
    checkVariable(form.getFieldsValue(true) as Record<string, unknown>, { protocol, otherNames, t, lang });
  const validator = (field: string) => () => {
    const error = check().errors.find((e) => e.name.join('.') === field);
    return error ? Promise.reject(new Error(error.message)) : Promise.resolve();
  };
  const rule = (field: string): FormRule[] => [{ validator: validator(field) }];

  const submit = () => {
    const result = check();
    if (!result.item) {
      form.setFields(result.errors.map((e) => ({ name: e.name, errors: [e.message] })));
      return;
    }
    save.mutate({ id: row?.id, item: result.item }, { onSuccess: onClose });
  };

  const device = kind === 'device';
  const summary = kind === 'summary';
  const writes = rw !== 'r' && !summary;
  // data summary variables belong to devices (docs/requirements/data-views.md §2.1)
  const kinds = 'templateId' in owner ? VARIABLE_KINDS.filter((k) => k !== 'summary') : VARIABLE_KINDS;
  const number = (name: string, label: string, extra: { min?: number; precision?: number } = {}) => (
    <Form.Item name={name} label={label} rules={rule(name)} dependencies={limitPartner[name]}>
      <InputNumber style={{ width: '100%' }} {...extra} data-testid={`variable-${name}`} />
    </Form.Item>
  );

  return (
    <ConfigDrawer
      open={open}
      size={760}
      title={
        row ? (readOnly ? row.name : t('variable.edit-title', { name: row.name })) : t('variable.add-title')
      }
      form={form}
      readOnly={readOnly}
      saving={save.isPending}
      onSave={submit}
      testId="variable"
      onClose={onClose}
      initialValues={initialValues(row, drivers)}
      onValuesChange={(changed: Record<string, unknown>) => {
        if ('mapping' in changed) void form.validateFields([['mapping']]).catch(() => undefined);
        // a summary is a number the server computes: float, read-only
        if (changed.kind === 'summary') form.setFieldsValue({ dataType: 'float64', rw: 'r' });
        if ('driverId' in changed) {
          const next = drivers.find((d) => d.id === changed.driverId)?.protocol;
          form.setFieldValue('registerType', next?.startsWith('modbus') ? '4x' : '');
        }
      }}
    >
      <Form.Item name="kind" label={t('variable.field.kind')}>
        <Radio.Group
          optionType="button"
          options={kinds.map((k) => ({ value: k, label: t(`variable.kind.${k}`) }))}
          data-testid="variable-kind"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="name"
            label={t('variable.field.name')}
            rules={rule('name')}
            required
            tooltip={t('variable.name-rule')}
          >
            <Input maxLength={50} style={mono} data-testid="variable-name" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="key" label={t('variable.field.key')} rules={rule('key')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        {device && (
          <Col span={12}>
            <Form.Item name="driverId" label={t('variable.field.driver')} rules={rule('driverId')} required>
              <Select
                options={drivers.map((d) => ({
                  value: d.id,
                  label: `${d.name} (${t(`driver.protocol.${d.protocol}`)})`,
                }))}
                notFoundContent={t('variable.no-drivers')}
                data-testid="variable-driver"
              />
            </Form.Item>
          </Col>
        )}
        {!summary && (
          <Col span={device ? 12 : 24}>
            <Form.Item name="rw" label={t('variable.field.rw')}>
              <Radio.Group
                optionType="button"
                options={RW_MODES.map((m) => ({ value: m, label: t(`variable.rw.${m}`) }))}
              />
            </Form.Item>
          </Col>
        )}
        <Col span={dataType === 'string' ? 12 : 24}>
          <Form.Item name="dataType" label={t('variable.field.dataType')} rules={rule('dataType')}>
            <Select
              options={DATA_TYPES.map((d) => ({ value: d, label: d }))}
              data-testid="variable-dataType"
            />
          </Form.Item>
        </Col>
        {dataType === 'string' && (
          <Col span={12}>
            <Form.Item
              name="stringLength"
              label={t('variable.field.stringLength')}
              rules={rule('stringLength')}
              required
            >
              <InputNumber min={1} max={256} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
      </Row>

      {device ? (
        <>
          <Divider titlePlacement="start" plain>
            {t('variable.section.address')}
          </Divider>
          <Row gutter={16}>
            {protocol?.startsWith('modbus') && (
              <Col span={10}>
                <Form.Item
                  name="registerType"
                  label={t('variable.field.registerType')}
                  rules={rule('registerType')}
                >
                  <Select
                    options={MODBUS_REGISTER_TYPES.map((r) => ({
                      value: r,
                      label: t(`variable.register.${r}`),
                    }))}
                    data-testid="variable-registerType"
                  />
                </Form.Item>
              </Col>
            )}
            <Col span={protocol?.startsWith('modbus') ? 14 : 24}>
              <Form.Item
                name="address"
                label={t('variable.field.address')}
                rules={rule('address')}
                dependencies={['registerType', 'dataType', 'stringLength', 'rw', 'driverId']}
                hasFeedback
                required
                extra={protocol ? t(`variable.address-help.${protocol}`) : undefined}
              >
                <Input
                  style={mono}
                  placeholder={protocol ? ADDRESS_PLACEHOLDER[protocol] : undefined}
                  data-testid="variable-address"
                />
              </Form.Item>
            </Col>
          </Row>
        </>
      ) : summary ? (
        <SummaryFields rule={rule} selfId={row?.id} />
      ) : (
        <>
          <Divider titlePlacement="start" plain>
            {t('variable.section.formula')}
          </Divider>
          <Row gutter={16}>
            <Col span={16}>
              <Form.Item
                name="formula"
                label={t('variable.field.formula')}
                rules={rule('formula')}
                hasFeedback
                required
                extra={t('variable.formula-help')}
              >
                <Input style={mono} maxLength={200} placeholder="flow_in - flow_out" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="initialValue"
                label={t('variable.field.initialValue')}
                rules={rule('initialValue')}
              >
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}

      <Divider titlePlacement="start" plain>
        {t('variable.section.processing')}
      </Divider>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="unit" label={t('variable.field.unit')} rules={rule('unit')}>
            <Input maxLength={20} data-testid="variable-unit" />
          </Form.Item>
        </Col>
        <Col span={8}>{number('decimals', t('variable.field.decimals'), { min: 0, precision: 0 })}</Col>
        {/* a summary's values are computed per period: no deadband or collection limits */}
        {!summary && <Col span={8}>{number('deadband', t('variable.field.deadband'), { min: 0 })}</Col>}
        {device && (
          <Col span={writes ? 12 : 24}>
            <Form.Item
              name="collectFormula"
              label={t('variable.field.collectFormula')}
              rules={rule('collectFormula')}
              hasFeedback
              extra={t('variable.x-help')}
            >
              <Input
                style={mono}
                maxLength={200}
                placeholder="x * 0.1"
                data-testid="variable-collectFormula"
              />
            </Form.Item>
          </Col>
        )}
        {device && writes && (
          <Col span={12}>
            <Form.Item
              name="writeFormula"
              label={t('variable.field.writeFormula')}
              rules={rule('writeFormula')}
              hasFeedback
              extra={t('variable.x-help')}
            >
              <Input style={mono} maxLength={200} placeholder="x * 10" />
            </Form.Item>
          </Col>
        )}
        {!summary && (
          <>
            <Col span={6}>{number('collectLower', t('variable.field.collectLower'))}</Col>
            <Col span={6}>{number('collectUpper', t('variable.field.collectUpper'))}</Col>
          </>
        )}
        {writes && (
          <>
            <Col span={6}>{number('writeLower', t('variable.field.writeLower'))}</Col>
            <Col span={6}>{number('writeUpper', t('variable.field.writeUpper'))}</Col>
          </>
        )}
      </Row>
      <Form.Item name="storeHistory" label={t('variable.field.storeHistory')} valuePropName="checked">
        <Switch data-testid="variable-storeHistory" />
      </Form.Item>

      <Divider titlePlacement="start" plain>
        {t('variable.section.mapping')}
      </Divider>
      <MappingEditor rules={[{ validator: validator('mapping') }]} disabled={readOnly} />
    </ConfigDrawer>
  );
}

// limits are checked as pairs: changing one re-checks the other
const limitPartner: Record<string, string[]> = {
  collectLower: ['collectUpper'],
  collectUpper: ['collectLower'],
  writeLower: ['writeUpper'],
  writeUpper: ['writeLower'],
};
