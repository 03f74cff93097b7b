import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Flex,
  Modal,
  Skeleton,
  Space,
  Tag,
  Transfer,
  Typography,
  type TransferProps,
} from 'antd';
import { useT } from '../../../app/useT';
import { type DeviceRow, LIMITS } from '@fieldhub/shared';
import type { RowDialogProps } from '../../../app/useDialog';
import { authorizationChanges, overAuthorizationLimit } from './authorization';
import {
  useAuthorizationSave,
  useDeviceAuthorizations,
  type AuthAccount,
} from '../../../app/sharing/useSharing';

type Item = AuthAccount & { key: number };

/**
 * Which internal and external accounts of the enterprise may see a device
 * (docs/requirements/organisations-roles-permissions.md §7.2, §7.3): at most 50; removing one also stops its
 * alarm messages for the device.
 */
export function AuthorizeModal({ open, row, onClose }: RowDialogProps<DeviceRow>) {
  const { t } = useT('deviceList');
  const accounts = useDeviceAuthorizations(open ? row?.id : undefined);
  return (
    <Modal
      open={open}
      width={720}
      title={t('auth.title', { name: row?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {!row || !accounts.data ? (
        <Skeleton active />
      ) : (
        <AuthorizeForm
          key={row.id}
          equipmentId={row.id}
          authorized={accounts.data.authorized}
          candidates={accounts.data.candidates}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function AuthorizeForm({
  equipmentId,
  authorized,
  candidates,
  onClose,
}: {
  equipmentId: number;
  authorized: AuthAccount[];
  candidates: AuthAccount[];
  onClose(): void;
}) {
  const { t } = useT('deviceList');
  const save = useAuthorizationSave(equipmentId);
  const before = useMemo(() => authorized.map((a) => a.id), [authorized]);
  const [target, setTarget] = useState<number[]>(before);
  const items = useMemo<Item[]>(
    () =>
      [...authorized, ...candidates]
        .map((a) => ({ ...a, key: a.id }))
        .sort((a, b) => a.loginname.localeCompare(b.loginname)),
    [authorized, candidates],
  );
  const changes = authorizationChanges(before, target);
  const tooMany = overAuthorizationLimit(target.length);
  const unchanged = !changes.add.length && !changes.cancel.length;

  const render: TransferProps<Item>['render'] = (item) => ({
    value: `${item.loginname} ${item.contact}`,
    label: (
      <Space size={6}>
        <span>{item.loginname}</span>
        <Tag color={item.kind === 'internal' ? 'blue' : 'purple'} style={{ marginInlineEnd: 0 }}>
          {t(`auth.kind.${item.kind}`)}
        </Tag>
        {item.contact && <Typography.Text type="secondary">{item.contact}</Typography.Text>}
      </Space>
    ),
  });

  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('auth.help', { max: LIMITS.authorizedAccountsPerDevice })}
      </Typography.Paragraph>
      {items.length === 0 ? (
        <Alert type="info" showIcon title={t('auth.no-accounts')} />
      ) : (
        <Transfer<Item>
          dataSource={items}
          targetKeys={target}
          onChange={(keys) => setTarget(keys.map(Number))}
          render={render}
          showSearch={{ placeholder: t('auth.search') }}
          filterOption={(input, item) =>
            `${item.loginname} ${item.contact}`.toLowerCase().includes(input.trim().toLowerCase())
          }
          titles={[
            t('auth.candidates'),
            t('auth.authorized', { count: target.length, max: LIMITS.authorizedAccountsPerDevice }),
          ]}
          styles={{ section: { width: 320, height: 340 } }}
          data-testid="auth-transfer"
        />
      )}
      {tooMany && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={t('auth.limit', { max: LIMITS.authorizedAccountsPerDevice })}
          data-testid="auth-limit"
        />
      )}
      {changes.cancel.length > 0 && !tooMany && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={t('auth.cancel-note', { count: changes.cancel.length })}
        />
      )}
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button
          type="primary"
          disabled={tooMany || unchanged}
          loading={save.isPending}
          onClick={() => save.mutate(changes, { onSuccess: onClose })}
          data-testid="auth-save"
        >
          {t('common:save')}
        </Button>
      </Flex>
    </>
  );
}
