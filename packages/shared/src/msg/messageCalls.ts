import { z } from 'zod';
import { formId, pagingSchema } from '../validation/form';
import { valueFormatSchema } from '../device/valueFormat';

/**
 * The message centre (docs/requirements/messages.md §1, §3 /msg, §4, §6): inputs and answers
 * of the `/lfscada/msg/*` calls and `/lfscada/notice/*`. All calls are POST (form or JSON bodies)
 * and answer the envelope `{code, message, data}`, except `createSound` which answers audio/wav
 * on success. Times are milliseconds since the epoch. Every call works on the caller's own
 * messages in the caller's enterprise only; an id that is not one of them is 90002. Bad input is
 * 10001 with the field named. docs/messages-api.md describes each call.
 */

/** Message kinds (docs/requirements/messages.md §1.1 `type`). */
export const MSG_TYPES = ['alarm', 'order', 'notice', 'expire', 'payment'] as const;
export type MsgType = (typeof MSG_TYPES)[number];

/**
 * What a message is about (docs/requirements/messages.md §1.1 `equipType`): eg = a device (alarm), repair /
 * inspection = work orders, api / project / card = expiry reminders, wallet = payment, public = a public
 * notice (route /msg/detail/all/notice/public/{dataId}).
 */
export const MSG_EQUIP_TYPES = [
  'eg',
  'repair',
  'inspection',
  'api',
  'project',
  'card',
  'wallet',
  'public',
] as const;
export type MsgEquipType = (typeof MSG_EQUIP_TYPES)[number];

/** The items that expiry reminders (`type` expire) are made for. */
export const EXPIRE_EQUIP_TYPES = ['api', 'project', 'card'] as const;
export type ExpireEquipType = (typeof EXPIRE_EQUIP_TYPES)[number];

/** Days before the expiry date at which a reminder is made; 0 = on expiry (then "expired"). */
export const EXPIRE_THRESHOLDS_DAYS = [30, 7, 1, 0] as const;
export type ExpireThreshold = (typeof EXPIRE_THRESHOLDS_DAYS)[number];

/** The read filter of the message centre tabs messageAll / messageReaden / messageUnReaden. */
export const MSG_READ_FILTERS = ['all', 'read', 'unread'] as const;
export type MsgReadFilter = (typeof MSG_READ_FILTERS)[number];

/** Longest text `createSound` synthesises (characters). */
export const MSG_SOUND_MAX_TEXT = 200;
/**
 * The catalogue code `createSound` answers when this server cannot synthesise speech (no
 * espeak-ng): 90104 "function not activated"; the browser then speaks with speechSynthesis.
 */
export const MSG_SOUND_UNAVAILABLE_CODE = 90104;
/** Largest id list of markAsRead / delete. */
export const MSG_IDS_MAX = 500;
/** Longest notice title and content. */
export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 5000;

// an empty form field means "not given"
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** One id or a list of ids (JSON array, form list `ids[0]=1`, or a comma list "1,2,3"). */
const msgIdList = z.preprocess(
  (v) =>
    Array.isArray(v)
      ? v
      : typeof v === 'string' && v.includes(',')
        ? v.split(',')
        : v === undefined || v === ''
          ? []
          : [v],
  z.array(formId).min(1).max(MSG_IDS_MAX),
);

// --- calls -------------------------------------------------------------------------------------

/** /lfscada/msg/queryUnReadMsgCount — no payload. */
export const msgUnreadCountSchema = z.object({});

/**
 * /lfscada/msg/query — the caller's messages, newest first, paged (pageSize default 10).
 * `readState` all (default) | read | unread; `type` a kind; `equipType`; `dataId` the item the
 * message is about (with `equipType` to name its kind); `equipmentId` a device (= equipType eg and
 * dataId); `keyword` searches
 * title and note. Deleted messages never appear; ignored ones do (flagged `ignored`).
 */
