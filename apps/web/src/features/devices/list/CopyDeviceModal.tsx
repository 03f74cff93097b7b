import { Form, Input, Typography } from 'antd';
import { useT } from '../../../app/useT';
import { COPY_NAME_MAX, type DeviceRow } from '@fieldhub/shared';
import type { RowDialogProps } from '../../../app/useDialog';
import { FormModal } from '../../../app/components/FormModal';
import { useDeviceActions } from './useDevices';

/** A first guess at the copy's name that fits the 25-character limit. */
function suggestedName(name: string, suffix: string): string {
  return `${name.slice(0, Math.max(0, COPY_NAME_MAX - suffix.length))}${suffix}`;
}

/**
 * Copies a device with its configuration under a new name (at most 25 characters,
 * docs/requirements/devices-and-gateways.md §3.3).
 */
export function CopyDeviceModal({ open, row, onClose }: RowDialogProps<DeviceRow>) {
  const { t } = useT('deviceList');
  const [form] = Form.useForm<{ name: string }>();
  const { copy } = useDeviceActions();

  return (
    <FormModal<{ name: string }>
      open={open}
      title={t('copy.title', { name: row?.name ?? '' })}
      form={form}
      saving={copy.isPending}
      onClose={onClose}
      okText={t('copy.ok')}
      intro={
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('copy.help')}
        </Typography.Paragraph>
      }
      initialValues={{ name: row ? suggestedName(row.name, t('copy.suffix')) : '' }}
      onFinish={(v) => row && copy.mutate({ id: row.id, name: v.name.trim() }, { onSuccess: onClose })}
      testId="copy-form"
    >
      <Form.Item
        name="name"
        label={t('copy.name')}
        rules={[
          { required: true, whitespace: true, message: t('copy.name-required') },
          { max: COPY_NAME_MAX, message: t('copy.name-max', { max: COPY_NAME_MAX }) },
        ]}
      >
        <Input maxLength={COPY_NAME_MAX} showCount autoFocus data-testid="copy-name" />
      </Form.Item>
    </FormModal>
  );
}
