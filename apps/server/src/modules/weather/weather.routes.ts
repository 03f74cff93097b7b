import type { FastifyInstance } from 'fastify';
import { weatherCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { createWeatherService } from './weather.service';

/** The weather widget's call (docs/requirements/widgets.md §4.6), answered from the provider through a 10-minute cache. */
export function weatherRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = createWeatherService(ctx.config, ctx.clock);
  handle(app, weatherCalls.current, ({ input }) => service.current(input));
}
