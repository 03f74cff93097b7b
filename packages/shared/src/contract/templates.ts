import { defineCalls } from './define';

/** The templates calls (to be moved over from the server's route file). */
export const templatesCalls = defineCalls('templates', {});