export const msgQuerySchema = pagingSchema.extend({
  readState: z.preprocess(blank, z.enum(MSG_READ_FILTERS).optional().default('all')),
  type: optional(z.enum(MSG_TYPES)),
  equipType: optional(z.enum(MSG_EQUIP_TYPES)),
  dataId: optional(formId),
  equipmentId: optional(formId),
  keyword: optional(z.string().trim().max(50)),
});
export type MsgQuery = z.infer<typeof msgQuerySchema>;

/** /lfscada/msg/markAsRead {ids} — ids of the caller's messages (1..500). All or nothing. */
export const msgIdsSchema = z.object({ ids: msgIdList });
/** /lfscada/msg/delete {ids} — same shape as markAsRead; a deleted message is gone for its account. */
export const msgDeleteSchema = msgIdsSchema;

/** /lfscada/msg/allMarkAsRead — every unread message of the caller; `type` limits it to one kind. */
export const msgAllMarkAsReadSchema = z.object({ type: optional(z.enum(MSG_TYPES)) });

/**
 * /lfscada/msg/markAsReadForEquipAlarm {dataId, equipType} — marks read every message of the
 * caller about that item (e.g. all alarm messages of device `dataId` with equipType eg), as when
 * the alarm tab of the device is opened.
 */
export const msgMarkForEquipSchema = z.object({ dataId: formId, equipType: z.enum(MSG_EQUIP_TYPES) });

/** /lfscada/msg/info {id}, /msg/setIgnore {id}: one message of the caller. */
export const msgIdSchema = z.object({ id: formId });

/**
 * /lfscada/msg/getExpireById — the expiry detail of a reminder: `{id}` = the message id, or
 * `{equipType, dataId}` = the item itself (route /msg/detail/all/expire/{api|project|card}/{dataId}).
 */
export const msgExpireByIdSchema = z
  .object({ id: optional(formId), equipType: optional(z.enum(EXPIRE_EQUIP_TYPES)), dataId: optional(formId) })
  .refine((v) => v.id !== undefined || (v.equipType !== undefined && v.dataId !== undefined), {
    message: 'id, or equipType and dataId',
    path: ['id'],
  });

/** /lfscada/msg/queryExpireNoticeMsg — no payload. */
export const msgExpireNoticeSchema = z.object({});

/** /lfscada/msg/createSound {text} — the alarm text to speak (1..200 characters). */
export const msgCreateSoundSchema = z.object({ text: z.string().trim().min(1).max(MSG_SOUND_MAX_TEXT) });

/** /lfscada/notice/detail {id} — a public notice (any logged-in account). */
export const noticeIdSchema = z.object({ id: formId });

/**
 * /lfscada/notice/publish {title, content} — platform operators only (key platform_system, menu
 * system/msg): stores the notice and makes a `notice`/`public` message for every active account
 * of every enterprise. Answers the NoticeDetail.
 */
export const noticePublishSchema = z.object({
  title: z.string().trim().min(1).max(NOTICE_TITLE_MAX),
  content: z.string().trim().min(1).max(NOTICE_CONTENT_MAX),
});

/** /lfscada/notice/query — platform operators only: published notices, newest first. */
export const noticeQuerySchema = pagingSchema.extend({ keyword: optional(z.string().trim().max(50)) });

// --- answers -----------------------------------------------------------------------------------

