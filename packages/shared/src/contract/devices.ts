import { defineCalls } from './define';

/** The devices calls (to be moved over from the server's route file). */
export const devicesCalls = defineCalls('devices', {});
