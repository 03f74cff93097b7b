import type { ReactNode, Ref } from 'react';
import { Button, Empty, Tag, Tooltip, type ButtonProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/**
 * Small pieces every management list of the account and organisation screens shares: the
 * empty state, the status tag, timestamps and a link button that explains why it is disabled.
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
  const { t } = useTranslation('common');
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
  const { t } = useTranslation('common');
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
  blockedReason,
  testId,
  ref,
  ...rest
}: Omit<ButtonProps, 'type' | 'size'> & {
  blockedReason?: string | null | undefined;
  testId?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  if (blockedReason) {
    // a disabled button swallows pointer events, so the tooltip hangs on a wrapper
    return (
      <Tooltip title={blockedReason}>
        <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>
          <Button
            {...rest}
            type="link"
            size="small"
            disabled
            data-testid={testId}
            style={{ paddingInline: 4, pointerEvents: 'none' }}
          >
            {children}
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button {...rest} ref={ref} type="link" size="small" data-testid={testId} style={{ paddingInline: 4 }}>
      {children}
    </Button>
  );
}
