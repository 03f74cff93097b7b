import { Navigate } from 'react-router-dom';
import { Result } from 'antd';
import { useT } from '../useT';
import { firstManagePath } from '../menus';
import { can, useSession } from '../session';

/**
 * /manage opens the device list (docs/requirements/back-office.md §1.1), or the first management screen the
 * user may open.
 */
export function ManageIndex() {
  const user = useSession((s) => s.user);
  const { t } = useT('common');
  if (can(user, 'equipment_manage')) return <Navigate to="/manage/eg/equipment/list" replace />;
  const first = firstManagePath(user);
  if (first) return <Navigate to={first} replace />;
  return <Result status="403" title="403" subTitle={t('error.no-permission')} />;
}
