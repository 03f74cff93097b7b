import { defineCalls } from './define';

/** The gateway-link calls (to be moved over from the server's route file). */
export const linkCalls = defineCalls('gateway-link', {});
