import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SharePerm } from '@fieldhub/shared';
import { toastSuccess } from '../../../app/notify';
import { request } from '../../../app/request';
import type { AuthAccount, ShareInfo } from './deviceTypes';
import { deviceKeys } from './useDevices';

const json = { json: true } as const;
const shareKey = (equipId: number) => ['devices', 'share', equipId] as const;
const authKey = (equipId: number) => ['devices', 'auth', equipId] as const;

/** The device's share link state (on/off, token, password set, permission toggles). */
export function useShareInfo(equipId: number | undefined) {
  return useQuery({
    queryKey: shareKey(equipId ?? 0),
    queryFn: () => request<ShareInfo>('/lfscada/equipment/multi/share/info', { equipId }, json),
    enabled: !!equipId,
  });
}

export function useShareActions(equipId: number) {
  const { t } = useTranslation(['deviceList', 'common']);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: shareKey(equipId) });

  /** Sharing on/off together with what the link may show. */
  const editAuth = useMutation({
    mutationFn: (v: { shared: boolean; perms: SharePerm[] }) =>
      request('/lfscada/equipment/multi/share/editAuth', { equipId, ...v }, json),
    onSuccess: async () => {
      toastSuccess(t('common:saved'));
      await Promise.all([refresh(), client.invalidateQueries({ queryKey: deviceKeys.all })]);
    },
  });
  const editPassword = useMutation({
    mutationFn: (password: string) =>
      request('/lfscada/equipment/multi/share/editPwd', { equipId, password }, json),
    onSuccess: async () => {
      toastSuccess(t('share.password-saved'));
      await refresh();
    },
  });
  return { editAuth, editPassword };
}

/** Accounts authorised on the device and the enterprise's other sub-accounts. */
export function useDeviceAuthorizations(equipmentId: number | undefined) {
  return useQuery({
    queryKey: authKey(equipmentId ?? 0),
    queryFn: () =>
      request<{ authorized: AuthAccount[]; candidates: AuthAccount[] }>(
        '/lfscada/equipment/multi/auth/query',
        { equipmentId },
        json,
      ),
    enabled: !!equipmentId,
  });
}

/**
 * Applies the dialog's choice: adds the new accounts in one call, then cancels the removed ones
 * (cancelling also stops that account's alarm messages for the device).
 */
export function useAuthorizationSave(equipmentId: number) {
  const { t } = useTranslation(['deviceList', 'common']);
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ add, cancel }: { add: number[]; cancel: number[] }) => {
      if (add.length)
        await request('/lfscada/equipment/multi/auth/add', { equipmentId, accountIds: add }, json);
      for (const accountId of cancel)
        await request('/lfscada/equipment/multi/auth/cancel', { equipmentId, accountId }, json);
    },
    onSuccess: () => toastSuccess(t('common:saved')),
    // a partial failure still changed something: always show the server's state
    onSettled: () => client.invalidateQueries({ queryKey: authKey(equipmentId) }),
  });
}
