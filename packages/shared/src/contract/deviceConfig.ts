import { defineCalls } from './define';

/** The device-config calls (to be moved over from the server's route file). */
export const deviceConfigCalls = defineCalls('device-config', {});
