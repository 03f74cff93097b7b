import { Button, Card, Checkbox, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import {
  SMART_REPORT_AGGREGATES,
  SMART_REPORT_FILL_KINDS,
  SMART_REPORT_OPTIONS_MAX,
  smartReportCellSchema,
  type SmartReportAggregate,
  type SmartReportCell,
  type SmartReportVariable,
} from '@fieldhub/shared';
import { useT } from '../../app/useT';

type Kind = 'none' | SmartReportCell['kind'];

interface Values {
  kind: Kind;
  variableId?: number;
  aggregate: SmartReportAggregate;
  label: string;
  required: boolean;
  min?: number | null;
  max?: number | null;
  options: string[];
}

const initial = (c: SmartReportCell | undefined): Values => ({
  kind: c?.kind ?? 'none',
  aggregate: c?.kind === 'variable' ? c.aggregate : 'value',
  label: c && c.kind !== 'variable' ? c.label : '',
  required: c && c.kind !== 'variable' ? c.required : false,
  options: c?.kind === 'choice' ? c.options : [],
  ...(c?.kind === 'variable' ? { variableId: c.variableId } : {}),
  ...(c?.kind === 'number' ? { min: c.min ?? null, max: c.max ?? null } : {}),
});

/**
 * What one cell of the template is: nothing, a variable's value (at generation or aggregated
 * over the period) or a field people fill (text, number with a range, choice, signature).
 */
export function CellBindingPanel({
  address,
  current,
  variables,
  onApply,
}: {
  address: string;
  current: SmartReportCell | undefined;
  variables: SmartReportVariable[];
  onApply(cell: SmartReportCell | null): void;
}) {
  const { t } = useT('smartReports');
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? initial(current).kind;

  const apply = (v: Values) => {
    if (v.kind === 'none') return onApply(null);
    const raw =
      v.kind === 'variable'
        ? { kind: v.kind, cell: address, variableId: v.variableId, aggregate: v.aggregate }
        : {
            kind: v.kind,
            cell: address,
            label: v.label,
            required: v.required,
            ...(v.kind === 'number' ? { min: v.min ?? undefined, max: v.max ?? undefined } : {}),
            ...(v.kind === 'choice' ? { options: v.options } : {}),
          };
    const parsed = smartReportCellSchema.safeParse(raw);
    if (parsed.success) onApply(parsed.data);
  };

  return (
    <Card size="small" title={t('cell.title', { cell: address })} data-testid="cell-panel">
      <Form<Values> form={form} layout="vertical" initialValues={initial(current)} onFinish={apply}>
        <Form.Item name="kind">
          <Radio.Group
            optionType="button"
            size="small"
            options={[
              { value: 'none', label: t('cell.none') },
              { value: 'variable', label: t('cell.variable') },
              ...SMART_REPORT_FILL_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
            ]}
            style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4 }}
            data-testid="cell-kind"
          />
        </Form.Item>
        {kind === 'variable' && (
          <>
            <Form.Item
              name="variableId"
              label={t('cell.pick-variable')}
              rules={[{ required: true, message: t('rule.variable') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="cell-variable"
                options={variables.map((v) => ({
                  value: v.id,
                  label: `${v.equipmentName} / ${v.name}${v.unit ? ` (${v.unit})` : ''}`,
                }))}
                notFoundContent={t('cell.no-variables')}
              />
            </Form.Item>
            <Form.Item name="aggregate" label={t('cell.aggregate')}>
              <Select
                options={SMART_REPORT_AGGREGATES.map((a) => ({ value: a, label: t(`aggregate.${a}`) }))}
              />
            </Form.Item>
          </>
        )}
        {kind !== 'variable' && kind !== 'none' && (
          <>
            <Form.Item
              name="label"
              label={t('cell.label')}
              rules={[
                { required: true, whitespace: true, message: t('rule.label') },
                { max: 50, message: t('rule.label-max') },
              ]}
            >
              <Input data-testid="cell-label" />
            </Form.Item>
            <Form.Item name="required" valuePropName="checked">
              <Checkbox>{t('cell.required')}</Checkbox>
            </Form.Item>
          </>
        )}
        {kind === 'number' && (
          <Space>
            <Form.Item name="min" label={t('cell.min')}>
              <InputNumber />
            </Form.Item>
            <Form.Item
              name="max"
              label={t('cell.max')}
              dependencies={['min']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: number | null | undefined) => {
                    const min = getFieldValue('min') as number | null | undefined;
                    return v == null || min == null || min <= v
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('rule.range')));
                  },
                }),
              ]}
            >
              <InputNumber />
            </Form.Item>
          </Space>
        )}
        {kind === 'choice' && (
          <Form.Item
            name="options"
            label={t('cell.options')}
            rules={[
              {
                required: true,
                type: 'array',
                min: 1,
                max: SMART_REPORT_OPTIONS_MAX,
                message: t('rule.options'),
              },
            ]}
          >
            <Select mode="tags" open={false} tokenSeparators={[',']} data-testid="cell-options" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block data-testid="cell-apply">
          {kind === 'none' ? t('cell.clear') : t('cell.apply')}
        </Button>
      </Form>
    </Card>
  );
}
