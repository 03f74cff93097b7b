import { useEffect } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  SMART_REPORT_NAME_MAX,
  SMART_REPORT_REMARK_MAX,
  SMART_REPORT_SCHEDULES,
  type SmartReportInfo,
  type SmartReportScheduleKind,
} from '@fieldhub/shared';
import { useT } from '../../app/useT';
import { useReportActions } from './useSmartReports';

interface FormValues {
  name: string;
  remark: string;
  allowManualStore: boolean;
  kind: SmartReportScheduleKind;
  time: Dayjs | null;
  shifts: string[];
  weekday: number;
  monthDay: number;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The report's settings: name, remark, storing records by hand, and the schedule. */
export function ReportInfoForm({
  report,
  onSaved,
}: {
  report?: SmartReportInfo | undefined;
  onSaved(id: number): void;
}) {
  const { t } = useT('smartReports');
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form) ?? 'none';
  const { add, edit } = useReportActions();

  useEffect(() => {
    const s = report?.schedule;
    form.setFieldsValue({
      name: report?.name ?? '',
      remark: report?.remark ?? '',
      allowManualStore: report?.allowManualStore ?? true,
      kind: s?.kind ?? 'none',
      time: s && s.kind !== 'shift' && s.times[0] ? dayjs(`2000-01-01T${s.times[0]}`) : null,
      shifts: s?.kind === 'shift' ? s.times : [],
      weekday: s?.weekday ?? 1,
      monthDay: s?.monthDay ?? 1,
    });
  }, [report, form]);

  const submit = async (v: FormValues) => {
    const times =
      v.kind === 'none' ? [] : v.kind === 'shift' ? [...v.shifts].sort() : [v.time!.format('HH:mm')];
    const fields = {
      name: v.name.trim(),
      remark: (v.remark ?? '').trim(),
      allowManualStore: v.allowManualStore,
      // the schedule's times are the browser's local times
      schedule: {
        kind: v.kind,
        times,
        weekday: v.weekday,
        monthDay: v.monthDay,
        utcOffsetMin: -new Date().getTimezoneOffset(),
      },
    };
    if (report) {
      await edit.mutateAsync({ id: report.id, ...fields });
      onSaved(report.id);
    } else onSaved((await add.mutateAsync(fields)).id);
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={(v) => void submit(v).catch(() => undefined)}
      data-testid="report-info-form"
    >
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[
          { required: true, whitespace: true, message: t('rule.name') },
          { max: SMART_REPORT_NAME_MAX, message: t('rule.name-max', { max: SMART_REPORT_NAME_MAX }) },
        ]}
      >
        <Input data-testid="report-name" />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('field.remark')}
        rules={[
          { max: SMART_REPORT_REMARK_MAX, message: t('rule.remark-max', { max: SMART_REPORT_REMARK_MAX }) },
        ]}
      >
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item
        name="allowManualStore"
        label={t('field.manual')}
        valuePropName="checked"
        extra={t('field.manual-help')}
      >
        <Switch data-testid="report-manual" />
      </Form.Item>
      <Form.Item name="kind" label={t('field.schedule')}>
        <Select
          data-testid="report-schedule"
          options={SMART_REPORT_SCHEDULES.map((k) => ({ value: k, label: t(`schedule.${k}`) }))}
        />
      </Form.Item>
      {kind === 'weekly' && (
        <Form.Item name="weekday" label={t('field.weekday')}>
          <Select
            options={([1, 2, 3, 4, 5, 6, 7] as const).map((d) => ({ value: d, label: t(`weekday.${d}`) }))}
          />
        </Form.Item>
      )}
      {kind === 'monthly' && (
        <Form.Item name="monthDay" label={t('field.month-day')} extra={t('field.month-day-help')}>
          <InputNumber min={1} max={28} precision={0} />
        </Form.Item>
      )}
      {kind === 'shift' ? (
        <Form.Item
          name="shifts"
          label={t('field.shifts')}
          extra={t('field.shifts-help')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('rule.shifts') },
            {
              validator: (_, v: string[] = []) =>
                v.every((s) => TIME.test(s)) && v.length <= 6
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('rule.shift-time'))),
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} placeholder="08:00, 20:00" />
        </Form.Item>
      ) : (
        kind !== 'none' && (
          <Form.Item
            name="time"
            label={t('field.time')}
            rules={[{ required: true, message: t('rule.time') }]}
          >
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} />
          </Form.Item>
        )
      )}
      <Space>
        <Button
          type="primary"
          htmlType="submit"
          loading={add.isPending || edit.isPending}
          data-testid="report-save"
        >
          {t('common:save')}
        </Button>
      </Space>
    </Form>
  );
}
