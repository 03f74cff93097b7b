import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  departmentSchema,
  enterpriseSchema,
  formBool,
  formId,
  loginnameSchema,
  pagingSchema,
  PERMISSIONS,
  roleSchema,
  telSchema,
} from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { call } from '../../http/route';
import { externalCompaniesOf } from './org.repo';
import * as org from './org.service';

const byId = z.object({ id: formId });

/** Enterprises (/manage/orgal/enterprise), departments (/dept) and roles (/role). */
export function orgRoutes(app: FastifyInstance, { db }: AppContext): void {
  // enterprises: platform operators only
  const platform = { perm: 'platform_enterprise' } as const;
  call(
    app,
    '/lfscada/org/query',
    { input: pagingSchema.extend({ name: z.string().trim().max(50).optional() }), access: platform },
    ({ input }) => org.listEnterprises(db, input),
  );
  call(app, '/lfscada/org/info', { input: byId, access: platform }, ({ input }) =>
    org.getEnterprise(db, input.id),
  );
  call(
    app,
    '/lfscada/org/add',
    {
      input: enterpriseSchema.extend({
        adminLoginname: loginnameSchema,
        adminPassword: z.string().max(100),
        adminTel: telSchema.optional().default(''),
      }),
      access: platform,
    },
    async ({ input, auth, req }) => ({ id: await org.addEnterprise(db, auth, input, req.ip) }),
  );
  call(
    app,
    '/lfscada/org/edit',
    { input: enterpriseSchema.extend({ id: formId }), access: platform },
    ({ input, auth, req }) => org.editEnterprise(db, auth, input.id, input, req.ip),
  );
  call(
    app,
    '/lfscada/org/disable',
    { input: byId.extend({ disabled: formBool }), access: platform },
    ({ input, auth, req }) => org.setEnterpriseDisabled(db, auth, input.id, input.disabled, req.ip),
  );
  call(app, '/lfscada/org/delete', { input: byId, access: platform }, ({ input, auth, req }) =>
    org.removeEnterprise(db, auth, input.id, req.ip),
  );

  call(app, '/lfscada/org/my/info', {}, ({ auth }) => org.myOrg(db, auth));
  call(app, '/lfscada/org/queryCompanyAndExternal', {}, async ({ auth }) => {
    const mine = await org.myOrg(db, auth);
    return { company: { id: mine.id, name: mine.name }, external: await externalCompaniesOf(db, auth.orgId) };
  });

  // choices for the account form, open to whoever manages accounts
  call(app, '/lfscada/org/options', { access: { perm: 'account_manage' } }, async ({ auth }) => ({
    departments: (await org.listDepartments(db, auth)).map(({ id, parentId, name }) => ({
      id,
      parentId,
      name,
    })),
    roles: (await org.listRoles(db, auth)).map(({ id, name, roleType }) => ({ id, name, roleType })),
  }));

  // departments
  const dept = { perm: 'dept_manage' } as const;
  call(app, '/lfscada/dept/query', { access: dept }, ({ auth }) => org.listDepartments(db, auth));
  call(app, '/lfscada/dept/add', { input: departmentSchema, access: dept }, async ({ input, auth, req }) => ({
    id: await org.addDepartment(db, auth, input, req.ip),
  }));
  call(
    app,
    '/lfscada/dept/edit',
    { input: departmentSchema.extend({ id: formId }), access: dept },
    ({ input, auth, req }) => org.editDepartment(db, auth, input.id, input, req.ip),
  );
  call(app, '/lfscada/dept/delete', { input: byId, access: dept }, ({ input, auth, req }) =>
    org.removeDepartment(db, auth, input.id, req.ip),
  );

  // roles
  const role = { perm: 'role_manage' } as const;
  call(app, '/lfscada/role/permissions', { access: role }, async () =>
    PERMISSIONS.filter((p) => p.level !== 'platform'),
  );
  call(
    app,
    '/lfscada/role/query',
    { input: z.object({ name: z.string().trim().max(30).optional() }), access: role },
    ({ input, auth }) => org.listRoles(db, auth, input.name),
  );
  call(app, '/lfscada/role/info', { input: byId, access: role }, ({ input, auth }) =>
    org.getRole(db, auth, input.id),
  );
  call(app, '/lfscada/role/add', { input: roleSchema, access: role }, async ({ input, auth, req }) => ({
    id: await org.addRole(db, auth, input, req.ip),
  }));
  call(
    app,
    '/lfscada/role/edit',
    { input: roleSchema.extend({ id: formId }), access: role },
    ({ input, auth, req }) => org.editRole(db, auth, input.id, input, req.ip),
  );
  call(app, '/lfscada/role/delete', { input: byId, access: role }, ({ input, auth, req }) =>
    org.removeRole(db, auth, input.id, req.ip),
  );
}
