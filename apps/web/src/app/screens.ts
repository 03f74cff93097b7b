import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenName } from './routeTable';

/** Built screens, loaded on first visit. */
export const screens: Partial<Record<ScreenName, LazyExoticComponent<ComponentType>>> = {
  login: lazy(() => import('../features/login/LoginPage')),
  notFound: lazy(() => import('../features/errors/NotFoundPage')),
  operationLog: lazy(() => import('../features/account/OperationLogPage')),
  feedback: lazy(() => import('../features/account/FeedbackPage')),
  userConfig: lazy(() => import('../features/account/UserConfigPage')),
  accountList: lazy(() => import('../features/accounts/AccountListPage')),
  enterpriseList: lazy(() => import('../features/orgal/EnterpriseListPage')),
  departmentList: lazy(() => import('../features/orgal/DepartmentListPage')),
  roleList: lazy(() => import('../features/orgal/RoleListPage')),
  deviceWizard: lazy(() => import('../features/devices/config/DeviceWizardPage')),
  deviceEdit: lazy(() => import('../features/devices/config/DeviceEditPage')),
  templateList: lazy(() => import('../features/templates/TemplateListPage')),
  templateAdd: lazy(() => import('../features/templates/TemplateAddPage')),
  templateEdit: lazy(() => import('../features/templates/TemplateEditPage')),
  deviceList: lazy(() => import('../features/devices/list/DeviceListPage')),
  groupList: lazy(() => import('../features/groups/GroupListPage')),
  gatewayList: lazy(() => import('../features/gateways/GatewayListPage')),
  hardwareList: lazy(() => import('../features/hardware/HardwareListPage')),
  monitorList: lazy(() => import('../features/monitor/list/MonitorListPage')),
  monitorDetail: lazy(() => import('../features/monitor/detail/MonitorDetailPage')),
  designer: lazy(() => import('../features/designer/DesignerPage')),
  viewer: lazy(() => import('../features/viewer/ViewerPage')),
  messageList: lazy(() => import('../features/messages/MessageListPage')),
  messageDetail: lazy(() => import('../features/messages/MessageDetailPage')),
  messageExpire: lazy(() => import('../features/messages/ExpireDetailPage')),
  messageNotice: lazy(() => import('../features/messages/NoticeDetailPage')),
  systemMessage: lazy(() => import('../features/messages/SystemMessagePage')),
};
