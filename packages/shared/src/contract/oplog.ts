import { defineCalls } from './define';

/** The operation-log calls (to be moved over from the server's route file). */
export const oplogCalls = defineCalls('operation-log', {});
