import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  Radio,
  Skeleton,
  Typography,
} from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  viewsRepairs,
  type InspectionResult,
  type InspectionTaskInfo,
  type InspectionTaskItem,
} from '@fieldhub/shared';
import { shrinkPhoto } from '../repairs/shrinkPhoto';
import { useSession } from '../session';
import { useT, type Translate } from '../useT';
import { InspectionStatusTag, windowText } from './inspectionTags';
import { useInspectionActions, useInspectionTask } from './useInspections';

/** A number item's range as text: "2–4", "≥ 2", "≤ 4". */
const rangeText = (i: InspectionTaskItem) =>
  i.min !== null && i.max !== null ? `${i.min}–${i.max}` : i.min !== null ? `≥ ${i.min}` : `≤ ${i.max}`;
const outOfRange = (i: InspectionTaskItem, v: unknown) =>
  typeof v === 'number' && ((i.min !== null && v < i.min) || (i.max !== null && v > i.max));

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** A photo field: the phone's camera (or a picture), made smaller before it is sent (§5.1). */
function PhotoField({
  value,
  onChange,
  testId,
}: {
  value?: string;
  onChange?: (v: string) => void;
  testId: string;
}) {
  const { t } = useT('inspections');
  const input = useRef<HTMLInputElement>(null);
  return (
    <Flex vertical gap={8} align="start">
      {value && <Image src={value} width={160} alt="" data-testid={`${testId}-preview`} />}
      <Button icon={<CameraOutlined />} onClick={() => input.current?.click()} block>
        {value ? t('task.photo-change') : t('task.photo-take')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        style={{ display: 'none' }}
        data-testid={testId}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (file) onChange?.(await readAsDataUrl(await shrinkPhoto(file)));
          e.target.value = '';
        }}
      />
    </Flex>
  );
}

function ItemField({ item }: { item: InspectionTaskItem }) {
  const { t } = useT('inspections');
  const name = `r${item.id}`;
  const testId = `inspect-${item.name}`;
  const required = [
    {
      required: true,
      message: t(item.resultKind === 'photo' ? 'task.photo-required' : 'task.result-required'),
    },
  ];
  const help = [item.method, item.standard].filter(Boolean).join(' · ');
  const label = (
    <span>
      {item.name}
      {help && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {help}
        </Typography.Text>
      )}
    </span>
  );
  switch (item.resultKind) {
    case 'check':
      return (
        <Form.Item name={name} label={label} rules={required}>
          <Radio.Group buttonStyle="solid" size="large" data-testid={testId}>
            <Radio.Button value="normal">{t('task.normal')}</Radio.Button>
            <Radio.Button value="abnormal">{t('task.abnormal')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item noStyle shouldUpdate={(a, b) => a[name] !== b[name]}>
          {({ getFieldValue }) => (
            <Form.Item
              name={name}
              label={label}
              rules={required}
              extra={
                item.min !== null || item.max !== null ? (
                  outOfRange(item, getFieldValue(name)) ? (
                    <Typography.Text type="danger">
                      {t('task.out-of-range', { range: rangeText(item) })}
                    </Typography.Text>
                  ) : (
                    rangeText(item)
                  )
                ) : undefined
              }
            >
              <InputNumber size="large" style={{ width: '100%' }} inputMode="decimal" data-testid={testId} />
            </Form.Item>
          )}
        </Form.Item>
      );
    case 'text':
      return (
        <Form.Item name={name} label={label} rules={[{ ...required[0]!, whitespace: true }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} data-testid={testId} />
        </Form.Item>
      );
    case 'photo':
      return (
        <Form.Item name={name} label={label} rules={required}>
          <PhotoField testId={testId} />
        </Form.Item>
      );
  }
}

/** Whether a filled form holds an abnormal result (a check marked abnormal, a number out of range). */
const anyAbnormal = (task: InspectionTaskInfo, values: Record<string, unknown>) =>
  task.items.some((i) => {
    const v = values[`r${i.id}`];
    return i.resultKind === 'check' ? v === 'abnormal' : i.resultKind === 'number' && outOfRange(i, v);
  });

function TaskForm({ task, onDone }: { task: InspectionTaskInfo; onDone?: () => void }) {
  const { t } = useT('inspections');
  const [form] = Form.useForm<Record<string, unknown>>();
  const { submit } = useInspectionActions();
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  const mayRepair = !!user && viewsRepairs({ accountId: 0, auths: new Set(user.auths) });
  const [abnormal, setAbnormal] = useState(false);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ repair: true }}
      onValuesChange={(_, all) => setAbnormal(anyAbnormal(task, all))}
      onFinish={(v) =>
        submit.mutate(
          {
            id: task.id,
            note: typeof v.note === 'string' ? v.note : '',
            results: task.items.map((i) => ({ itemId: i.id, value: v[`r${i.id}`] as string | number })),
            repair: abnormal && mayRepair && v.repair === true,
          },
          {
            onSuccess: async (answer) => {
              // an order opened from the result shows in the repair lists and the worksheet
              if (answer.repairOrderId !== null) await client.invalidateQueries({ queryKey: ['repairs'] });
              onDone?.();
            },
          },
        )
      }
      data-testid="inspection-form"
    >
      {task.items.map((item) => (
        <ItemField key={item.id} item={item} />
      ))}
      <Form.Item name="note" label={t('field.note')}>
        <Input.TextArea
          maxLength={500}
          autoSize={{ minRows: 2 }}
          placeholder={t('task.note-placeholder')}
          data-testid="inspection-note"
        />
      </Form.Item>
      {abnormal && mayRepair && (
        <Form.Item name="repair" valuePropName="checked" extra={t('task.repair-help')}>
          <Checkbox data-testid="inspection-repair">{t('task.repair')}</Checkbox>
        </Form.Item>
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={submit.isPending}
        data-testid="inspection-submit"
      >
        {t('task.submit')}
      </Button>
    </Form>
  );
}

