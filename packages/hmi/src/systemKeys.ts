/**
 * System keys (docs/requirements/pages-and-designer.md §6.2): platform values a widget binds like a
 * variable — the clock, the logged-in account, and the device and alarm counts of the page's scope
 * (a device page: its device; a project page: the project's devices). The viewer supplies their
 * live values; the designer offers them in its binding picker.
 */
import type { SignalRef } from './document';

/** Every system key a page may bind, in the order the picker lists them. */
export const SYSTEM_KEYS = [
  'time',
  'date',
  'datetime',
  'user',
  'deviceCount',
  'onlineCount',
  'offlineCount',
  'alarmCount',
] as const;
export type SystemKey = (typeof SYSTEM_KEYS)[number];

/** Where a system key's value comes from: the browser's clock, the session, or the scope's counts. */
export type SystemKeySource = 'clock' | 'session' | 'counts';

export const SYSTEM_KEY_SOURCE: Readonly<Record<SystemKey, SystemKeySource>> = {
  time: 'clock',
  date: 'clock',
  datetime: 'clock',
  user: 'session',
  deviceCount: 'counts',
  onlineCount: 'counts',
  offlineCount: 'counts',
  alarmCount: 'counts',
};

const KNOWN: ReadonlySet<string> = new Set(SYSTEM_KEYS);

export function isSystemKey(key: unknown): key is SystemKey {
  return typeof key === 'string' && KNOWN.has(key);
}

/** Whether a key's value is a number, so it can be a chart series (the counts). */
export function isNumericSystemKey(key: SystemKey): boolean {
  return SYSTEM_KEY_SOURCE[key] === 'counts';
}

/** The clock keys' texts at `now` (local time): time HH:mm:ss, date YYYY-MM-DD, datetime both. */
export function clockText(key: 'time' | 'date' | 'datetime', now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  const time = `${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`;
  return key === 'time' ? time : key === 'date' ? date : `${date} ${time}`;
}

/**
 * The intermediate variable an item of `mvarArray` names: its `mvarId`, or (pages saved before the
 * field) its `signalId`.
 */
export function mvarIdOfRef(item: SignalRef): string {
  const id = item['mvarId'];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : item.signalId;
}

/** The system key an item of `systemArray` names: its `systemKey`, or its `signalId` as saved before. */
export function systemKeyOfRef(item: SignalRef): string {
  const key = item['systemKey'];
  return typeof key === 'string' && key ? key : item.signalId;
}
