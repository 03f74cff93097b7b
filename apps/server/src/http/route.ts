import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, Err, inputProblem, inputProblemText, type Lang } from '@fieldhub/shared';
import type { AuthContext, GuardedAccess, RouteAccess } from './context';
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

interface CallOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST';
  /** schema of the body (POST) or query string (GET) */
  input?: S;
  /** the permission key a guarded call needs */
  access?: GuardedAccess;
  /** largest accepted body in bytes */
  bodyLimit?: number;
}

interface CallContext<I, A> {
  input: I;
  req: FastifyRequest;
  reply: FastifyReply;
  auth: A;
  lang: Lang;
}

type Handler<I, A> = (ctx: CallContext<I, A>) => Promise<unknown>;

function register<S extends z.ZodType, A>(
  app: FastifyInstance,
  url: string,
  opts: Omit<CallOptions<S>, 'access'> & { access: RouteAccess },
  handler: Handler<z.infer<S>, A>,
): void {
  const method = opts.method ?? 'POST';
  app.route({
    method,
    url,
    config: { access: opts.access },
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    handler: async (req, reply) => {
      const raw = method === 'GET' ? req.query : req.body;
      const input = opts.input ? parseInput(opts.input, raw, req.lang) : (undefined as z.infer<S>);
      const data = await handler({ input, req, reply, auth: req.auth as A, lang: req.lang });
      if (reply.sent) return reply;
      return ok(data ?? null, req.lang);
    },
  });
}

/** A call that needs a logged-in session (and optionally a permission key). */
export function call<S extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  opts: CallOptions<S>,
  handler: Handler<z.infer<S>, AuthContext>,
): void {
  register(app, url, { ...opts, access: { ...opts.access, public: false } }, handler);
}

/** A call anyone may make (login, captcha, theme). */
export function publicCall<S extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  opts: Omit<CallOptions<S>, 'access'>,
  handler: Handler<z.infer<S>, AuthContext | null>,
): void {
  register(app, url, { ...opts, access: { public: true, readsSession: true } }, handler);
}
