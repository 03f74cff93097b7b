import { useState } from 'react';
import { Button, Form, Space, Switch, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { LOCK_PUBLIC_KEY_MAX, type AccountRow } from '@fieldhub/shared';
import { FormModal } from '../../app/components/FormModal';
import type { RowDialogProps } from '../../app/useDialog';
import { useT } from '../../app/useT';
import type { AccountSegment } from './accountTypes';
import { useAccountActions } from './useAccounts';

/**
 * Turns the lock check on or off for an account and registers its lock's public key, a .pub file
 * (docs/requirements/account-security.md §5.4). The server checks the key (10007 when it is not an
 * Ed25519 public key).
 */
export function LockModal({
  segment,
  row,
  open,
  onClose,
}: RowDialogProps<AccountRow> & { segment: AccountSegment }) {
  const { t } = useT('accounts');
  const [form] = Form.useForm<{ useLock: boolean }>();
  const { setLock } = useAccountActions(segment);
  const [key, setKey] = useState<{ name: string; text: string } | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);

  const save = ({ useLock }: { useLock: boolean }) => {
    if (!row) return;
    if (useLock && !key && !row.hasLockKey) {
      setKeyError(t('lock.key-needed'));
      return;
    }
    setLock.mutate({ id: row.id, useLock, ...(key ? { publicKey: key.text } : {}) }, { onSuccess: onClose });
  };

  return (
    <FormModal<{ useLock: boolean }>
      open={open}
      title={t('lock.title', { name: row?.loginname ?? '' })}
      form={form}
      saving={setLock.isPending}
      onClose={onClose}
      initialValues={{ useLock: row?.useLock ?? false }}
      onFinish={save}
      testId="lock-form"
    >
      <Form.Item name="useLock" label={t('lock.use')} extra={t('lock.use-help')} valuePropName="checked">
        <Switch data-testid="lock-use" />
      </Form.Item>
      <Form.Item
        label={t('lock.key')}
        validateStatus={keyError ? 'error' : undefined}
        help={keyError ?? (key ? t('lock.key-chosen', { name: key.name }) : undefined)}
      >
        <Space direction="vertical">
          <Typography.Text type="secondary" data-testid="lock-key-state">
            {row?.hasLockKey ? t('lock.key-registered') : t('lock.key-none')}
          </Typography.Text>
          <Upload
            accept=".pub"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              if (file.size > LOCK_PUBLIC_KEY_MAX) setKeyError(t('lock.key-too-large'));
              else
                void file.text().then((text) => {
                  setKey({ name: file.name, text });
                  setKeyError(null);
                });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="lock-key-upload">
              {row?.hasLockKey ? t('lock.key-replace') : t('lock.key-upload')}
            </Button>
          </Upload>
        </Space>
      </Form.Item>
    </FormModal>
  );
}
