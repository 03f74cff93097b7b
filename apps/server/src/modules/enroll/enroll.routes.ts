import type { FastifyInstance } from 'fastify';
import { enrollCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import * as enroll from './enroll.service';

/** Enrollment (docs/requirements/account-security.md §4): invitations, and registering through them. */
export function enrollRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  handle(app, enrollCalls.query, ({ input, auth }) => enroll.listInvitations(db, clock, auth, input));
  handle(app, enrollCalls.add, ({ input, auth, req }) =>
    enroll.createInvitation(db, clock, auth, input, req.ip),
  );
  handle(app, enrollCalls.revoke, ({ input, auth, req }) =>
    enroll.revokeInvitation(db, auth, input.id, req.ip),
  );
  handle(app, enrollCalls.requests, ({ input, auth }) => enroll.listEnrollments(db, auth, input));
  handle(app, enrollCalls.approve, ({ input, auth, req }) =>
    enroll.approve(db, clock, auth, input.id, req.ip),
  );
  handle(app, enrollCalls.refuse, ({ input, auth, req }) => enroll.refuse(db, clock, auth, input.id, req.ip));
  handle(app, enrollCalls.info, ({ input, req }) => enroll.invitationInfo(db, clock, input, req.ip));
  handle(app, enrollCalls.register, ({ input, req }) => enroll.register(db, clock, input, req.ip));
}
