import { z } from 'zod';
import {
  expireDetailSchema,
  expireNoticeSchema,
  msgAllMarkAsReadSchema,
  msgChangeResultSchema,
  msgCreateSoundSchema,
  msgDeleteSchema,
  msgExpireByIdSchema,
  msgIdSchema,
  msgIdsSchema,
  msgInfoSchema,
  msgMarkForEquipSchema,
  msgPageSchema,
  msgQuerySchema,
  msgUnreadCountResultSchema,
  noticeDetailSchema,
  noticeIdSchema,
  noticePublishSchema,
  noticeQuerySchema,
} from '../msg/messageCalls';
import { defineCalls, noData } from './define';

/**
 * The message socket (docs/requirements/messages.md §5.1): this prefix and the one-use token of
 * `messagesCalls.socketToken`. Frames are the messages of msg/ (msgSocketFrameSchema).
 */
export const MESSAGE_SOCKET_PATH = '/lfscada/ws/message/subscribe/';

// the web app sends the message centre's calls form-encoded
const form = 'form' as const;

/**
 * The message centre of docs/requirements/messages.md §6: every logged-in account reads and
 * changes its own messages only, in its own enterprise (another's id is 90002);
 * docs/messages-api.md shows each call.
 */
export const messagesCalls = defineCalls('messages', {
  unreadCount: {
    path: '/lfscada/msg/queryUnReadMsgCount',
    output: msgUnreadCountResultSchema,
    body: form,
    summary: "The caller's unread messages, in all and per kind (the header badge)",
  },
  list: {
    path: '/lfscada/msg/query',
    input: msgQuerySchema,
    output: msgPageSchema,
    body: form,
    summary: "A page of the caller's messages, newest first, filtered by read state, kind, item or keyword",
  },
  markRead: {
    path: '/lfscada/msg/markAsRead',
    input: msgIdsSchema,
    output: msgChangeResultSchema,
    body: form,
    summary: "Marks some of the caller's messages read (all or nothing)",
  },
  markAllRead: {
    path: '/lfscada/msg/allMarkAsRead',
    input: msgAllMarkAsReadSchema,
    output: msgChangeResultSchema,
    body: form,
    summary: 'Marks every unread message of the caller read, or those of one kind',
  },
  remove: {
    path: '/lfscada/msg/delete',
    input: msgDeleteSchema,
    output: msgChangeResultSchema,
    body: form,
    summary: "Deletes some of the caller's messages (for the caller only)",
  },
  markItemRead: {
    path: '/lfscada/msg/markAsReadForEquipAlarm',
    input: msgMarkForEquipSchema,
    output: msgChangeResultSchema,
    body: form,
    summary: "Marks read every message of the caller about one item (a device's alarms, a reminder's item)",
  },
  info: {
    path: '/lfscada/msg/info',
    input: msgIdSchema,
    output: msgInfoSchema,
    body: form,
    summary: 'One message with its details; reading it marks it read',
  },
  ignore: {
    path: '/lfscada/msg/setIgnore',
    input: msgIdSchema,
    output: msgChangeResultSchema,
    summary: 'No more popup nor sound for this message',
  },
  expireNotices: {
    path: '/lfscada/msg/queryExpireNoticeMsg',
    output: z.array(expireNoticeSchema),
    summary: "The caller's expiry reminders not ignored nor deleted, one per item (the popup after login)",
  },
  expireDetail: {
    path: '/lfscada/msg/getExpireById',
    input: msgExpireByIdSchema,
    output: expireDetailSchema,
    body: form,
    summary: 'The item behind an expiry reminder, by message id or by the item itself',
  },
  sound: {
    path: '/lfscada/msg/createSound',
    input: msgCreateSoundSchema,
    output: noData,
    body: form,
    answer: 'file',
    summary: 'An alarm text spoken as audio/wav (90104 when this server cannot synthesise speech)',
  },
  notice: {
    path: '/lfscada/notice/detail',
    input: noticeIdSchema,
    output: noticeDetailSchema,
    body: form,
    summary: 'A public notice',
  },
  publishNotice: {
    path: '/lfscada/notice/publish',
    input: noticePublishSchema,
    output: noticeDetailSchema,
    summary: 'Publishes a notice to every active account (platform operators only)',
  },
  notices: {
    path: '/lfscada/notice/query',
    input: noticeQuerySchema,
    output: z.object({
      list: z.array(noticeDetailSchema),
      total: z.number().int(),
      pageNum: z.number().int(),
      pageSize: z.number().int(),
    }),
    summary: 'A page of the published notices, newest first (platform operators only)',
  },
  socketToken: {
    path: '/lfscada/websocket/msg/token',
    output: z.string(),
    body: form,
    summary: `A one-use token for the caller's message socket ${MESSAGE_SOCKET_PATH}{token}`,
  },
});