function resultText(item: InspectionTaskItem, r: InspectionResult | undefined, t: Translate<'inspections'>) {
  if (!r) return '—';
  if (item.resultKind === 'photo') return r.photo ? <Image src={r.photo} width={160} alt="" /> : '—';
  const text =
    item.resultKind === 'check'
      ? t(r.value === 'abnormal' ? 'task.abnormal' : 'task.normal')
      : String(r.value);
  return r.abnormal ? <Typography.Text type="danger">{text}</Typography.Text> : text;
}

/**
 * One inspection task (operations.md §4.3, §4.4, §5.1): its device, window and state, then the
 * form of its items for an inspector while it is open, or its results. Narrow enough for a phone
 * (390 px): one column, full-width controls, the camera for photo items.
 */
export function InspectionTaskPanel({ id, onDone }: { id: number; onDone?: () => void }) {
  const { t } = useT('inspections');
  const task = useInspectionTask(id);
  if (!task.data)
    return task.isError ? <Alert type="error" showIcon title={task.error.message} /> : <Skeleton active />;
  const d = task.data;
  const now = Date.now();
  const open = d.status === 'pending' && d.windowStart <= now && d.windowEnd > now;
  return (
    <Flex vertical gap={12} data-testid="inspection-task">
      <Descriptions
        size="small"
        column={1}
        items={[
          { label: t('field.device'), children: d.deviceName },
          { label: t('field.plan'), children: d.planName },
          { label: t('field.window'), children: windowText(d.windowStart, d.windowEnd) },
          { label: t('field.status'), children: <InspectionStatusTag status={d.status} /> },
          ...(d.submittedAt !== null
            ? [
                { label: t('field.inspector'), children: d.inspectorName ?? '—' },
                { label: t('field.submitted'), children: dayjs(d.submittedAt).format('YYYY-MM-DD HH:mm') },
              ]
            : []),
        ]}
      />
      {d.status === 'pending' && open && d.assigned ? (
        <TaskForm task={d} onDone={onDone} />
      ) : d.status === 'pending' ? (
        <Alert type="info" showIcon title={t(d.assigned ? 'task.not-open' : 'task.not-assigned')} />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          data-testid="inspection-results"
          items={[
            ...d.items.map((item) => ({
              label: item.name,
              children: resultText(
                item,
                d.results.find((r) => r.itemId === item.id),
                t,
              ),
            })),
            ...(d.note ? [{ label: t('field.note'), children: d.note }] : []),
          ]}
        />
      )}
    </Flex>
  );
}
