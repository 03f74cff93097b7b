import { z } from 'zod';
import {
  departmentSchema,
  enterpriseSchema,
  loginnameSchema,
  roleSchema,
  telSchema,
} from '../auth/accountForms';
import { departmentRowSchema, enterpriseRowSchema, roleRowSchema } from '../auth/rows';
import { formBool, formId, listPageOf, pagingSchema } from '../validation/form';
import { createdId, defineCalls, noData } from './define';

const byId = z.object({ id: formId });

/** A new enterprise and its first enterprise admin account. */
export const enterpriseAddSchema = enterpriseSchema.extend({
  adminLoginname: loginnameSchema,
  adminPassword: z.string().max(100),
  adminTel: telSchema.optional().default(''),
});

/** One permission key a role may be given, with its level and the group the role editor shows it in. */
export const permissionEntrySchema = z.object({
  key: z.string(),
  level: z.enum(['operation', 'admin', 'platform']),
  group: z.enum(['monitor', 'operations', 'manage', 'organisation', 'platform']),
});

// enterprises: platform operators only
const platform = { perm: 'platform_enterprise' } as const;
const dept = { perm: 'dept_manage' } as const;
const role = { perm: 'role_manage' } as const;

/**
 * Enterprises (/manage/orgal/enterprise), departments (/dept) and roles (/role) of
 * docs/requirements/organisations-roles-permissions.md §2–§4.
 */
export const orgCalls = defineCalls('org', {
  enterpriseQuery: {
    path: '/lfscada/org/query',
    input: pagingSchema.extend({ name: z.string().trim().max(50).optional() }),
    output: listPageOf(enterpriseRowSchema),
    access: platform,
    body: 'form',
    summary: 'A page of the enterprises, newest first, optionally by name',
  },
  enterpriseInfo: {
    path: '/lfscada/org/info',
    input: byId,
    output: enterpriseRowSchema,
    access: platform,
    summary: 'One enterprise',
  },
  enterpriseAdd: {
    path: '/lfscada/org/add',
    input: enterpriseAddSchema,
    output: createdId,
    access: platform,
    body: 'form',
    summary: 'Adds an enterprise with its first enterprise admin account',
  },
  enterpriseEdit: {
    path: '/lfscada/org/edit',
    input: enterpriseSchema.extend({ id: formId }),
    output: noData,
    access: platform,
    body: 'form',
    summary: "Edits an enterprise's details and account limits",
  },
  enterpriseDisable: {
    path: '/lfscada/org/disable',
    input: byId.extend({ disabled: formBool }),
    output: noData,
    access: platform,
    body: 'form',
    summary: 'Disables or enables an enterprise',
  },
  enterpriseDelete: {
    path: '/lfscada/org/delete',
    input: byId,
    output: noData,
    access: platform,
    body: 'form',
    summary: 'Deletes a disabled enterprise',
  },
  myOrg: {
    path: '/lfscada/org/my/info',
    output: enterpriseRowSchema.extend({ kind: z.string() }),
    summary: "The caller's own organisation (an enterprise, or the platform)",
  },
  companies: {
    path: '/lfscada/org/queryCompanyAndExternal',
    output: z.object({
      company: z.object({ id: z.number().int(), name: z.string() }),
      /** company names already used by the enterprise's external accounts */
      external: z.array(z.string()),
    }),
    body: 'form',
    summary: "The caller's enterprise and the companies of its external accounts",
  },
  accountOptions: {
    path: '/lfscada/org/options',
    output: z.object({
      departments: z.array(departmentRowSchema.pick({ id: true, parentId: true, name: true })),
      roles: z.array(roleRowSchema.pick({ id: true, name: true, roleType: true })),
    }),
    access: { perm: 'account_manage' },
    body: 'form',
    summary: 'Departments and roles to choose from in the account form',
  },
  deptQuery: {
    path: '/lfscada/dept/query',
    output: z.array(departmentRowSchema),
    access: dept,
    body: 'form',
    summary: "The enterprise's departments as a flat list (the tree is built from parentId)",
  },
  deptAdd: {
    path: '/lfscada/dept/add',
    input: departmentSchema,
    output: createdId,
    access: dept,
    body: 'form',
    summary: 'Adds a department',
  },
  deptEdit: {
    path: '/lfscada/dept/edit',
    input: departmentSchema.extend({ id: formId }),
    output: noData,
    access: dept,
    body: 'form',
    summary: 'Renames, moves or reorders a department',
  },
  deptDelete: {
    path: '/lfscada/dept/delete',
    input: byId,
    output: noData,
    access: dept,
    body: 'form',
    summary: 'Deletes a department without sub-departments or accounts',
  },
  rolePermissions: {
    path: '/lfscada/role/permissions',
    output: z.array(permissionEntrySchema),
    access: role,
    body: 'form',
    summary: 'The permission keys an enterprise role may be given',
  },
  roleQuery: {
    path: '/lfscada/role/query',
    input: z.object({ name: z.string().trim().max(30).optional() }),
    output: z.array(roleRowSchema),
    access: role,
    body: 'form',
    summary: "The enterprise's roles, optionally by name",
  },
  roleInfo: {
    path: '/lfscada/role/info',
    input: byId,
    output: roleRowSchema,
    access: role,
    summary: 'One role with its permission keys',
  },
  roleAdd: {
    path: '/lfscada/role/add',
    input: roleSchema,
    output: createdId,
    access: role,
    body: 'form',
    summary: 'Adds a role',
  },
  roleEdit: {
    path: '/lfscada/role/edit',
    input: roleSchema.extend({ id: formId }),
    output: noData,
    access: role,
    body: 'form',
    summary: "Edits a role's name, type, data range and permission keys",
  },
  roleDelete: {
    path: '/lfscada/role/delete',
    input: byId,
    output: noData,
    access: role,
    body: 'form',
    summary: 'Deletes a role no account holds',
  },
});
