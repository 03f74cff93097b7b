import { useNavigate } from 'react-router-dom';
import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useT } from '../../app/useT';
import { useSession } from '../../app/session';
import { unreadBadgeText } from './unreadBadge';
import { useMessageAlerts } from './useMessageAlerts';
import { useUnreadCount } from './useMessages';

/** The header's message bell: the unread count (99+ above 99), live through the message socket. */
export function MessageBell() {
  const { t } = useT('messages');
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.user);
  const unread = useUnreadCount(signedIn);
  useMessageAlerts();
  const count = unread.data?.count ?? 0;
  const label = count ? t('bell-unread', { count }) : t('bell');
  return (
    <Tooltip title={label}>
      <Badge count={unreadBadgeText(count)} size="small" offset={[-4, 4]} data-testid="unread-badge">
        <Button
          type="text"
          aria-label={label}
          icon={<BellOutlined style={{ color: '#fff', fontSize: 18 }} />}
          onClick={() => navigate(count ? '/msg/messageUnReaden' : '/msg/messageAll')}
          data-testid="msg-bell"
        />
      </Badge>
    </Tooltip>
  );
}
