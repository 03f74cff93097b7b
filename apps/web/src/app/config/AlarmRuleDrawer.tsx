import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useT } from '../useT';
import {
  ALARM_CONDITIONS,
  ALARM_CONTENT_MAX,
  ALARM_LEVELS,
  ALARM_METHODS,
  type AlarmCondition,
  type AlarmRuleRow,
  alarmRuleSchema,
  type VariableRow,
} from '@fieldhub/shared';
import type { RowDialogProps } from '../useDialog';
import { ConfigDrawer } from './ConfigDrawer';
import type { ConfigOwner } from './configTypes';
import { compact, defaultsOf, parseForm, schemaRule } from './schemaForm';
import { useConfigActions } from './useConfig';

interface Props extends RowDialogProps<AlarmRuleRow> {
  owner: ConfigOwner;
  variables: VariableRow[];
}

/** Conditions comparing against a range read two values; bit conditions read a bit index. */
export const RANGE_CONDITIONS: readonly AlarmCondition[] = ['within', 'outside'];
export const BIT_CONDITIONS: readonly AlarmCondition[] = ['bitSet', 'bitClear'];

// equipment-info rules are type '00'; designer rules ('01') belong to the page designer
const payload = (values: Record<string, unknown>) => ({ ...compact(values), ruleType: '00' });

/** Add or edit one alarm rule of the equipment-info type. */
export function AlarmRuleDrawer({ owner, open, row, variables, onClose }: Props) {
  const { t } = useT('deviceConfig');
  const [form] = Form.useForm();
  const { save } = useConfigActions(owner, 'alarm');
  const condition = (Form.useWatch('condition', form) ?? row?.condition) as AlarmCondition | undefined;
  const methods = (Form.useWatch('methods', form) ?? row?.methods ?? []) as string[];
  const rule = (field: string) => [schemaRule(alarmRuleSchema, payload, [field], t)];
  const range = !!condition && RANGE_CONDITIONS.includes(condition);
  const bit = !!condition && BIT_CONDITIONS.includes(condition);

  const submit = () => {
    const item = parseForm(form, alarmRuleSchema, payload(form.getFieldsValue(true)), t);
    if (item) save.mutate({ id: row?.id, item }, { onSuccess: onClose });
  };

  return (
    <ConfigDrawer
      open={open}
      size={600}
      title={row ? t('alarm.edit-title') : t('alarm.add-title')}
      form={form}
      saving={save.isPending}
      onSave={submit}
      testId="alarm"
      onClose={onClose}
      initialValues={row ?? { ...defaultsOf(alarmRuleSchema), condition: 'gt' }}
    >
      <Form.Item name="variableId" label={t('alarm.field.variable')} rules={rule('variableId')} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={variables.map((v) => ({ value: v.id, label: v.name }))}
          notFoundContent={t('alarm.no-variables')}
          data-testid="alarm-variable"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={range ? 8 : 12}>
          <Form.Item name="condition" label={t('alarm.field.condition')} rules={rule('condition')}>
            <Select
              options={ALARM_CONDITIONS.map((c) => ({ value: c, label: t(`alarm.condition.${c}`) }))}
              data-testid="alarm-condition"
            />
          </Form.Item>
        </Col>
        <Col span={range ? 8 : 12}>
          <Form.Item
            name="value"
            label={bit ? t('alarm.field.bit') : range ? t('alarm.field.from') : t('alarm.field.value')}
            rules={rule('value')}
            dependencies={['condition']}
            required
          >
            <InputNumber
              style={{ width: '100%' }}
              {...(bit ? { min: 0, max: 63, precision: 0 } : {})}
              data-testid="alarm-value"
            />
          </Form.Item>
        </Col>
        {range && (
          <Col span={8}>
            <Form.Item
              name="value2"
              label={t('alarm.field.to')}
              rules={rule('value2')}
              dependencies={['value', 'condition']}
              required
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item name="level" label={t('alarm.field.level')}>
        <Select options={ALARM_LEVELS.map((l) => ({ value: l, label: t(`alarm.level.${l}`) }))} />
      </Form.Item>
      <Form.Item name="content" label={t('alarm.field.content')} rules={rule('content')} required>
        <Input.TextArea
          rows={3}
          maxLength={ALARM_CONTENT_MAX}
          showCount
          placeholder={t('alarm.content-placeholder')}
          data-testid="alarm-content"
        />
      </Form.Item>
      <Form.Item name="methods" label={t('alarm.field.methods')} rules={rule('methods')}>
        <Checkbox.Group options={ALARM_METHODS.map((m) => ({ value: m, label: t(`alarm.method.${m}`) }))} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="filterCount"
            label={t('alarm.field.filterCount')}
            tooltip={t('alarm.filter-help')}
            rules={rule('filterCount')}
          >
            <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {methods.includes('voice') && (
          <Col span={8}>
            <Form.Item name="voiceLoops" label={t('alarm.field.voiceLoops')} rules={rule('voiceLoops')}>
              <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        <Col span={8}>
          <Form.Item name="enabled" label={t('alarm.field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </ConfigDrawer>
  );
}
