import { defineCalls } from './define';

/** The user calls (to be moved over from the server's route file). */
export const userCalls = defineCalls('user', {});
