import { Navigate } from 'react-router-dom';
import { landingPath } from '../menus';
import { useSession } from '../session';

/**
 * The site's root: a logged-in account goes to its first screen (the landing page it chose, or
 * the monitor, or the first screen it may open), the same place a login takes it; without a
 * session RequireLogin has already sent it to /login.
 */
export function RootIndex() {
  const user = useSession((s) => s.user);
  return user ? <Navigate to={landingPath(user)} replace /> : null;
}
