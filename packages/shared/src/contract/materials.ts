import { z } from 'zod';
import { formId } from '../validation/form';
import { defineCalls, noData } from './define';

/**
 * The page designer's material library (docs/requirements/pages-and-designer.md §12.1): images of the
 * enterprise (PNG, JPEG, GIF, WebP, SVG; the type read from the bytes; an SVG stored sanitised, its
 * scripts, event handlers and outside references left out, one with a document type refused), at most 10 per upload (2801), each at most
 * 2 MB (10008), served under `/userimg/<key>` to the enterprise's accounts.
 */
export const MATERIALS_PER_UPLOAD = 10;
export const MATERIAL_MAX_BYTES = 2 * 1024 * 1024;
export const USERIMG_PATH = '/userimg';

export const materialRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  /** where the image is served: `/userimg/<key>` */
  url: z.string(),
  createdAt: z.number(),
});
export type MaterialRow = z.infer<typeof materialRowSchema>;

/** A material as the upload answers it: `cleaned` when unsafe parts of its SVG were left out. */
export const uploadedMaterialSchema = materialRowSchema.extend({ cleaned: z.boolean() });
export type UploadedMaterial = z.infer<typeof uploadedMaterialSchema>;

export const materialQuerySchema = z.object({
  /** a part of the name */
  name: z.string().trim().max(100).optional(),
});

const base = '/lfscada/configuration/material';

export const materialsCalls = defineCalls('materials', {
  list: {
    path: `${base}/query`,
    input: materialQuerySchema,
    output: z.array(materialRowSchema),
    summary: "The enterprise's materials, newest first (at most 500)",
  },
  upload: {
    path: `${base}/upload`,
    output: z.array(uploadedMaterialSchema),
    body: 'multipart',
    summary:
      'Adds up to 10 images (fields `file`, repeated; each ≤ 2 MB; PNG, JPEG, GIF, WebP or SVG, an SVG stored sanitised); needs a page-designing permission',
  },
  remove: {
    path: `${base}/delete`,
    input: z.object({ id: formId }),
    output: noData,
    summary: 'Deletes a material of the enterprise (pages that show it show nothing there)',
  },
});
