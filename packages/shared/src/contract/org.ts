import { defineCalls } from './define';

/** The org calls (to be moved over from the server's route file). */
export const orgCalls = defineCalls('org', {});
