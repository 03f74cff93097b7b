import { z } from 'zod';

/**
 * Form-encoded bodies carry every value as a string; these accept both the JSON type and its
 * string form so one schema serves form and JSON calls.
 */
export const formBool = z.union([z.boolean(), z.stringbool()]);
export const formInt = z.coerce.number().int();
export const formId = z.coerce.number().int().positive();
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v ?? '');

/**
 * Paging of list calls: `pageNum` from 1, `pageSize` default 10 (docs/requirements/client-rules.md §8), at
 * most 500.
 */
export const pagingSchema = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
});
export type Paging = z.infer<typeof pagingSchema>;

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** The answer schema of a paged list call (`Page<T>`): its rows, the total and the paging asked for. */
export const listPageOf = <R extends z.ZodType>(row: R) =>
  z.object({
    list: z.array(row),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });

/** An id that may be left empty (form field not chosen): '' and null become null. */
export const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined || v === null || v === 'null' ? null : v),
  z.coerce.number().int().positive().nullable(),
);

/** A list of ids; a single id (one form field) counts as a list of one. */
export const idListSchema = (max: number) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]),
    z.array(formId).min(1).max(max),
  );
