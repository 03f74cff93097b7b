import type { FastifyInstance } from 'fastify';
import { weatherCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { claimRequest } from '../../http/requestBudget.repo';
import { AppError, Err } from '@fieldhub/shared';
import { createWeatherService } from './weather.service';

/** Weather answers one account may ask for in 10 minutes: a page of cards, refreshed, with room to spare. */
export const WEATHER_ASKS_PER_WINDOW = 60;

/** The weather widget's call (docs/requirements/widgets.md §4.6), answered from the provider through a 10-minute cache. */
export function weatherRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = createWeatherService(ctx.config, ctx.clock);
  handle(app, weatherCalls.current, async ({ input, auth }) => {
    const at = ctx.clock.now();
    if (!(await claimRequest(ctx.db, `weather:${auth.accountId}`, at, 10 * 60_000, WEATHER_ASKS_PER_WINDOW)))
      throw new AppError(Err.tooManyRequests);
    return service.current(input);
  });
}
