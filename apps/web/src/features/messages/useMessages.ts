import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExpireEquipType, MsgEquipType, MsgReadFilter, MsgType } from '@fieldhub/shared';
import { devicesCalls, messagesCalls } from '@fieldhub/shared';
import { callApi } from '../../app/request';
import type { Paging } from '../../app/paging';
import { messagesRead } from './readEvents';

/** Filters of the message list: the tab's read state, the kind and the device (or other item). */
export interface MsgFilters {
  readState: MsgReadFilter;
  type?: MsgType | undefined;
  equipType?: MsgEquipType | undefined;
  dataId?: number | undefined;
}

/** Query keys of the message centre; any change of read state or set refreshes everything under `all`. */
export const msgKeys = {
  all: ['msg'] as const,
  unread: ['msg', 'unread'] as const,
  lists: ['msg', 'list'] as const,
  list: (f: MsgFilters, p: Paging) => ['msg', 'list', f, p] as const,
  info: (id: number) => ['msg', 'info', id] as const,
  expire: (equipType: string, dataId: number) => ['msg', 'expire', equipType, dataId] as const,
  notice: (id: number) => ['msg', 'notice', id] as const,
};

/** The unread count behind the header badge; the message socket keeps it current between fetches. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: msgKeys.unread,
    // silent: a failed count leaves the badge as it was instead of a toast on every screen
    queryFn: () => callApi(messagesCalls.unreadCount, undefined, { silent: true }),
    enabled,
  });
}

export function useMessagePage(filters: MsgFilters, paging: Paging, enabled = true) {
  return useQuery({
    queryKey: msgKeys.list(filters, paging),
    queryFn: () => callApi(messagesCalls.list, { ...filters, ...paging }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** markAsRead, delete, allMarkAsRead, markAsReadForEquipAlarm: each refreshes the lists and the badge. */
export function useMessageActions() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: msgKeys.all });
  const markRead = useMutation({
    mutationFn: (ids: number[]) => callApi(messagesCalls.markRead, { ids }),
    onSuccess: (_, ids) => {
      messagesRead(ids);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => callApi(messagesCalls.remove, { ids }),
    onSuccess: (_, ids) => {
      messagesRead(ids);
      return done();
    },
  });
  const markAllRead = useMutation({
    mutationFn: () => callApi(messagesCalls.markAllRead, {}),
    onSuccess: () => {
      messagesRead('all');
      return done();
    },
  });
  return { markRead, remove, markAllRead };
}

/**
 * Marks read every message about one item (a device's alarms, a reminder's item, a notice) each
 * time its detail opens, then refreshes the lists and the badge. `done` once the call answered.
 */
export function useMarkItemRead(equipType: MsgEquipType, dataId: number) {
  const client = useQueryClient();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!Number.isInteger(dataId) || dataId <= 0) return;
    let live = true;
    setDone(false);
    callApi(messagesCalls.markItemRead, { dataId, equipType }, { silent: true })
      .then(async ({ changed }) => {
        if (!changed) return;
        messagesRead({ equipType, dataId });
        await client.invalidateQueries({ queryKey: msgKeys.unread });
        await client.invalidateQueries({ queryKey: msgKeys.lists });
      })
      // a failure leaves them unread; the detail itself shows what went wrong
      .catch(() => undefined)
      .finally(() => live && setDone(true));
    return () => {
      live = false;
    };
  }, [client, equipType, dataId]);
  return { done };
}

/** One message with its details; reading it marks it read on the server. */
export function useMessageInfo(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: msgKeys.info(id),
    queryFn: async () => {
      const info = await callApi(messagesCalls.info, { id }, { silent: true });
      messagesRead([id]);
      void client.invalidateQueries({ queryKey: msgKeys.unread });
      return info;
    },
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useExpireDetail(equipType: ExpireEquipType, dataId: number) {
  return useQuery({
    queryKey: msgKeys.expire(equipType, dataId),
    queryFn: () => callApi(messagesCalls.expireDetail, { equipType, dataId }, { silent: true }),
    enabled: Number.isInteger(dataId) && dataId > 0,
  });
}

export function useNoticeDetail(id: number) {
  return useQuery({
    queryKey: msgKeys.notice(id),
    queryFn: () => callApi(messagesCalls.notice, { id }, { silent: true }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The devices the caller sees, for the list's device filter and names. */
export function useMyDevices() {
  return useQuery({
    queryKey: ['msg', 'devices'],
    queryFn: () => callApi(devicesCalls.listOfUser, undefined, { silent: true }),
    staleTime: 60_000,
  });
}
