import { Space, Tag, Tooltip, Typography } from 'antd';
import { type DriverLinkState, type DriverRow, messageFor } from '@fieldhub/shared';
import { formatTime } from '../components/listParts';
import { useLang, useT } from '../useT';

/**
 * A device's driver as its gateway last reported it (docs/requirements/device-configuration.md
 * §2.5): the connection state with its fault and since when; the last good read, and the request
 * and error counts with the last error. Templates have no gateway, so their driver list has none of these columns.
 */
type Link = NonNullable<DriverRow['link']>;

const STATE_COLOURS: Record<DriverLinkState, string> = {
  starting: 'default',
  connected: 'success',
  down: 'error',
};

/** The state tag (with the fault's code and message when down) and since when. */
export function DriverLinkStateCell({ link }: { link: DriverRow['link'] }) {
  const { t } = useT('deviceConfig');
  const lang = useLang();
  if (!link) return <Typography.Text type="secondary">{t('driver.link.none')}</Typography.Text>;
  const state: DriverLinkState = link.state ?? (link.ok ? 'connected' : 'down');
  return (
    <Tooltip title={t('driver.link.reported-at', { time: formatTime(link.reportedAt) })}>
      <Space orientation="vertical" size={0} data-testid="driver-link-state">
        <Tag color={STATE_COLOURS[state]}>{t(`driver.link.state.${state}`)}</Tag>
        {!link.ok && link.code !== null && (
          <Typography.Text type="danger">
            {link.code} {messageFor(link.code, lang)}
          </Typography.Text>
        )}
        {link.since && (
          <Typography.Text type="secondary">
            {t('driver.link.since', { time: formatTime(link.since) })}
          </Typography.Text>
        )}
      </Space>
    </Tooltip>
  );
}

/** The last good read, the requests and failures, and the last error with its time and message. */
export function DriverLinkCountsCell({ link }: { link: DriverRow['link'] }) {
  const { t } = useT('deviceConfig');
  const lang = useLang();
  if (!link || (link.requests === null && link.lastReadAt === null)) return '—';
  return (
    <Space orientation="vertical" size={0} data-testid="driver-link-counts">
      {link.lastReadAt && (
        <Typography.Text>{t('driver.link.last-read', { time: formatTime(link.lastReadAt) })}</Typography.Text>
      )}
      {link.requests !== null && (
        <Typography.Text>
          {t('driver.link.counts', { requests: link.requests, errors: link.errors ?? 0 })}
        </Typography.Text>
      )}
      {lastError(link) && (
        <Typography.Text type="secondary">
          {t('driver.link.last-error', {
            code: link.lastErrorCode,
            time: formatTime(link.lastErrorAt),
            message: messageFor(link.lastErrorCode!, lang),
          })}
        </Typography.Text>
      )}
    </Space>
  );
}

const lastError = (link: Link) => link.lastErrorCode !== null && link.lastErrorAt !== null;
