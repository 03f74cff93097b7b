import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COPY_NAME_MAX } from '@fieldhub/shared';
import type { DeviceRow } from './deviceTypes';
import { useDeviceActions } from './useDevices';

/** A first guess at the copy's name that fits the 25-character limit. */
function suggestedName(name: string, suffix: string): string {
  return `${name.slice(0, Math.max(0, COPY_NAME_MAX - suffix.length))}${suffix}`;
}

/** Copies a device with its configuration under a new name (at most 25 characters, seed 000 §5). */
export function CopyDeviceModal({
  open,
  row,
  onClose,
}: {
  open: boolean;
  row: DeviceRow | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation(['deviceList', 'common']);
  const [form] = Form.useForm<{ name: string }>();
  const { copy } = useDeviceActions();

  return (
    <Modal
      open={open}
      width={600}
      title={t('copy.title', { name: row?.name ?? '' })}
      okText={t('copy.ok')}
      cancelText={t('common:cancel')}
      confirmLoading={copy.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('copy.help')}
      </Typography.Paragraph>
      <Form<{ name: string }>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: row ? suggestedName(row.name, t('copy.suffix')) : '' }}
        onFinish={(v) => row && copy.mutate({ id: row.id, name: v.name.trim() }, { onSuccess: onClose })}
        data-testid="copy-form"
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
      </Form>
    </Modal>
  );
}
