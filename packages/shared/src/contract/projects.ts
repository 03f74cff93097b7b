import { z } from 'zod';
import { pageRowSchema } from '../pages/pageCalls';
import {
  projectAddSchema,
  projectEditSchema,
  projectEditShareAuthSchema,
  projectEditSharePwdSchema,
  projectIdSchema,
  projectInfoSchema,
  projectQueryAllByUserSchema,
  projectQueryAllSchema,
  projectRowSchema,
  projectSeqSaveSchema,
  projectShareInfoSchema,
  projectUserRowSchema,
} from '../project/projectCalls';
import {
  projectBindableEquipSchema,
  projectEquipAddSchema,
  projectEquipDeleteSchema,
  projectEquipQueryAllSchema,
  projectEquipQueryNoBindSchema,
  projectEquipQuerySchema,
  projectEquipRowSchema,
  projectEquipUpdateKeySchema,
} from '../project/projectEquip';
import {
  projectAccountSchema,
  projectMemberSchema,
  projectPmsnAddSchema,
  projectPmsnDeleteSchema,
  projectPmsnEditSchema,
  projectPmsnQueryNoPmsnUserSchema,
  projectPmsnQuerySchema,
} from '../project/projectMembers';
import { listPageOf } from '../validation/form';
import { defineCalls, noData } from './define';

/**
 * Projects, the operations centres (docs/requirements/projects.md §9): the project itself, its
 * members (pmsn) and its bound devices (equip). The permission and membership checks depend on
 * the project, so they happen in the server's services: managing needs project_manage, while
 * queryAllByUser, info and equip/queryAll are also open to members with ops_center.
 */
export const projectsCalls = defineCalls('projects', {
  queryAll: {
    path: '/lfscada/project/queryAll',
    input: projectQueryAllSchema,
    output: listPageOf(projectRowSchema),
    summary: "A page of the enterprise's projects, by seq then id (project_manage)",
  },
  queryAllByUser: {
    path: '/lfscada/project/queryAllByUser',
    input: projectQueryAllByUserSchema,
    output: z.array(projectUserRowSchema),
    summary: 'The projects the caller may open, each with the pages it may see counted',
  },
  info: {
    path: '/lfscada/project/info',
    input: projectIdSchema,
    output: projectInfoSchema,
    summary: 'One project with the pages the caller may see, by seq',
  },
  add: {
    path: '/lfscada/project/add',
    input: projectAddSchema,
    output: projectRowSchema,
    summary: 'Adds a project',
  },
  edit: {
    path: '/lfscada/project/edit',
    input: projectEditSchema,
    output: projectRowSchema,
    summary: "Edits a project's fields",
  },
  remove: {
    path: '/lfscada/project/delete',
    input: projectIdSchema,
    output: noData,
    summary: 'Deletes a project with its pages, members and bound devices',
  },
  editSharePwd: {
    path: '/lfscada/project/editSharePwd',
    input: projectEditSharePwdSchema,
    output: noData,
    summary: "Sets or removes the password of the project's shared link",
  },
  shareInfo: {
    path: '/lfscada/project/queryShareInfo',
    input: projectIdSchema,
    output: projectShareInfoSchema,
    summary: "The project's shared link: on or off, its token and what it may do",
  },
  editShareAuth: {
    path: '/lfscada/project/editShareAuth',
    input: projectEditShareAuthSchema,
    output: projectShareInfoSchema,
    summary: 'Turns the shared link on or off and sets what it may do',
  },
  savePageSeq: {
    path: '/lfscada/project/seq/save',
    input: projectSeqSaveSchema,
    output: z.array(pageRowSchema),
    summary: "Stores the order of the project's pages (the first is the home page)",
  },

  members: {
    path: '/lfscada/project/pmsn/query',
    input: projectPmsnQuerySchema,
    output: z.array(projectMemberSchema),
    summary: "The project's members with their page permissions, by login name",
  },
  nonMembers: {
    path: '/lfscada/project/pmsn/queryNoPmsnUser',
    input: projectPmsnQueryNoPmsnUserSchema,
    output: z.array(projectAccountSchema),
    summary: "The enterprise's enabled accounts that are not members of the project yet",
  },
  addMembers: {
    path: '/lfscada/project/pmsn/add',
    input: projectPmsnAddSchema,
    output: z.array(projectMemberSchema),
    summary: 'Makes accounts members of the project, each with the same page permissions',
  },
  editMember: {
    path: '/lfscada/project/pmsn/edit',
    input: projectPmsnEditSchema,
    output: projectMemberSchema,
    summary: "Replaces a member's page permissions",
  },
  removeMembers: {
    path: '/lfscada/project/pmsn/delete',
    input: projectPmsnDeleteSchema,
    output: noData,
    summary: 'Removes members from the project',
  },

  bindableEquip: {
    path: '/lfscada/project/equip/queryNoBindEquip',
    input: projectEquipQueryNoBindSchema,
    output: listPageOf(projectBindableEquipSchema),
    summary: 'A page of the devices the caller may bind to the project, by name',
  },
  addEquip: {
    path: '/lfscada/project/equip/add',
    input: projectEquipAddSchema,
    output: z.array(projectEquipRowSchema),
    summary: 'Binds devices to the project, each with a key unique in the project',
  },
  equip: {
    path: '/lfscada/project/equip/query',
    input: projectEquipQuerySchema,
    output: listPageOf(projectEquipRowSchema),
    summary: 'A page of the devices bound to the project, by key',
  },
  allEquip: {
    path: '/lfscada/project/equip/queryAll',
    input: projectEquipQueryAllSchema,
    output: z.array(projectEquipRowSchema),
    summary: 'Every device bound to the project, by key (designer, formulas, viewer)',
  },
  removeEquip: {
    path: '/lfscada/project/equip/delete',
    input: projectEquipDeleteSchema,
    output: noData,
    summary: 'Unbinds devices from the project',
  },
  updateEquipKey: {
    path: '/lfscada/project/equip/updateKey',
    input: projectEquipUpdateKeySchema,
    output: projectEquipRowSchema,
    summary: "Renames a bound device's key and, when given, its title",
  },
});
