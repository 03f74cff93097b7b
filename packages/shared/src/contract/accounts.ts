import { z } from 'zod';
import { accountCreateSchema, accountEditSchema, accountQuerySchema } from '../auth/accountForms';
import { accountRowSchema } from '../auth/rows';
import { formBool, formId, listPageOf } from '../validation/form';
import { createdId, defineCalls, noData } from './define';

const byId = z.object({ id: formId });

/**
 * Account management of /manage/account/{co,int,ext,op} (docs/requirements/organisations-roles-permissions.md
 * §6): the permission depends on the kind of account, so the server's service checks it per call.
 */
export const accountsCalls = defineCalls('accounts', {
  query: {
    path: '/lfscada/account/query',
    input: accountQuerySchema,
    output: listPageOf(accountRowSchema),
    body: 'form',
    summary: 'A page of the accounts of one kind (segment), newest first',
  },
  info: {
    path: '/lfscada/account/info',
    input: byId,
    output: accountRowSchema,
    summary: 'One account the caller manages',
  },
  add: {
    path: '/lfscada/account/add',
    input: accountCreateSchema,
    output: createdId,
    body: 'form',
    summary: 'Creates an account of the given kind (segment)',
  },
  edit: {
    path: '/lfscada/account/edit',
    input: accountEditSchema,
    output: noData,
    body: 'form',
    summary: "Edits an account's fields (omitted fields are reset)",
  },
  disable: {
    path: '/lfscada/account/disable',
    input: byId.extend({ disabled: formBool }),
    output: noData,
    body: 'form',
    summary: 'Disables or enables an account',
  },
  resetPassword: {
    path: '/lfscada/account/resetPwd',
    input: byId.extend({ password: z.string().max(100) }),
    output: noData,
    body: 'form',
    summary: 'Sets a new password for an account the caller manages',
  },
  remove: {
    path: '/lfscada/account/delete',
    input: byId,
    output: noData,
    body: 'form',
    summary: 'Deletes an account',
  },
});