/** One message of the caller (docs/requirements/messages.md §1.2, field names as there). */
export const msgRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** the message text (an alarm's content, a reminder's sentence, a notice's title line) */
  note: z.string(),
  type: z.enum(MSG_TYPES),
  equipType: z.enum(MSG_EQUIP_TYPES),
  /** the item the message is about: device id (eg), project / API key / IoT card id, notice id */
  dataId: z.number().int().nullable(),
  /** delivery state of the message; 'sended' for every stored message (docs/requirements/messages.md §1.2) */
  dataStatus: z.string(),
  /** read state: true once read */
  read: z.boolean(),
  /** when it was read (ms), null while unread */
  readTime: z.number().int().nullable(),
  /** creation time (ms) */
  gmtCreate: z.number().int(),
  /** the alarm record (alarm messages), else null */
  alarmId: z.number().int().nullable(),
  /** how often the browser repeats the alarm sound (rule's voice loop count; 0 = no sound) */
  alarmBroadcastTimes: z.number().int(),
  /** image shown with the message ('' = none) */
  imgUrl: z.string(),
  /** set by setIgnore: no popup and no sound for it any more */
  ignored: z.boolean(),
  /** alarm messages: the alarm level and rule type ('00' equipment info, '01' designer) */
  level: z.string().nullable(),
  ruleType: z.enum(['00', '01']).nullable(),
  /** alarm messages: the value that raised the alarm */
  value: z.union([z.number(), z.string(), z.null()]),
  /**
   * alarm messages: how the alarm's variable shows values (decimals, unit, mapping), null when the
   * alarm or its variable is gone (docs/requirements/monitoring.md §3.13)
   */
  valueFormat: valueFormatSchema.nullable(),
});
export type MsgRow = z.infer<typeof msgRowSchema>;

/** Answer of /msg/query. */
export const msgPageSchema = z.object({
  list: z.array(msgRowSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type MsgPage = z.infer<typeof msgPageSchema>;

/** Answer of /msg/queryUnReadMsgCount: unread, not deleted messages (the badge shows 99+ above 99). */
export const msgUnreadCountResultSchema = z.object({
  count: z.number().int(),
  byType: z.object(
    Object.fromEntries(MSG_TYPES.map((t) => [t, z.number().int()])) as Record<MsgType, z.ZodNumber>,
  ),
});
export type MsgUnreadCount = z.infer<typeof msgUnreadCountResultSchema>;

/** Answer of markAsRead, allMarkAsRead, markAsReadForEquipAlarm, delete, setIgnore: rows changed. */
export const msgChangeResultSchema = z.object({ changed: z.number().int() });
export type MsgChangeResult = z.infer<typeof msgChangeResultSchema>;

/** Answer of /msg/info: the row (now read) and the kind's details. */
export const msgInfoSchema = msgRowSchema.extend({
  /** the text in both languages where the sender gave both (alarms), else the note twice */
  text: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  /** device name of alarm messages, item name of reminders, notice title, else '' */
  subject: z.string(),
});
export type MsgInfo = z.infer<typeof msgInfoSchema>;

/** The item behind an expiry reminder (getExpireById, queryExpireNoticeMsg). */
export const expireItemSchema = z.object({
  equipType: z.enum(EXPIRE_EQUIP_TYPES),
  dataId: z.number().int(),
  /** project name, API key name, or the card's ICCID */
  name: z.string(),
  /** when it expires (ms) */
  expiresAt: z.number().int(),
  /** whole days left, rounded up; 0 or less once expired */
  daysLeft: z.number().int(),
  expired: z.boolean(),
  /** IoT cards: the gateway SN the card sits in ('' otherwise) */
  gatewaySn: z.string(),
});
export type ExpireItem = z.infer<typeof expireItemSchema>;

/** Answer of /msg/getExpireById: the item, and the reminder message when asked by message id. */
export const expireDetailSchema = expireItemSchema.extend({ msgId: z.number().int().nullable() });
export type ExpireDetail = z.infer<typeof expireDetailSchema>;

/**
 * Answer of /msg/queryExpireNoticeMsg: the caller's expiry reminders not ignored nor deleted,
 * newest first (one per item, the latest threshold), at most 50 — the popup shown after login.
 */
export const expireNoticeSchema = expireItemSchema.extend({
  msgId: z.number().int(),
  /** the threshold (days before expiry) the reminder was made at */
  thresholdDays: z.number().int(),
  read: z.boolean(),
  gmtCreate: z.number().int(),
});
export type ExpireNotice = z.infer<typeof expireNoticeSchema>;

/** Answer of /lfscada/notice/detail and /notice/publish; rows of /notice/query. */
export const noticeDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** login name of the platform operator who published it */
  publisher: z.string(),
  gmtCreate: z.number().int(),
});
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;
