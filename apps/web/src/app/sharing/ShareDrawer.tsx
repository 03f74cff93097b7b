import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { CopyOutlined, DownloadOutlined, LinkOutlined, LockOutlined } from '@ant-design/icons';
import { QRCodeCanvas } from 'qrcode.react';
import { useT } from '../useT';
import type { DeviceRow, SharePerm } from '@fieldhub/shared';
import type { RowDialogProps } from '../useDialog';
import { toastError, toastSuccess } from '../notify';
import { saveBlob } from '../request';
import { copyText } from '../clipboard';
import { isValidSharePassword, SHARE_PERM_GROUPS, shareLink, togglePerm } from './sharePerms';
import { useShareActions, useShareInfo, type ShareInfo } from './useSharing';

/**
 * Sharing of one device (docs/requirements/devices-and-gateways.md §9): the switch, the public link with its
 * QR code, an optional password, and what the link may show or do.
 */
export function ShareDrawer({ open, row, onClose }: RowDialogProps<DeviceRow>) {
  const { t } = useT('deviceList');
  const info = useShareInfo(open ? row?.id : undefined);
  return (
    <Drawer
      open={open}
      size={520}
      title={t('share.title', { name: row?.name ?? '' })}
      onClose={onClose}
      destroyOnHidden
      data-testid="share-drawer"
    >
      {!row || !info.data ? (
        <Skeleton active />
      ) : (
        <ShareSettings key={row.id} equipId={row.id} deviceName={row.name} info={info.data} />
      )}
    </Drawer>
  );
}

function ShareSettings({
  equipId,
  deviceName,
  info,
}: {
  equipId: number;
  deviceName: string;
  info: ShareInfo;
}) {
  const { t } = useT('deviceList');
  const { editAuth, editPassword } = useShareActions(equipId);
  // the switches answer at once; a failed save puts them back
  const [shared, setShared] = useState(info.shared);
  const [perms, setPerms] = useState<SharePerm[]>(info.perms);
  const [savingPerm, setSavingPerm] = useState<SharePerm | 'shared' | null>(null);
  const [passwordForm] = Form.useForm<{ password: string }>();
  const qrRef = useRef<HTMLCanvasElement>(null);

  const save = (next: { shared: boolean; perms: SharePerm[] }, what: SharePerm | 'shared') => {
    const before = { shared, perms };
    setShared(next.shared);
    setPerms(next.perms);
    setSavingPerm(what);
    editAuth.mutate(next, {
      onError: () => {
        setShared(before.shared);
        setPerms(before.perms);
      },
      onSettled: () => setSavingPerm(null),
    });
  };

  const link = shared && info.token ? shareLink(window.location.origin, info.token) : null;

  const copyLink = async () => {
    if (!link) return;
    if (await copyText(link)) toastSuccess(t('share.copied'));
    else toastError(t('share.copy-failed'));
  };
  const downloadQr = () => {
    qrRef.current?.toBlob((blob) => blob && saveBlob(blob, `${deviceName}-share-qr.png`));
  };

  return (
    <Flex vertical gap={4}>
      <Flex justify="space-between" align="center">
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{t('share.switch')}</Typography.Text>
          <Typography.Text type="secondary">{t(shared ? 'share.on-help' : 'share.off-help')}</Typography.Text>
        </Space>
        <Switch
          checked={shared}
          loading={savingPerm === 'shared'}
          onChange={(on) => save({ shared: on, perms }, 'shared')}
          data-testid="share-switch"
        />
      </Flex>

      {link && (
        <>
          <Divider titlePlacement="start" plain>
            <LinkOutlined /> {t('share.link')}
          </Divider>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={link} onFocus={(e) => e.target.select()} data-testid="share-link" />
            <Button icon={<CopyOutlined />} onClick={() => void copyLink()} data-testid="share-copy">
              {t('share.copy')}
            </Button>
          </Space.Compact>
          <Flex gap={16} align="center" style={{ marginTop: 12 }}>
            <div style={{ padding: 8, border: '1px solid #f0f0f0', borderRadius: 8, lineHeight: 0 }}>
              <QRCodeCanvas ref={qrRef} value={link} size={148} marginSize={1} title={t('share.qr')} />
            </div>
            <Space orientation="vertical">
              <Typography.Text type="secondary">{t('share.qr-help')}</Typography.Text>
              <Button icon={<DownloadOutlined />} onClick={downloadQr} data-testid="share-qr-download">
                {t('share.qr-download')}
              </Button>
            </Space>
          </Flex>
        </>
      )}

      <Divider titlePlacement="start" plain>
        <LockOutlined /> {t('share.password')}
      </Divider>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {info.hasPassword ? (
          <Tag color="success">{t('share.password-set')}</Tag>
        ) : (
          <Tag>{t('share.password-none')}</Tag>
        )}
        {t('share.password-help')}
      </Typography.Paragraph>
      <Form<{ password: string }>
        form={passwordForm}
        layout="inline"
        onFinish={(v) =>
          editPassword.mutate(v.password.trim(), { onSuccess: () => passwordForm.resetFields() })
        }
        style={{ rowGap: 8 }}
        data-testid="share-password-form"
      >
        <Form.Item
          name="password"
          style={{ flex: 1, marginInlineEnd: 8 }}
          rules={[
            { required: true, message: t('share.password-required') },
            {
              validator: (_, v: string | undefined) =>
                !v || isValidSharePassword(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('share.password-rule'))),
            },
          ]}
        >
          <Input.Password
            maxLength={20}
            autoComplete="new-password"
            placeholder={t(info.hasPassword ? 'share.password-change' : 'share.password-placeholder')}
            data-testid="share-password"
          />
        </Form.Item>
        <Button htmlType="submit" loading={editPassword.isPending} data-testid="share-password-save">
          {t(info.hasPassword ? 'share.password-update' : 'share.password-save')}
        </Button>
      </Form>

      <Divider titlePlacement="start" plain>
        {t('share.perms')}
      </Divider>
      {!shared && <Alert type="info" showIcon title={t('share.perms-off')} style={{ marginBottom: 8 }} />}
      {SHARE_PERM_GROUPS.map((group) => (
        <div key={group.key} style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`share.group.${group.key}`)}
          </Typography.Text>
          {group.perms.map((perm) => (
            <Flex key={perm} justify="space-between" align="center" style={{ padding: '6px 0' }}>
              <Space orientation="vertical" size={0}>
                <Typography.Text>{t(`share.perm.${perm}`)}</Typography.Text>
                {perm === 'writeData' && (
                  <Typography.Text type="warning" style={{ fontSize: 12 }}>
                    {t('share.write-warning')}
                  </Typography.Text>
                )}
              </Space>
              <Switch
                size="small"
                checked={perms.includes(perm)}
                loading={savingPerm === perm}
                disabled={savingPerm !== null && savingPerm !== perm}
                onChange={(on) => save({ shared, perms: togglePerm(perms, perm, on) }, perm)}
                data-testid={`share-perm-${perm}`}
              />
            </Flex>
          ))}
        </div>
      ))}
    </Flex>
  );
}
