import { defineCalls } from './define';

/** The pages calls (to be moved over from the server's route file). */
export const pagesCalls = defineCalls('pages', {});
