import { z } from 'zod';
import { msgRowSchema, msgUnreadCountResultSchema } from './messageCalls';

/**
 * The message socket (docs/requirements/messages.md §5.1): POST /lfscada/websocket/msg/token (no payload) →
 * data: a one-use token (text, valid 60 s); then a socket at
 * `/lfscada/ws/message/subscribe/{token}` (wss on https pages, ws otherwise; retry after 10 s on
 * close or a failed token request). A bad or used token closes the socket with LIVE_CLOSE_REFUSED
 * (4001) and the catalogue code (1021, or 1020 when expired) as reason. Server → browser JSON text
 * frames, parsed with `msgSocketFrameSchema`.
 */
export const msgSocketFrameSchema = z.discriminatedUnion('type', [
  /**
   * the caller's unread counts: sent once when the socket opens, and again whenever the caller's
   * read state changed (another tab or device marked, deleted or ignored messages)
   */
  z.object({ type: z.literal('msgUnread'), unread: msgUnreadCountResultSchema }),
  /**
   * a new message for the caller (alarm, reminder, notice ...), with the unread counts after it;
   * an alarm message with alarmBroadcastTimes > 0 is the browser's cue to play the alarm sound
   */
  z.object({ type: z.literal('msgNew'), message: msgRowSchema, unread: msgUnreadCountResultSchema }),
  /** the idle text sent every 60 s so proxies keep the socket open */
  z.object({ type: z.literal('idle'), ts: z.number().int() }),
]);
export type MsgSocketFrame = z.infer<typeof msgSocketFrameSchema>;

/**
 * What the server instances tell each other over the live bus (Redis with REDIS_URL) so that a
 * socket held by any instance hears about its account's messages. Not sent to browsers.
 */
export type MsgBusEvent =
  /** messages were stored: one per account */
  | { type: 'msgCreated'; items: { accountId: number; messageId: number }[] }
  /** the read state or set of messages of these accounts changed */
  | { type: 'msgChanged'; accountIds: number[] };
