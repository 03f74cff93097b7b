import type { FastifyInstance } from 'fastify';
import { AppError, Err, lockCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { SESSION_COOKIE } from '../auth/sessions';
import * as lock from './lock.service';

/** The lock certificate (docs/requirements/account-security.md §5). */
export function lockRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  handle(app, lockCalls.random, ({ auth }) => lock.issueChallenge(db, clock, auth));
  handle(app, lockCalls.validLockCert, async ({ input, auth, req, reply }) => {
    try {
      await lock.validateLock(db, clock, auth, input.verifyData, req.ip);
    } catch (err) {
      if (err instanceof AppError && err.code === Err.lockValidationFailed)
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw err;
    }
  });
  handle(app, lockCalls.setLock, ({ input, auth, req }) => lock.setAccountLock(db, auth, input, req.ip));
}
