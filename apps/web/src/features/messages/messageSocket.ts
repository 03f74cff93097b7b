import {
  MESSAGE_SOCKET_PATH,
  messagesCalls,
  msgSocketFrameSchema,
  type MsgSocketFrame,
} from '@fieldhub/shared';
import { callApi } from '../../app/request';
import {
  LiveSocket,
  sameHostSocketUrl,
  type LiveSocketStatus,
  type SocketLike,
} from '../../app/live/liveSocket';

/**
 * The message socket of docs/requirements/messages.md §5.1: a token from `messagesCalls.socketToken`,
 * then the socket at MESSAGE_SOCKET_PATH + token; on close or a failed token request it tries again after
 * 10 s with a new token (the monitor's token socket does exactly this, so it is reused).
 */

export function msgSocketUrl(location: { protocol: string; host: string }, token: string): string {
  return sameHostSocketUrl(location, MESSAGE_SOCKET_PATH, token);
}

/** One frame as a message-socket frame, or null for anything else. */
export function parseMsgFrame(data: unknown): MsgSocketFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = msgSocketFrameSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createMessageSocket(
  onFrame: (frame: MsgSocketFrame) => void,
  onStatus: (status: LiveSocketStatus) => void = () => undefined,
): LiveSocket<MsgSocketFrame> {
  return new LiveSocket<MsgSocketFrame>({
    fetchToken: () => callApi(messagesCalls.socketToken, undefined, { silent: true }),
    connect: (token) => new WebSocket(msgSocketUrl(window.location, token)) as unknown as SocketLike,
    parse: parseMsgFrame,
    onMessage: onFrame,
    onStatus,
  });
}
