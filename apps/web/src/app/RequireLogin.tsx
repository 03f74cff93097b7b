import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Result } from 'antd';
import { useT } from './useT';
import { authCalls, type PermissionKey } from '@fieldhub/shared';
import { callApi } from './request';
import { can, useSession } from './session';
import { PageLoading } from './PageLoading';
import { LockCheck } from './lock/LockCheck';

/**
 * Admits a protected route only with user info: when it is not loaded yet it is fetched; on
 * failure the user goes to /login, carrying the wanted path. A logged-in account with a lock is
 * checked for its dongle while it stays (LockCheck).
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { loggedIn, setUser } = useSession();
  const location = useLocation();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (loggedIn) return;
    let cancelled = false;
    callApi(
      authCalls.info,
      { time: String(Date.now()) },
      {
        silent: true,
        redirectOnSessionLoss: false,
      },
    ).then(
      (user) => !cancelled && setUser(user),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [loggedIn, setUser]);

  if (loggedIn)
    return (
      <>
        <LockCheck />
        {children}
      </>
    );
  if (failed) {
    // the root needs no way back: a login lands on the account's first screen anyway
    if (location.pathname === '/') return <Navigate to="/login" replace />;
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return <PageLoading />;
}

/** A screen whose permission key the user lacks shows a 403 page instead (the server refuses too). */
export function RequirePermission({
  perm,
  children,
}: {
  perm: PermissionKey | undefined;
  children: ReactNode;
}) {
  const user = useSession((s) => s.user);
  const { t } = useT('common');
  if (perm && !can(user, perm))
    return <Result status="403" title="403" subTitle={t('error.no-permission')} />;
  return <>{children}</>;
}
