import { defineCalls } from './define';

/** The messages calls (to be moved over from the server's route file). */
export const messagesCalls = defineCalls('messages', {});
