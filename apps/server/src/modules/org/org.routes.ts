import type { FastifyInstance } from 'fastify';
import { orgCalls, PERMISSIONS } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { externalCompaniesOf } from './org.repo';
import * as org from './org.service';

/** Enterprises (/manage/orgal/enterprise), departments (/dept) and roles (/role). */
export function orgRoutes(app: FastifyInstance, { db }: AppContext): void {
  // enterprises: platform operators only
  handle(app, orgCalls.enterpriseQuery, ({ input }) => org.listEnterprises(db, input));
  handle(app, orgCalls.enterpriseInfo, ({ input }) => org.getEnterprise(db, input.id));
  handle(app, orgCalls.enterpriseAdd, async ({ input, auth, req }) => ({
    id: await org.addEnterprise(db, auth, input, req.ip),
  }));
  handle(app, orgCalls.enterpriseEdit, ({ input, auth, req }) =>
    org.editEnterprise(db, auth, input.id, input, req.ip),
  );
  handle(app, orgCalls.enterpriseDisable, ({ input, auth, req }) =>
    org.setEnterpriseDisabled(db, auth, input.id, input.disabled, req.ip),
  );
  handle(app, orgCalls.enterpriseDelete, ({ input, auth, req }) =>
    org.removeEnterprise(db, auth, input.id, req.ip),
  );

  handle(app, orgCalls.myOrg, ({ auth }) => org.myOrg(db, auth));
  handle(app, orgCalls.companies, async ({ auth }) => {
    const mine = await org.myOrg(db, auth);
    return { company: { id: mine.id, name: mine.name }, external: await externalCompaniesOf(db, auth.orgId) };
  });

  // choices for the account form, open to whoever manages accounts
  handle(app, orgCalls.accountOptions, async ({ auth }) => ({
    departments: (await org.listDepartments(db, auth)).map(({ id, parentId, name }) => ({
      id,
      parentId,
      name,
    })),
    roles: (await org.listRoles(db, auth)).map(({ id, name, roleType }) => ({ id, name, roleType })),
  }));

  // departments
  handle(app, orgCalls.deptQuery, ({ auth }) => org.listDepartments(db, auth));
  handle(app, orgCalls.deptAdd, async ({ input, auth, req }) => ({
    id: await org.addDepartment(db, auth, input, req.ip),
  }));
  handle(app, orgCalls.deptEdit, ({ input, auth, req }) =>
    org.editDepartment(db, auth, input.id, input, req.ip),
  );
  handle(app, orgCalls.deptDelete, ({ input, auth, req }) =>
    org.removeDepartment(db, auth, input.id, req.ip),
  );

  // roles
  handle(app, orgCalls.rolePermissions, async () => PERMISSIONS.filter((p) => p.level !== 'platform'));
  handle(app, orgCalls.roleQuery, ({ input, auth }) => org.listRoles(db, auth, input.name));
  handle(app, orgCalls.roleInfo, ({ input, auth }) => org.getRole(db, auth, input.id));
  handle(app, orgCalls.roleAdd, async ({ input, auth, req }) => ({
    id: await org.addRole(db, auth, input, req.ip),
  }));
  handle(app, orgCalls.roleEdit, ({ input, auth, req }) => org.editRole(db, auth, input.id, input, req.ip));
  handle(app, orgCalls.roleDelete, ({ input, auth, req }) => org.removeRole(db, auth, input.id, req.ip));
}
