import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../useT';
import { devicesCalls, type CallOutput, type SharePerm } from '@fieldhub/shared';
import { toastSuccess } from '../notify';
import { callApi } from '../request';
import { rootKeys } from '../queryKeys';

/** The device's share link state (on/off, token, password set, what the link may show). */
export type ShareInfo = CallOutput<typeof devicesCalls.shareInfo>;

/** An account in the authorisation dialog. */
export type AuthAccount = CallOutput<typeof devicesCalls.authorizations>['authorized'][number];

const shareKey = (equipId: number) => ['devices', 'share', equipId] as const;
const authKey = (equipId: number) => ['devices', 'auth', equipId] as const;

/** The device's share link state (on/off, token, password set, permission toggles). */
export function useShareInfo(equipId: number | undefined) {
  return useQuery({
    queryKey: shareKey(equipId ?? 0),
    queryFn: () => callApi(devicesCalls.shareInfo, { equipId }),
    enabled: !!equipId,
  });
}

export function useShareActions(equipId: number) {
  const { t } = useT('deviceList');
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: shareKey(equipId) });

  /** Sharing on/off together with what the link may show. */
  const editAuth = useMutation({
    mutationFn: (v: { shared: boolean; perms: SharePerm[] }) =>
      callApi(devicesCalls.shareAuth, { equipId, ...v }),
    onSuccess: async () => {
      toastSuccess(t('common:saved'));
      await Promise.all([refresh(), client.invalidateQueries({ queryKey: rootKeys.devices })]);
    },
  });
  const editPassword = useMutation({
    mutationFn: (password: string) => callApi(devicesCalls.sharePassword, { equipId, password }),
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
    queryFn: () => callApi(devicesCalls.authorizations, { equipmentId }),
    enabled: !!equipmentId,
  });
}

/**
 * Applies the dialog's choice: adds the new accounts in one call, then cancels the removed ones
 * (cancelling also stops that account's alarm messages for the device).
 */
export function useAuthorizationSave(equipmentId: number) {
  const { t } = useT('deviceList');
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ add, cancel }: { add: number[]; cancel: number[] }) => {
      if (add.length) await callApi(devicesCalls.authorize, { equipmentId, accountIds: add });
      for (const accountId of cancel) await callApi(devicesCalls.revoke, { equipmentId, accountId });
    },
    onSuccess: () => toastSuccess(t('common:saved')),
    // a partial failure still changed something: always show the server's state
    onSettled: () => client.invalidateQueries({ queryKey: authKey(equipmentId) }),
  });
}
