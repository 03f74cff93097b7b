import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, Err, isAppError, pickLang, LANG_COOKIE } from '@fieldhub/shared';

/** Turns every failure into the envelope `{code, message, data}` in the caller's language. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const lang = req.lang ?? pickLang(req.cookies?.[LANG_COOKIE], req.headers['accept-language']);
    let appError: AppError;
    let status = 200;
    if (isAppError(error)) {
      appError = error;
    } else if (error.validation || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      appError = new AppError(Err.parameterCheckFailed, { params: { detail: error.message } });
      status = 400;
    } else if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      appError = new AppError(Err.fileTooLarge);
      status = 413;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // malformed JSON, bad content length and other client mistakes caught by Fastify
      appError = new AppError(Err.parameterCheckFailed, { params: { detail: error.message } });
      status = 400;
    } else {
      req.log.error({ err: error }, 'unhandled error');
      appError = new AppError(Err.unknownError);
      status = 500;
    }
    void reply.status(status).send({
      code: String(appError.code),
      message: appError.messageIn(lang),
      data: appError.data ?? null,
    });
  });

  app.setNotFoundHandler((req, reply) => {
    const lang = req.lang ?? pickLang(req.cookies?.[LANG_COOKIE], req.headers['accept-language']);
    const e = new AppError(Err.addressNotFound);
    void reply.status(404).send({ code: String(e.code), message: e.messageIn(lang), data: null });
  });
}
