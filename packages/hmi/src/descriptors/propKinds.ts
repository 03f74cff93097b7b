/**
 * Field kinds of the widget props schemas (widgetProps.ts), as tolerant as the bodies that read
 * them: every field is optional (older pages lack some) and numbers saved as text still pass.
 */
import { z } from 'zod';

type Shape = Record<string, z.ZodType>;

export const text = z.string().optional();
/** An id or free value some editors saved as a number. */
export const textOrNumber = z.union([z.string(), z.number()]).optional();
/** A number, or a number saved as text by older editors. */
export const numeric = z
  .union([z.number(), z.string().regex(/^\s*-?\d+(\.\d+)?\s*$/, 'not a number')])
  .optional();
/** A number as the common style fields require it (document.ts styleSchema). */
export const number = z.number().optional();
/** A switch, or its legacy 0/1 and text forms. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])])
  .optional();
export const list = z.array(z.unknown()).optional();
export const oneOf = <const V extends readonly [string, ...string[]]>(values: V) => z.enum(values).optional();
export const nested = (shape: Shape) => z.looseObject(shape).optional();

/** The font object of text-like widgets. */
export const font = nested({ family: text, size: numeric, weight: text, italic: flag });

/** The font of a new text-like widget. */
export const DEFAULT_FONT = { family: 'Microsoft YaHei', size: 14, weight: 'normal', italic: false };
