import { defineCalls } from './define';

/** The bulk calls (to be moved over from the server's route file). */
export const bulkCalls = defineCalls('bulk', {});
