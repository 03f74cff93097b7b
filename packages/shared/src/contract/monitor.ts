import { defineCalls } from './define';

/** The monitor calls (to be moved over from the server's route file). */
export const monitorCalls = defineCalls('monitor', {});
