import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  Err,
  inputProblem,
  inputProblemText,
  type CallDef,
  type CallResult,
  type Lang,
} from '@fieldhub/shared';
import type { AuthContext, RouteAccess } from './context';
import { ok } from './envelope';

const zodLocale: Record<Lang, z.core.$ZodErrorMap> = {
  'zh-CN': z.locales.zhCN().localeError,
  'en-US': z.locales.en().localeError,
};

/**
 * Validates call input with a zod schema; a failure is catalogue code 10001 naming the field.
 * Before the schema, the one input rule of packages/shared (storable text, bounded nesting)
 * looks at the whole input, so no call stores a NUL or a lone surrogate whatever its schema says.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, lang: Lang): z.infer<S> {
  const problem = inputProblem(raw);
  if (problem)
    throw new AppError(Err.parameterCheckFailed, { params: { detail: inputProblemText(problem, lang) } });
  const result = schema.safeParse(raw ?? {}, { error: zodLocale[lang] });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new AppError(Err.parameterCheckFailed, { params: { detail: `${where}${issue?.message ?? ''}` } });
}

interface RouteOptions {
  method: 'GET' | 'POST';
  /** schema of the body (POST) or query string (GET) */
  input: z.ZodType | undefined;
  access: RouteAccess;
  /** largest accepted body in bytes */
  bodyLimit?: number;
  /** the answer is sent as it is, without the envelope */
  bare?: boolean;
}

interface CallContext<I, A> {
  input: I;
  req: FastifyRequest;
  reply: FastifyReply;
  auth: A;
  lang: Lang;
}

type Handler<I, A> = (ctx: CallContext<I, A>) => Promise<unknown>;

function register(
  app: FastifyInstance,
  url: string,
  opts: RouteOptions,
  handler: Handler<unknown, unknown>,
): void {
  const { method } = opts;
  app.route({
    method,
    url,
    config: { access: opts.access },
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    handler: async (req, reply) => {
      const raw = method === 'GET' ? req.query : req.body;
      const input = opts.input ? parseInput(opts.input, raw, req.lang) : undefined;
      const data = await handler({ input, req, reply, auth: req.auth, lang: req.lang });
      if (reply.sent) return reply;
      return opts.bare ? data : ok(data ?? null, req.lang);
    },
  });
}

type ContractInput<C extends CallDef> = C['input'] extends z.ZodType ? z.output<C['input']> : undefined;
type ContractAuth<C extends CallDef> = C['access'] extends { public: true }
  ? AuthContext | null
  : AuthContext;
// a call answering `data: null` may return nothing
type ContractReturn<C extends CallDef> = null extends CallResult<C> ? CallResult<C> | void : CallResult<C>;

/**
 * Registers the handler of a contract call (packages/shared/src/contract): path, method, input
 * schema, access and body limit come from the definition, so server and web app cannot disagree.
 * With CHECK_ANSWERS on (tests), the answer is checked against the output schema before it is sent.
 */
export function handle<C extends CallDef>(
  app: FastifyInstance,
  def: C,
  handler: (ctx: CallContext<ContractInput<C>, ContractAuth<C>>) => Promise<ContractReturn<C>>,
): void {
  const access: RouteAccess = def.access.public
    ? { public: true, ...(def.access.readsSession ? { readsSession: true } : {}) }
    : { public: false, ...(def.access.perm ? { perm: def.access.perm } : {}) };
  const checked: Handler<ContractInput<C>, ContractAuth<C>> = async (ctx) => {
    const data = await handler(ctx);
    if (app.checkAnswers && !ctx.reply.sent && def.answer !== 'file') {
      const result = def.output.safeParse(data ?? null);
      const unlisted = result.success ? unlistedFields(data ?? null, result.data) : [];
      if (unlisted.length) {
        ctx.req.log.error({ call: def.path, unlisted }, 'answer has fields its contract does not list');
        throw new Error(
          `answer of ${def.path} has fields its contract does not list: ${unlisted.join(', ')}`,
        );
      }
      if (!result.success) {
        ctx.req.log.error(
          { call: def.path, issues: result.error.issues },
          'answer does not match its contract',
        );
        throw new Error(
          `answer of ${def.path} does not match its contract: ${z.prettifyError(result.error)}`,
        );
      }
    }
    return data;
  };
  register(
    app,
    def.path,
    {
      method: def.method,
      input: def.input,
      access,
      bare: def.answer === 'bare',
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    },
    checked as Handler<unknown, unknown>,
  );
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Fields an answer carries that its parsed form dropped (a zod object strips keys it does not
 * list): the contract must describe every field, so the OpenAPI document is complete.
 */
function unlistedFields(sent: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed))
    return sent.flatMap((item, i) => unlistedFields(item, parsed[i], `${at}[${i}]`));
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const path = at ? `${at}.${key}` : key;
    return key in parsed ? unlistedFields(value, parsed[key], path) : [path];
  });
}
