import { defineCalls } from './define';

/** The auth calls (to be moved over from the server's route file). */
export const authCalls = defineCalls('auth', {});
