import { z } from 'zod';
import { PAGE_DOCUMENT_MAX_BYTES } from '../pages/pageCalls';
import { formId } from '../validation/form';
import { answerTime, defineCalls, noData } from './define';

/**
 * Symbols and the configuration market (docs/requirements/pages-and-designer.md §12.2–§12.3,
 * back-office.md §6). A symbol is an enterprise's saved selection whose bindings are placeholders
 * (packages/hmi symbol.ts), stored as its symbol file; names unique in the enterprise (2132).
 * A market template is a page document the platform operator publishes for every enterprise's
 * designers; names unique (2133); only `platform_system` writes them.
 */
export const SYMBOL_FILE_MAX_BYTES = 1024 * 1024;
/** A template's cover picture, sent as a `data:` address of a PNG, JPEG, GIF or WebP image. */
export const TEMPLATE_COVER_MAX_BYTES = 256 * 1024;

const name = z.string().trim().min(1).max(50);

export const symbolRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  widgetCount: z.number().int(),
  placeholderCount: z.number().int(),
  createdAt: answerTime,
});
export type SymbolRow = z.infer<typeof symbolRowSchema>;

export const symbolInfoSchema = symbolRowSchema.extend({
  /** the symbol file (hmi `SymbolFile`) */
  file: z.unknown(),
});

export const symbolAddSchema = z.object({
  name,
  /** a symbol file (hmi `symbolFile`): checked by hmi `parseSymbol` on the server */
  file: z.unknown(),
});

export const pageTemplateRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** `data:` address of the cover picture, '' for none */
  cover: z.string(),
  widgetCount: z.number().int(),
  updatedAt: answerTime,
});
export type PageTemplateRow = z.infer<typeof pageTemplateRowSchema>;

export const pageTemplateInfoSchema = pageTemplateRowSchema.extend({ document: z.unknown() });

const coverSchema = z
  .string()
  .max(Math.ceil((TEMPLATE_COVER_MAX_BYTES * 4) / 3) + 64)
  .default('');

export const pageTemplateAddSchema = z.object({
  name,
  description: z.string().trim().max(500).default(''),
  cover: coverSchema,
  /** the page document (any saved version; migrated and validated as a page) */
  document: z.unknown(),
});

export const pageTemplateEditSchema = pageTemplateAddSchema.extend({
  id: formId,
  /** absent: keep the stored document */
  document: z.unknown().optional(),
});

const platform = { perm: 'platform_system' } as const;
const symbolBase = '/lfscada/configuration/symbol';
const marketBase = '/lfscada/configuration/market';

export const marketCalls = defineCalls('market', {
  symbols: {
    path: `${symbolBase}/query`,
    output: z.array(symbolRowSchema),
    summary: "The enterprise's symbols by name",
  },
  symbolInfo: {
    path: `${symbolBase}/info`,
    input: z.object({ id: formId }),
    output: symbolInfoSchema,
    summary: 'One symbol of the enterprise with its file',
  },
  symbolAdd: {
    path: `${symbolBase}/add`,
    input: symbolAddSchema,
    output: symbolRowSchema,
    bodyLimit: SYMBOL_FILE_MAX_BYTES + 16 * 1024,
    summary: 'Saves a symbol (a symbol file ≤ 1 MB); needs a page-designing permission',
  },
  symbolRemove: {
    path: `${symbolBase}/delete`,
    input: z.object({ id: formId }),
    output: noData,
    summary: 'Deletes a symbol of the enterprise (placed copies stay on their pages)',
  },
  templates: {
    path: `${marketBase}/query`,
    input: z.object({ name: z.string().trim().max(50).optional() }),
    output: z.array(pageTemplateRowSchema),
    summary: "The market's page templates by name, for every enterprise's designers",
  },
  templateInfo: {
    path: `${marketBase}/info`,
    input: z.object({ id: formId }),
    output: pageTemplateInfoSchema,
    summary: 'One template with its page document',
  },
  templateAdd: {
    path: `${marketBase}/add`,
    input: pageTemplateAddSchema,
    output: pageTemplateRowSchema,
    access: platform,
    bodyLimit: PAGE_DOCUMENT_MAX_BYTES + TEMPLATE_COVER_MAX_BYTES * 2,
    summary: 'Publishes a page template (name unique, 2133)',
  },
  templateEdit: {
    path: `${marketBase}/edit`,
    input: pageTemplateEditSchema,
    output: pageTemplateRowSchema,
    access: platform,
    bodyLimit: PAGE_DOCUMENT_MAX_BYTES + TEMPLATE_COVER_MAX_BYTES * 2,
    summary: "Changes a template's name, description, cover or document",
  },
  templateRemove: {
    path: `${marketBase}/delete`,
    input: z.object({ id: formId }),
    output: noData,
    access: platform,
    summary: 'Removes a template from the market (pages made from it stay)',
  },
});
