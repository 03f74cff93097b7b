import {
  Checkbox,
  DatePicker,
  Form,
  InputNumber,
  Radio,
  Space,
  TimePicker,
  Typography,
  type FormInstance,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  INSPECTION_SCHEDULE_KINDS,
  inspectionScheduleSchema,
  taskWindows,
  type InspectionSchedule,
  type InspectionScheduleKind,
} from '@fieldhub/shared';
import { windowText } from '../../../app/inspections/inspectionTags';
import { useT } from '../../../app/useT';

/** The schedule as the form holds it: pickers' dayjs values. */
export interface ScheduleValues {
  kind: InspectionScheduleKind;
  startDate: Dayjs;
  endDate?: Dayjs | null;
  weekdays?: number[];
  monthDay?: number;
  start: Dayjs;
  end: Dayjs;
}

/** This browser's offset from UTC in minutes (UTC+8 is 480): the enterprise's time, as the smart reports take it. */
export const browserOffset = () => -new Date().getTimezoneOffset();

export function scheduleOf(v: ScheduleValues): InspectionSchedule {
  return inspectionScheduleSchema.parse({
    kind: v.kind,
    startDate: v.startDate.format('YYYY-MM-DD'),
    endDate: v.kind === 'once' || !v.endDate ? null : v.endDate.format('YYYY-MM-DD'),
    weekdays: v.kind === 'weekly' ? (v.weekdays ?? []) : [],
    monthDay: v.monthDay ?? 1,
    start: v.start.format('HH:mm'),
    end: v.end.format('HH:mm'),
    utcOffsetMin: browserOffset(),
  });
}

export function valuesOf(s: InspectionSchedule | undefined): ScheduleValues {
  if (!s)
    return {
      kind: 'daily',
      startDate: dayjs(),
      weekdays: [1],
      monthDay: 1,
      start: dayjs('08:00', 'HH:mm'),
      end: dayjs('10:00', 'HH:mm'),
    };
  return {
    kind: s.kind,
    startDate: dayjs(s.startDate),
    endDate: s.endDate ? dayjs(s.endDate) : null,
    weekdays: s.weekdays,
    monthDay: s.monthDay,
    start: dayjs(s.start, 'HH:mm'),
    end: dayjs(s.end, 'HH:mm'),
  };
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The next windows of what the form holds, from the shared schedule function. */
function Upcoming({ form }: { form: FormInstance }) {
  const { t } = useT('inspections');
  const values = Form.useWatch('schedule', form) as ScheduleValues | undefined;
  let windows: { start: Date; end: Date }[] = [];
  try {
    if (values?.startDate && values.start && values.end) {
      const now = new Date();
      // from a day back: a window under way is the next one too
      windows = taskWindows(
        scheduleOf(values),
        new Date(now.getTime() - 86_400_000),
        new Date(now.getTime() + 60 * 86_400_000),
      )
        .filter((w) => w.end > now)
        .slice(0, 5);
    }
  } catch {
    windows = [];
  }
  return (
    <Form.Item label={t('schedule.upcoming')} extra={t('schedule.zone', { offset: dayjs().format('Z') })}>
      <Typography.Text type="secondary" data-testid="schedule-upcoming">
        {windows.length
          ? windows.map((w) => windowText(w.start.getTime(), w.end.getTime())).join(' · ')
          : t('schedule.none-upcoming')}
      </Typography.Text>
    </Form.Item>
  );
}

/** The schedule editor of a plan (operations.md §4.1): kind, days, the time window, a preview. */
export function ScheduleFields({ form }: { form: FormInstance }) {
  const { t } = useT('inspections');
  const kind = Form.useWatch(['schedule', 'kind'], form) as InspectionScheduleKind | undefined;
  const required = [{ required: true, message: t('schedule.required') }];
  return (
    <>
      <Form.Item name={['schedule', 'kind']} label={t('field.schedule')}>
        <Radio.Group
          optionType="button"
          data-testid="schedule-kind"
          options={INSPECTION_SCHEDULE_KINDS.map((k) => ({ value: k, label: t(`schedule.${k}`) }))}
        />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item
          name={['schedule', 'startDate']}
          label={t(kind === 'once' ? 'schedule.date' : 'schedule.start-date')}
          rules={required}
        >
          <DatePicker allowClear={false} data-testid="schedule-start-date" />
        </Form.Item>
        {kind !== 'once' && (
          <Form.Item name={['schedule', 'endDate']} label={t('schedule.end-date')}>
            <DatePicker placeholder={t('schedule.end-date-open')} data-testid="schedule-end-date" />
          </Form.Item>
        )}
      </Space>
      {kind === 'weekly' && (
        <Form.Item
          name={['schedule', 'weekdays']}
          label={t('schedule.weekdays')}
          rules={[{ required: true, type: 'array', min: 1, message: t('schedule.weekdays-required') }]}
        >
          <Checkbox.Group
            data-testid="schedule-weekdays"
            options={WEEKDAYS.map((d) => ({ value: d, label: t(`weekday.${d}`) }))}
          />
        </Form.Item>
      )}
      {kind === 'monthly' && (
        <Form.Item
          name={['schedule', 'monthDay']}
          label={t('schedule.month-day')}
          extra={t('schedule.month-day-help')}
          rules={required}
        >
          <InputNumber min={1} max={31} precision={0} data-testid="schedule-month-day" />
        </Form.Item>
      )}
      <Space wrap align="start">
        <Form.Item name={['schedule', 'start']} label={t('schedule.start')} rules={required}>
          <TimePicker format="HH:mm" allowClear={false} needConfirm={false} data-testid="schedule-start" />
        </Form.Item>
        <Form.Item
          name={['schedule', 'end']}
          label={t('schedule.end')}
          dependencies={[['schedule', 'start']]}
          rules={[
            ...required,
            ({ getFieldValue }) => ({
              validator: (_, end: Dayjs | undefined) => {
                const start = getFieldValue(['schedule', 'start']) as Dayjs | undefined;
                return !start || !end || end.format('HH:mm') > start.format('HH:mm')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('schedule.window-order')));
              },
            }),
          ]}
        >
          <TimePicker format="HH:mm" allowClear={false} needConfirm={false} data-testid="schedule-end" />
        </Form.Item>
      </Space>
      <Upcoming form={form} />
    </>
  );
}
