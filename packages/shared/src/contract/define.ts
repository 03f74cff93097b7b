import { z } from 'zod';
import type { PermissionKey } from '../auth/permissions';

/**
 * The call contract (docs/requirements/client-rules.md §2, DESIGN "one call contract"): each
 * platform call is defined once here, in packages/shared. The server registers its handler from
 * the definition (path, method, input schema, access), the web client calls it by definition and
 * is typed by the output schema, and the OpenAPI document (openapi.ts) is generated from the same
 * list. A call that is not in the contract does not exist for the web app.
 */

/** Who may make a call: anyone, or a logged-in account holding an optional permission key. */
export type CallAccess =
  | {
      public: true;
      /** load the caller's session when the cookie carries one (a public call that greets a logged-in user) */
      readsSession?: boolean;
    }
  | { public?: false; perm?: PermissionKey };

/** What a success answers: see CallDef.answer. */
export type CallAnswer = 'envelope' | 'file' | 'bare';

/** How the web client sends the input: a form-encoded body (dotted keys), JSON, or multipart with a file. */
export type CallBody = 'form' | 'json' | 'multipart';

export interface CallDef<
  I extends z.ZodType | undefined = z.ZodType | undefined,
  O extends z.ZodType = z.ZodType,
> {
  readonly path: string;
  readonly method: 'GET' | 'POST';
  /** the body (POST) or query string (GET); absent for a call that reads no input */
  readonly input: I;
  /** `data` of the success envelope, or for a file answer the envelope of a refusal only */
  readonly output: O;
  readonly access: CallAccess;
  readonly body: CallBody;
  /**
   * `envelope`: `{code, message, data}`; `file`: the answer is a file; `bare`: the output as JSON
   * without the envelope (a third party's format). Refusals are envelopes in every case.
   */
  readonly answer: CallAnswer;
  /** one line for integrators (OpenAPI summary) */
  readonly summary: string;
  /** the area the call belongs to (OpenAPI tag) */
  readonly tag: string;
  /** largest accepted body in bytes, when not the server's default */
  readonly bodyLimit?: number;
}

interface CallSpec<I extends z.ZodType | undefined, O extends z.ZodType> {
  path: string;
  method?: 'GET' | 'POST';
  input?: I;
  output: O;
  /** default: a logged-in account, no permission key */
  access?: CallAccess;
  /** default: json */
  body?: CallBody;
  answer?: CallAnswer;
  summary: string;
  bodyLimit?: number;
}

/** Defines the calls of one area, each tagged with the area's name. */
export function defineCalls<T extends Record<string, CallSpec<z.ZodType | undefined, z.ZodType>>>(
  tag: string,
  specs: T,
): { [K in keyof T]: CallDef<T[K]['input'] extends z.ZodType ? T[K]['input'] : undefined, T[K]['output']> } {
  const out: Record<string, CallDef> = {};
  for (const [name, s] of Object.entries(specs)) {
    out[name] = {
      path: s.path,
      method: s.method ?? 'POST',
      input: s.input,
      output: s.output,
      access: s.access ?? {},
      body: s.body ?? 'json',
      answer: s.answer ?? 'envelope',
      summary: s.summary,
      tag,
      ...(s.bodyLimit ? { bodyLimit: s.bodyLimit } : {}),
    };
  }
  return out as never;
}

/** The answer of a call that returns nothing (`data: null`). */
export const noData = z.null();

/** `{ id }` of a created row. */
export const createdId = z.object({ id: z.number().int() });

/** What the caller passes: the input schema's input side (undefined when the call reads none). */
export type CallInput<C extends CallDef> = C['input'] extends z.ZodType ? z.input<C['input']> : undefined;
/** What the caller gets: the output schema's output side. */
export type CallOutput<C extends CallDef> = z.output<C['output']>;
/** What a server handler returns: the output schema's input side. */
export type CallResult<C extends CallDef> = z.input<C['output']>;

/**
 * A time in an answer: the server hands a Date (or a text already), the client receives the
 * ISO 8601 text that JSON makes of it.
 */
export const answerTime = z.codec(z.union([z.date(), z.string()]), z.string(), {
  decode: (v) => (typeof v === 'string' ? v : v.toISOString()),
  encode: (v) => v,
});
