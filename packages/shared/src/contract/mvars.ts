import { defineCalls } from './define';

/** The mvars calls (to be moved over from the server's route file). */
export const mvarsCalls = defineCalls('mvars', {});
