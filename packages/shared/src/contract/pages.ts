import { z } from 'zod';
import {
  PAGE_DOCUMENT_MAX_BYTES,
  PAGE_THUMBNAIL_MAX,
  pageAddSchema,
  pageEditSchema,
  pageIdSchema,
  pageInfoInputSchema,
  pageInfoSchema,
  pagePasswordSchema,
  pageQueryHomeSchema,
  pageQuerySchema,
  pageRowSchema,
  pageSaveAnswerSchema,
  pageSaveSchema,
  pageSeqSaveSchema,
} from '../pages/pageCalls';
import { defineCalls, noData } from './define';

// room for a document at the size limit plus its thumbnail; a larger body answers 10008
const SAVE_BODY_LIMIT = PAGE_DOCUMENT_MAX_BYTES + PAGE_THUMBNAIL_MAX + 64 * 1024;

/**
 * Configuration-page storage (docs/requirements/pages-and-designer.md §13): the pages of a device,
 * a template or a project. Permission and tenant checks depend on the page's owner, so they
 * happen in the server's service; a page of another enterprise answers 1903.
 */
export const pagesCalls = defineCalls('pages', {
  list: {
    path: '/lfscada/configuration/page/query',
    input: pageQuerySchema,
    output: z.array(pageRowSchema),
    summary: "The owner's pages by seq, without documents",
  },
  home: {
    path: '/lfscada/configuration/page/queryHome',
    input: pageQueryHomeSchema,
    output: pageRowSchema.nullable(),
    summary: "The owner's first page by seq, or null",
  },
  info: {
    path: '/lfscada/configuration/page/info',
    input: pageInfoInputSchema,
    output: pageInfoSchema,
    summary: 'One page with its document (locked without it until its password was given)',
  },
  validPassword: {
    path: '/lfscada/configuration/page/validPassword',
    input: pagePasswordSchema,
    output: noData,
    summary: 'Opens a password-protected page for this login session',
  },
  add: {
    path: '/lfscada/configuration/page/add',
    input: pageAddSchema,
    output: pageRowSchema,
    summary: "Adds an empty page at the end of the owner's list",
  },
  edit: {
    path: '/lfscada/configuration/page/edit',
    input: pageEditSchema,
    output: pageRowSchema,
    summary: 'Renames a page and sets or removes its password',
  },
  save: {
    path: '/lfscada/configuration/page/save',
    input: pageSaveSchema,
    output: pageSaveAnswerSchema,
    bodyLimit: SAVE_BODY_LIMIT,
    summary: 'Stores a page document over the version it was read in (1905 when stale)',
  },
  remove: {
    path: '/lfscada/configuration/page/delete',
    input: pageIdSchema,
    output: noData,
    summary: 'Deletes a page',
  },
  copy: {
    path: '/lfscada/configuration/page/copy',
    input: pageIdSchema,
    output: pageRowSchema,
    summary: "Copies a page to the end of its owner's list",
  },
  saveSeq: {
    path: '/lfscada/configuration/page/seq/save',
    input: pageSeqSaveSchema,
    output: z.array(pageRowSchema),
    summary: "Stores the order of the owner's pages",
  },
});
