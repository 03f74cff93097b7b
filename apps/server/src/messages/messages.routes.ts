import type { FastifyInstance } from 'fastify';
import { Err, LIVE_CLOSE_REFUSED, MESSAGE_SOCKET_PATH, isAppError, messagesCalls } from '@fieldhub/shared';
import type { AppContext } from '../appContext';
import { handle } from '../http/route';
import { AlarmSpeech, type SpeechOptions } from './alarmSpeech';
import { MessageFeed } from './messageFeed';
import { consumeMessageToken, issueMessageToken } from './messageTokens';
import * as msg from './messages.service';
import * as notices from './notices';
import { checkLicensedFunction } from '../modules/license/licensePolicy';

export interface MessageRoutesOptions {
  speech?: SpeechOptions;
}

/**
 * The message centre of docs/requirements/messages.md §6 (POST, form or JSON bodies, envelope {code,
 * message, data}). Every logged-in account reads and changes its own messages only, in its own
 * enterprise; each call is defined in packages/shared/src/contract/messages.ts; docs/messages-api.md
 * shows each call.
 *
 * /lfscada/msg/queryUnReadMsgCount → {count, byType}; /query {readState, type, equipType, dataId,
 * keyword, pageNum, pageSize} → Page<MsgRow>; /markAsRead {ids}, /allMarkAsRead {type?}, /delete
 * {ids}, /markAsReadForEquipAlarm {dataId, equipType}, /setIgnore {id} → {changed}; /info {id} →
 * MsgInfo (reads it); /queryExpireNoticeMsg → ExpireNotice[]; /getExpireById {id} | {equipType,
 * dataId} → ExpireDetail; /createSound {text} → audio/wav (eSpeak NG; 90104 when it cannot speak).
 * /lfscada/notice/detail {id} → NoticeDetail; /notice/publish and /notice/query: platform operators.
 * POST /lfscada/websocket/msg/token → token; socket /lfscada/ws/message/subscribe/{token}.
 * (The expiry-reminder scheduler starts with the platform: server.ts.)
 */
export function messageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: MessageRoutesOptions = {},
): void {
  const { db, clock, realtime } = ctx;
  const deps = { db, clock, bus: ctx.monitor.bus };
  const log = ctx.log.child({ module: 'messages' });
  const speech = new AlarmSpeech(options.speech);

  handle(app, messagesCalls.unreadCount, ({ auth }) => msg.unreadCount(deps, auth));
  handle(app, messagesCalls.list, ({ input, auth, lang }) => msg.query(deps, auth, input, lang));
  handle(app, messagesCalls.markRead, ({ input, auth }) => msg.markAsRead(deps, auth, input.ids));
  handle(app, messagesCalls.markAllRead, ({ input, auth }) => msg.allMarkAsRead(deps, auth, input.type));
  handle(app, messagesCalls.remove, ({ input, auth }) => msg.remove(deps, auth, input.ids));
  handle(app, messagesCalls.markItemRead, ({ input, auth }) =>
    msg.markAsReadForItem(deps, auth, input.equipType, input.dataId),
  );
  handle(app, messagesCalls.info, ({ input, auth, lang }) => msg.info(deps, auth, input.id, lang));
  handle(app, messagesCalls.ignore, ({ input, auth }) => msg.setIgnore(deps, auth, input.id));
  handle(app, messagesCalls.expireNotices, ({ auth }) => msg.expireNotices(deps, auth));
  handle(app, messagesCalls.expireDetail, ({ input, auth }) => msg.expireDetail(deps, auth, input));
  handle(app, messagesCalls.sound, async ({ input, lang, reply }) => {
    // a licence that does not switch speech on answers 90104 too: the browser speaks itself
    await checkLicensedFunction(db, 'speech');
    const wav = await speech.speak(input.text, lang);
    // awaiting the reply waits until the sound is sent
    await reply
      .header('content-type', 'audio/wav')
      .header('cache-control', 'private, max-age=3600')
      .send(wav);
  });

  handle(app, messagesCalls.notice, ({ input }) => notices.noticeDetail(db, input.id));
  handle(app, messagesCalls.publishNotice, ({ input, auth }) => notices.publishNotice(deps, auth, input));
  handle(app, messagesCalls.notices, ({ input, auth }) => notices.queryNotices(db, auth, input));

  handle(app, messagesCalls.socketToken, ({ auth, lang }) => issueMessageToken(db, clock, auth, lang));
  app.get(
    `${MESSAGE_SOCKET_PATH}:token`,
    // the token is the credential: no session cookie needed on the socket
    { websocket: true, config: { access: { public: true } } },
    async (socket, req) => {
      const { token } = req.params as { token: string };
      try {
        const grant = await consumeMessageToken(db, clock, token);
        const owner = { accountId: grant.accountId, orgId: grant.orgId };
        const feed = realtime.open(
          socket,
          [`account:${owner.accountId}`],
          (limits, onDrop) => new MessageFeed(socket, owner, grant.lang, db, log, limits, onDrop),
        );
        // the first frame is the unread counts; no idle text goes before it
        await feed.start();
      } catch (err) {
        const code = isAppError(err) ? err.code : Err.unknownError;
        if (!isAppError(err)) req.log.warn({ err }, 'message token check failed');
        socket.close(LIVE_CLOSE_REFUSED, String(code));
      }
    },
  );
}
