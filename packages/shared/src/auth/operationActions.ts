/**
 * What the operation log records (docs/requirements/accounts-and-login.md §7.1): every action the
 * server writes and every kind of object it names. The server's recording functions take only
 * these, so an action cannot be written without being listed here, and the web app's locale test
 * requires a name for each in both languages.
 */

/** Every action key the server writes to the operation log. */
export const OPERATION_ACTIONS = [
  'login',
  'logout',
  'user.settings',
  'feedback.add',
  'account.add',
  'account.edit',
  'account.delete',
  'account.disable',
  'account.enable',
  'account.resetPassword',
  'dept.add',
  'dept.edit',
  'dept.delete',
  'role.add',
  'role.edit',
  'role.delete',
  'enterprise.add',
  'enterprise.edit',
  'enterprise.disable',
  'enterprise.enable',
  'enterprise.delete',
  'group.add',
  'group.edit',
  'group.delete',
  'device.add',
  'device.edit',
  'device.delete',
  'device.copy',
  'device.authorize',
  'device.revoke',
  'share.password',
  'share.on',
  'share.off',
  'gateway.register',
  'gateway.bind',
  'gateway.unbind',
  'gateway.settings',
  'gateway.sync',
  'gateway.restart',
  'gateway.mode',
  'gateway.upgrade',
  'firmware.add',
  'firmware.delete',
  'signal.write',
  'alarm.confirm',
  'template.add',
  'template.edit',
  'template.delete',
  'template.bind',
  'template.unbind',
  'template.sync',
  // a device's or template's configuration, by area (device-configuration.md)
  'driver.add',
  'driver.edit',
  'driver.delete',
  'variable.add',
  'variable.edit',
  'variable.delete',
  'variable.import',
  'alarm.add',
  'alarm.edit',
  'alarm.delete',
  'report.add',
  'report.edit',
  'report.delete',
  'script.add',
  'script.edit',
  'script.delete',
  'page.add',
  'page.edit',
  'page.save',
  'page.delete',
  'page.copy',
  'page.seq',
  'project.add',
  'project.edit',
  'project.delete',
  'project.sharePassword',
  'project.share.on',
  'project.share.off',
  'project.equip.add',
  'project.equip.delete',
  'project.equip.key',
  'project.pmsn.add',
  'project.pmsn.edit',
  'project.pmsn.delete',
  'mvar.add',
  'mvar.edit',
  'mvar.delete',
] as const;
export type OperationAction = (typeof OPERATION_ACTIONS)[number];

/** Every kind of object an operation log entry names (`equipment` is a device). */
export const OPERATION_OBJECT_TYPES = [
  'account',
  'feedback',
  'dept',
  'role',
  'org',
  'group',
  'equipment',
  'gateway',
  'firmware',
  'template',
  'page',
  'project',
] as const;
export type OperationObjectType = (typeof OPERATION_OBJECT_TYPES)[number];

const actions: ReadonlySet<string> = new Set(OPERATION_ACTIONS);
const objectTypes: ReadonlySet<string> = new Set(OPERATION_OBJECT_TYPES);

/** Whether a logged action is one of today's (older entries may carry others). */
export const isOperationAction = (v: string): v is OperationAction => actions.has(v);
export const isOperationObjectType = (v: string): v is OperationObjectType => objectTypes.has(v);
