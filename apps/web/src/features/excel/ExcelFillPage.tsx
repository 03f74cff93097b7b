import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Form, Input, InputNumber, Radio, Result, Select, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { SMART_REPORT_TEXT_MAX, type SmartReportCell, type SmartReportFillCell } from '@fieldhub/shared';
import type { FormRule } from 'antd';
import { useT, type Translate } from '../../app/useT';
import { SignaturePad } from './SignaturePad';
import { useRecord, useReportActions } from './useSmartReports';
import './smartReports.css';

type Values = Record<string, string | number | null | undefined>;
const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/**
 * /monitor/excel/{excelId}/page/fill/{recordId} (docs/requirements/data-views.md §4.4): a form
 * built from the record's fill cells, one field per cell in sheet order, usable on a phone.
 * The server checks every value again; saved, the record reads as filled.
 */
export default function ExcelFillPage() {
  const { t } = useT('smartReports');
  const navigate = useNavigate();
  const { excelId, recordId: raw } = useParams();
  const recordId = Number(raw);
  const record = useRecord(recordId);
  const { fill } = useReportActions();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (record.data) form.setFieldsValue(record.data.values);
  }, [record.data, form]);

  if (record.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!record.data) return <Result status="404" title={t('record-not-found')} />;
  const { record: r, reportName, fields } = record.data;
  const fillFields = fields.filter((f): f is SmartReportFillCell => f.kind !== 'variable');

  const submit = async (values: Values) => {
    const sent: Record<string, string | number | null> = {};
    for (const f of fillFields) sent[f.cell] = values[f.cell] ?? null;
    await fill.mutateAsync({ recordId, values: sent });
    void navigate(`/monitor/excel/${excelId}/page/read/${recordId}`);
  };

  return (
    <div className="fill-form">
      <Card
        title={
          <div style={{ whiteSpace: 'normal' }}>
            <Typography.Text strong>{r.name}</Typography.Text>
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {reportName} · {time(r.periodFrom)} – {time(r.periodTo)}
              </Typography.Text>
            </div>
          </div>
        }
        extra={
          <Tag color={r.filled ? 'success' : 'orange'}>
            {r.filled ? t('status.filled') : t('status.unfilled')}
          </Tag>
        }
      >
        {fillFields.length === 0 ? (
          <Result status="info" title={t('fill.no-fields')} />
        ) : (
          <Form<Values>
            form={form}
            layout="vertical"
            onFinish={(v) => void submit(v).catch(() => undefined)}
            data-testid="fill-form"
          >
            {fillFields.map((f) => (
              <Form.Item
                key={f.cell}
                name={f.cell}
                label={`${f.label}`}
                rules={rulesOf(f, t)}
                extra={f.kind === 'number' && rangeText(f, t)}
              >
                {inputOf(f, t)}
              </Form.Item>
            ))}
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={fill.isPending}
              data-testid="fill-submit"
            >
              {t('fill.submit')}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}

type T = Translate<'smartReports'>;

function rangeText(f: Extract<SmartReportCell, { kind: 'number' }>, t: T) {
  if (f.min === undefined && f.max === undefined) return undefined;
  return t('fill.range', { min: f.min ?? '−∞', max: f.max ?? '∞' });
}

function rulesOf(f: SmartReportFillCell, t: T): FormRule[] {
  const rules: FormRule[] = [];
  if (f.required) rules.push({ required: true, message: t('fill.required', { label: f.label }) });
  if (f.kind === 'number')
    rules.push({
      validator: (_, v: number | null | undefined) =>
        v == null || ((f.min === undefined || v >= f.min) && (f.max === undefined || v <= f.max))
          ? Promise.resolve()
          : Promise.reject(new Error(rangeText(f, t) ?? '')),
    });
  if (f.kind === 'text')
    rules.push({ max: SMART_REPORT_TEXT_MAX, message: t('fill.too-long', { max: SMART_REPORT_TEXT_MAX }) });
  return rules;
}

function inputOf(f: SmartReportFillCell, t: T) {
  const testId = `fill-${f.cell}`;
  switch (f.kind) {
    case 'text':
      return (
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={SMART_REPORT_TEXT_MAX}
          data-testid={testId}
        />
      );
    case 'number':
      return <InputNumber style={{ width: '100%' }} inputMode="decimal" data-testid={testId} />;
    case 'choice':
      return f.options.length <= 4 ? (
        <Radio.Group optionType="button" buttonStyle="solid" options={f.options} data-testid={testId} />
      ) : (
        <Select
          options={f.options.map((o) => ({ value: o, label: o }))}
          placeholder={t('fill.choose')}
          data-testid={testId}
        />
      );
    case 'signature':
      return <SignaturePad testId={testId} />;
  }
}
