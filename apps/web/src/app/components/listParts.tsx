import type { ReactNode, Ref } from 'react';
import { Button, Empty, Popconfirm, Tag, type ButtonProps } from 'antd';
import dayjs from 'dayjs';
import { useT } from '../useT';
import { GuardedButton } from './GuardedButton';

/**
 * Small pieces the management lists and configuration tables share: the empty state, the status
 * tag, timestamps, a link button that explains why it is disabled, and the actions that ask first.
 */

/** What a table shows without rows: nothing while loading, else "no data" or "nothing matches". */
export function listEmptyText({
  loading,
  filtered,
  onCreate,
}: {
  loading: boolean;
  filtered: boolean;
  onCreate?: () => void;
}): ReactNode {
  if (loading) return <div style={{ height: 120 }} />;
  return <ListEmpty filtered={filtered} onCreate={onCreate} />;
}

function ListEmpty({ filtered, onCreate }: { filtered: boolean; onCreate?: (() => void) | undefined }) {
  const { t } = useT('common');
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? t('accounts:list.no-match') : t('empty')}
    >
      {!filtered && onCreate && (
        <Button type="primary" onClick={onCreate}>
          {t('add')}
        </Button>
      )}
    </Empty>
  );
}

export function StatusTag({ disabled }: { disabled: boolean }) {
  const { t } = useT('common');
  return disabled ? <Tag color="default">{t('disabled')}</Tag> : <Tag color="success">{t('enabled')}</Tag>;
}

export function formatTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '';
}

/**
 * A table action; when `blockedReason` is set it is disabled and the reason shows on hover.
 * Other props and the ref pass through, so it can be the anchor of a Popconfirm.
 */
export function ActionLink({
  children,
  testId,
  ...rest
}: Omit<ButtonProps, 'type' | 'size'> & {
  blockedReason?: string | null | undefined;
  testId?: string | undefined;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <GuardedButton {...rest} type="link" size="small" data-testid={testId} style={{ paddingInline: 4 }}>
      {children}
    </GuardedButton>
  );
}

/**
 * The danger "delete" action of a row. It asks first ("Delete <name>?" unless `title` says
 * otherwise) and then runs `onDelete`, whose failure the request client has already shown; with
 * `blockedReason` it is disabled and says why.
 */
export function DeleteAction({
  name,
  title,
  description,
  blockedReason,
  testId,
  onDelete,
}: {
  name?: string;
  title?: string;
  description?: ReactNode;
  blockedReason?: string | null | undefined;
  testId?: string;
  onDelete(): Promise<unknown>;
}) {
  const { t } = useT('common');
  if (blockedReason)
    return (
      <ActionLink danger blockedReason={blockedReason} testId={testId}>
        {t('delete')}
      </ActionLink>
    );
  return (
    <Popconfirm
      placement="topRight"
      title={title ?? t('delete-confirm', { name })}
      description={description}
      okText={t('delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('cancel')}
      onConfirm={() => onDelete().catch(() => undefined)}
    >
      <ActionLink danger testId={testId}>
        {t('delete')}
      </ActionLink>
    </Popconfirm>
  );
}

/**
 * Enables or disables a row after a confirmation (`title`); with `blockedReason` the action is
 * disabled and says why. `disabled` is the row's current state.
 */
export function ToggleAction({
  disabled,
  title,
  blockedReason,
  testId,
  onToggle,
}: {
  disabled: boolean;
  title: string;
  blockedReason?: string | null | undefined;
  testId?: string;
  onToggle(): Promise<unknown>;
}) {
  const { t } = useT('common');
  const label = t(disabled ? 'enable' : 'disable');
  if (blockedReason) return <ActionLink blockedReason={blockedReason}>{label}</ActionLink>;
  return (
    <Popconfirm
      placement="topRight"
      title={title}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onConfirm={() => onToggle().catch(() => undefined)}
    >
      <ActionLink testId={testId}>{label}</ActionLink>
    </Popconfirm>
  );
}
