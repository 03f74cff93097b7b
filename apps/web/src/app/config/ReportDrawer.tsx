import { Button, Col, Flex, Form, Input, InputNumber, Radio, Row, Select, Switch, theme } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useLang, useT } from '../useT';
import {
  AGGREGATIONS,
  REPORT_VARIABLES_MAX,
  type ReportInput,
  type ReportRow,
  reportSchema,
  STORAGE_MODES,
  validateFormula,
  type VariableRow,
} from '@fieldhub/shared';
import type { RowDialogProps } from '../useDialog';
import { ConfigDrawer } from './ConfigDrawer';
import type { ConfigOwner } from './configTypes';
import { compact, inLang, issueText, parseForm, schemaRule } from './schemaForm';
import { useConfigActions } from './useConfig';

interface Props extends RowDialogProps<ReportRow> {
  owner: ConfigOwner;
  variables: VariableRow[];
  readOnly: boolean;
}

const payload = (values: Record<string, unknown>) => compact(values);

/** Add, edit or view one historical report: when it stores and how each variable is aggregated. */
export function ReportDrawer({ owner, open, row, variables, readOnly, onClose }: Props) {
  const { t } = useT('deviceConfig');
  const lang = useLang();
  const [form] = Form.useForm();
  const { token } = theme.useToken();
  const { save } = useConfigActions(owner, 'report');
  const mode = (Form.useWatch('storageMode', form) ??
    row?.storageMode ??
    'periodic') as ReportInput['storageMode'];
  const rule = (path: (string | number)[]) => [schemaRule(reportSchema, payload, path, t)];
  const names = variables.map((v) => v.name);

  const expressionRule = {
    validator: (_: unknown, text: string | undefined) => {
      if (!text) return Promise.resolve();
      const problem = validateFormula(text, { allowedIdentifiers: names });
      return problem ? Promise.reject(new Error(inLang(problem.message, lang))) : Promise.resolve();
    },
  };
  const listRule = {
    validator: () => {
      const result = reportSchema.safeParse(payload(form.getFieldsValue(true)));
      const issue = result.success
        ? undefined
        : result.error.issues.find((i) => i.path.join('.') === 'items');
      return issue ? Promise.reject(new Error(issueText(issue, t))) : Promise.resolve();
    },
  };

  const submit = () => {
    const expression = form.getFieldValue('expression') as string | undefined;
    const problem = expression ? validateFormula(expression, { allowedIdentifiers: names }) : null;
    if (problem) {
      form.setFields([{ name: 'expression', errors: [inLang(problem.message, lang)] }]);
      return;
    }
    const item = parseForm(form, reportSchema, payload(form.getFieldsValue(true)), t);
    if (item) save.mutate({ id: row?.id, item }, { onSuccess: onClose });
  };

  return (
    <ConfigDrawer
      open={open}
      size={640}
      title={row ? (readOnly ? row.name : t('report.edit-title', { name: row.name })) : t('report.add-title')}
      form={form}
      readOnly={readOnly}
      saving={save.isPending}
      onSave={submit}
      testId="report"
      onClose={onClose}
      initialValues={
        row
          ? {
              ...row,
              items: row.items.map((i) => ({ variableId: i.variableId, aggregation: i.aggregation })),
            }
          : { storageMode: 'periodic', intervalS: 3600, enabled: true, items: [{ aggregation: 'avg' }] }
      }
      onValuesChange={(changed: Record<string, unknown>) => {
        if ('items' in changed) void form.validateFields([['items']]).catch(() => undefined);
      }}
    >
      <Form.Item name="name" label={t('report.field.name')} rules={rule(['name'])} required>
        <Input maxLength={50} data-testid="report-name" />
      </Form.Item>
      <Form.Item name="storageMode" label={t('report.field.storageMode')}>
        <Radio.Group
          optionType="button"
          options={STORAGE_MODES.map((m) => ({ value: m, label: t(`report.mode.${m}`) }))}
          data-testid="report-mode"
        />
      </Form.Item>
      <Row gutter={16}>
        {(mode === 'periodic' || mode === 'summary') && (
          <Col span={12}>
            <Form.Item
              name="intervalS"
              label={mode === 'summary' ? t('report.field.window') : t('report.field.interval')}
              rules={rule(['intervalS'])}
              dependencies={['storageMode']}
              required
            >
              <InputNumber min={1} precision={0} suffix={t('report.seconds')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        <Col span={12}>
          <Form.Item name="enabled" label={t('report.field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {mode === 'conditional' && (
        <Form.Item
          name="expression"
          label={t('report.field.expression')}
          rules={[...rule(['expression']), expressionRule]}
          hasFeedback
          required
          extra={t('report.expression-help')}
        >
          <Input
            maxLength={200}
            placeholder="tank_level > 80"
            style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}
          />
        </Form.Item>
      )}
      <Form.Item label={t('report.field.items', { max: REPORT_VARIABLES_MAX })} required>
        <Form.List name="items" rules={[listRule]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field) => (
                <Flex key={field.key} gap={8} align="start">
                  <Form.Item
                    name={[field.name, 'variableId']}
                    rules={rule(['items', field.name, 'variableId'])}
                    style={{ flex: 1, marginBottom: 8 }}
                  >
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder={t('report.choose-variable')}
                      options={variables.map((v) => ({ value: v.id, label: v.name }))}
                      data-testid={`report-variable-${field.name}`}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'aggregation']} style={{ width: 150, marginBottom: 8 }}>
                    <Select
                      options={AGGREGATIONS.map((a) => ({ value: a, label: t(`report.aggregation.${a}`) }))}
                    />
                  </Form.Item>
                  {!readOnly && (
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('report.remove-variable')}
                      onClick={() => remove(field.name)}
                    />
                  )}
                </Flex>
              ))}
              {!readOnly && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= REPORT_VARIABLES_MAX}
                  onClick={() => add({ aggregation: 'avg' })}
                >
                  {t('report.add-variable', { n: fields.length, max: REPORT_VARIABLES_MAX })}
                </Button>
              )}
              <div style={{ color: token.colorError }}>
                <Form.ErrorList errors={errors} />
              </div>
            </>
          )}
        </Form.List>
      </Form.Item>
    </ConfigDrawer>
  );
}
