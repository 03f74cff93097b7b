import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button } from 'antd';
import { useT } from '../../app/useT';
import { alarmsCalls, TIMERS, type MsgRow, type MsgSocketFrame, type PromptType } from '@fieldhub/shared';
import { currentLang } from '../../app/i18n';
import { callApi } from '../../app/request';
import { useSession } from '../../app/session';
import { AlarmAnnouncer } from './alarmAnnouncer';
import { speakAlarm } from './alarmSound';
import { messageTarget } from './messageLinks';
import { alarmValueText } from './messageParts';
import { createMessageSocket } from './messageSocket';
import { onMessagesRead } from './readEvents';
import { TitleScroller } from './titleScroll';
import { UnreadNotice } from './unreadNotice';
import { msgKeys } from './useMessages';

const NOTIFICATION_KEY = 'msg-new';

/**
 * Keeps the signed-in account's message socket open while the main layout is shown and turns a
 * new message into the prompts the account chose (its prompType, docs/requirements/messages.md §4.2, §4.3):
 * `alter` a popup for 10 s, `title` the tab title scrolling for 10 s, `sound` the alarm text
 * spoken alarmBroadcastTimes times until handled or read. The unread badge follows every frame,
 * and the count is fetched again when the unread-notification flag resets 10 s later.
 */
export function useMessageAlerts(): void {
  const userId = useSession((s) => s.user?.userId);
  const prompts = useSession((s) => s.user?.prompType);
  const promptsRef = useRef<readonly PromptType[]>(prompts ?? []);
  promptsRef.current = prompts ?? [];
  const client = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const { notification } = AntApp.useApp();
  // the socket lives as long as the signed-in account, not as long as one render's helpers
  const notificationRef = useRef(notification);
  notificationRef.current = notification;
  const { t } = useT('messages');
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    if (!userId) return;
    const scroller = new TitleScroller(document);
    const notice = new UnreadNotice(() => void client.invalidateQueries({ queryKey: msgKeys.unread }));
    const announcer = new AlarmAnnouncer({
      play: (text, signal) => speakAlarm(text, currentLang(), signal),
      isHandled: (a) => callApi(alarmsCalls.isReleased, { alarmId: a.alarmId }, { silent: true }),
    });

    const announce = (message: MsgRow, count: number) => {
      const tr = tRef.current;
      const target = messageTarget(message);
      const notification = notificationRef.current;
      const view = () => {
        notification.destroy(NOTIFICATION_KEY);
        if (target.newWindow) window.open(target.path, '_blank', 'noopener');
        else void navigateRef.current(target.path);
      };
      notification.open({
        key: NOTIFICATION_KEY,
        type: message.type === 'alarm' ? 'warning' : 'info',
        title: tr('notify.title', { kind: tr(`type.${message.type}`) }),
        description: (
          <>
            <div style={{ fontWeight: 500 }}>{message.title}</div>
            <div>{message.note}</div>
            {alarmValueText(message) && (
              <div style={{ opacity: 0.85 }}>{tr('alarm-value', { value: alarmValueText(message) })}</div>
            )}
            {count > 1 && (
              <div style={{ marginTop: 4, opacity: 0.7 }}>{tr('notify.more', { count: count - 1 })}</div>
            )}
          </>
        ),
        actions: (
          <Button type="primary" size="small" onClick={view} data-testid="msg-notification-view">
            {tr('notify.view')}
          </Button>
        ),
        duration: TIMERS.notificationDisplay / 1000,
        placement: 'bottomRight',
        props: { 'data-testid': 'msg-notification' },
      });
    };

    const onNew = (message: MsgRow) => {
      const count = notice.raise();
      // an ignored message is counted but never announced
      if (message.ignored) return;
      const chosen = promptsRef.current;
      if (chosen.includes('alter')) announce(message, count);
      if (chosen.includes('title'))
        scroller.start(`${tRef.current('notify.title-prefix')}${message.title} ${message.note} · `);
      if (chosen.includes('sound') && message.type === 'alarm' && message.alarmBroadcastTimes > 0)
        announcer.announce({
          messageId: message.id,
          alarmId: message.alarmId,
          dataId: message.equipType === 'eg' ? message.dataId : null,
          text: `${message.title} ${message.note}`,
          times: message.alarmBroadcastTimes,
        });
    };

    const onFrame = (frame: MsgSocketFrame) => {
      switch (frame.type) {
        case 'msgNew':
          client.setQueryData(msgKeys.unread, frame.unread);
          void client.invalidateQueries({ queryKey: msgKeys.lists });
          onNew(frame.message);
          return;
        case 'msgUnread':
          client.setQueryData(msgKeys.unread, frame.unread);
          // read elsewhere (another tab, the app): nothing left to speak about
          if (frame.unread.count === 0) announcer.markAllRead();
          void client.invalidateQueries({ queryKey: msgKeys.lists });
          return;
        case 'idle':
          return;
        default: {
          const never: never = frame;
          return never;
        }
      }
    };

    const stopListening = onMessagesRead((change) => {
      if (change === 'all') announcer.markAllRead();
      else if (Array.isArray(change)) announcer.markRead(change);
      else if (change.equipType === 'eg') announcer.markReadWhere((a) => a.dataId === change.dataId);
    });
    // the socket's state on the body (data-msg-socket), for support and browser tests
    const socket = createMessageSocket(onFrame, (status) => {
      document.body.dataset['msgSocket'] = status;
    });
    socket.start();
    return () => {
      socket.stop();
      stopListening();
      announcer.stop();
      notice.dispose();
      scroller.stop();
    };
  }, [userId, client]);
}
