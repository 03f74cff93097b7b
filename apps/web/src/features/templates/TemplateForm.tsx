import { AutoComplete, Button, Col, Form, Input, Radio, Row } from 'antd';
import { useT } from '../../app/useT';
import { REMARK_MAX, type TemplateInput, type TemplateRow, templateSchema } from '@fieldhub/shared';
import { compact, parseForm, schemaRule } from '../../app/config/schemaForm';
import { useKnownSeries, useTemplateActions } from './useTemplates';

/** Name, gateway series, type and remark of a template; saving adds or edits it. */
export function TemplateForm({
  row,
  submitText,
  onSaved,
}: {
  row: TemplateRow | undefined;
  submitText: string;
  onSaved?: (id: number) => void;
}) {
  const { t } = useT('templates');
  const [form] = Form.useForm();
  const series = useKnownSeries();
  const { save } = useTemplateActions();
  const rule = (field: string) => [schemaRule(templateSchema, compact, [field], t)];
  // devices of a template have gateways of its series: the series is fixed once any is linked
  const seriesFixed = !!row && row.deviceCount > 0;

  const submit = () => {
    const item = parseForm<TemplateInput>(form, templateSchema, compact(form.getFieldsValue(true)), t);
    if (item) save.mutate({ id: row?.id, item }, { onSuccess: ({ id }) => onSaved?.(id ?? row!.id) });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 720 }}
      initialValues={row ?? { type: 'private' }}
      onFinish={submit}
      data-testid="template-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('field.name')} rules={rule('name')} required>
            <Input maxLength={50} data-testid="template-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="series"
            label={t('field.series')}
            rules={rule('series')}
            required
            extra={seriesFixed ? t('series-fixed') : t('series-help')}
          >
            <AutoComplete
              disabled={seriesFixed}
              maxLength={50}
              options={(series.data ?? []).map((s) => ({ value: s }))}
              placeholder="EG"
              data-testid="template-series"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="type" label={t('field.type')}>
            <Radio.Group
              options={[
                { value: 'private', label: t('type.private') },
                { value: 'public', label: t('type.public') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="remark" label={t('common:remark')} rules={rule('remark')}>
            <Input maxLength={REMARK_MAX} showCount />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="template-save">
        {submitText}
      </Button>
    </Form>
  );
}
