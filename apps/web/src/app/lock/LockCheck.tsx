import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { authCalls, Err, LOCK_CHECK_SECONDS, lockCalls, messageFor } from '@fieldhub/shared';
import { currentLang } from '../i18n';
import { toastError } from '../notify';
import { queryClient } from '../queryClient';
import { ApiError, callApi } from '../request';
import { useSession } from '../session';
import { dongleSign } from './dongleClient';

/**
 * The lock check (docs/requirements/account-security.md §5.1): for an account with `useLock`,
 * right after login and then every 60 s, a challenge from the server is signed by the local dongle
 * and sent back. When the dongle does not answer or the server refuses (1012), the user is logged
 * out and taken to /login.
 */
export function LockCheck() {
  const useLock = useSession((s) => s.user?.useLock ?? false);
  const clear = useSession((s) => s.clear);
  const navigate = useNavigate();

  useEffect(() => {
    if (!useLock) return;
    let stopped = false;
    // a refusal clears the session at once (1012 is a session-ending code): the effect may be
    // cleaned up before the failure is handled, which must still say why and leave
    let failed = false;
    const fail = async () => {
      if (failed) return;
      failed = true;
      stopped = true;
      toastError(messageFor(Err.lockValidationFailed, currentLang()));
      // the server ends the session on its own refusal; after a silent dongle it is ended here
      await callApi(authCalls.logout, undefined, { silent: true }).catch(() => undefined);
      queryClient.clear();
      clear();
      void navigate('/login', { replace: true });
    };
    const check = async () => {
      try {
        const challenge = await callApi(lockCalls.random, undefined, { silent: true });
        const verifyData = await dongleSign(challenge);
        if (stopped) return;
        await callApi(
          lockCalls.validLockCert,
          { verifyData },
          { silent: true, redirectOnSessionLoss: false },
        );
      } catch (err) {
        // after a logout or a lost session the check ends quietly; the server's refusal never does
        if (stopped && !(err instanceof ApiError && err.code === String(Err.lockValidationFailed))) return;
        await fail();
      }
    };
    void check();
    const timer = setInterval(() => void check(), LOCK_CHECK_SECONDS * 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [useLock, clear, navigate]);

  return null;
}
