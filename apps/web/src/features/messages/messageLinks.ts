import { EXPIRE_EQUIP_TYPES, type MsgReadFilter, type MsgRow } from '@fieldhub/shared';

/**
 * Where each message leads (docs/requirements/messages.md §3 /msg): the three list tabs, the detail of the
 * item a message is about, expiry and public-notice details, and /system/msg/detail/{id}/{type} in a new
 * window for messages about no item (the wallet variant names the literal "wallet").
 */

/** The list tabs and their routes; `menuType` is the tab's segment in detail paths. */
export const MSG_TABS = [
  { readState: 'all', path: '/msg/messageAll', menuType: 'all' },
  { readState: 'read', path: '/msg/messageReaden', menuType: 'readen' },
  { readState: 'unread', path: '/msg/messageUnReaden', menuType: 'unReaden' },
] as const satisfies readonly { readState: MsgReadFilter; path: string; menuType: string }[];

export type MsgMenuType = (typeof MSG_TABS)[number]['menuType'];

export function tabOfPath(pathname: string): (typeof MSG_TABS)[number] {
  return MSG_TABS.find((t) => pathname.startsWith(t.path)) ?? MSG_TABS[0];
}

/** The list tab a detail's back link returns to. */
export function tabOfMenuType(menuType: string | undefined): (typeof MSG_TABS)[number] {
  return MSG_TABS.find((t) => t.menuType === menuType) ?? MSG_TABS[0];
}

export interface MsgTarget {
  path: string;
  /** opened in a new window (docs/requirements/messages.md §3.4) */
  newWindow: boolean;
}

const isExpireItem = (equipType: string): boolean =>
  (EXPIRE_EQUIP_TYPES as readonly string[]).includes(equipType);

export function messageTarget(
  row: Pick<MsgRow, 'id' | 'type' | 'equipType' | 'dataId'>,
  menuType: MsgMenuType = 'all',
): MsgTarget {
  if (row.equipType === 'wallet') return { path: `/system/msg/detail/${row.id}/wallet`, newWindow: true };
  if (row.dataId === null) return { path: `/system/msg/detail/${row.id}/${row.type}`, newWindow: true };
  if (row.type === 'expire' && isExpireItem(row.equipType))
    return { path: `/msg/detail/all/expire/${row.equipType}/${row.dataId}`, newWindow: false };
  if (row.equipType === 'public')
    return { path: `/msg/detail/all/notice/public/${row.dataId}`, newWindow: false };
  return { path: `/msg/detail/${menuType}/${row.type}/${row.equipType}/${row.dataId}`, newWindow: false };
}
