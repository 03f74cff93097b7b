import type { FastifyInstance } from 'fastify';
import { opsCenterCalls as calls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { opsWall } from './opscenter.service';

/**
 * The operating centre (docs/requirements/data-views.md §1): the wall of project cards. Opening a card
 * shows the project's home page through the project monitoring calls (projects.md §7).
 */
export function opsCenterRoutes(app: FastifyInstance, ctx: AppContext): void {
  handle(app, calls.wall, ({ auth }) => opsWall(ctx.db, auth, ctx.clock.now()));
}
