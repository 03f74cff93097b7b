import { defineCalls } from './define';

/** The firmware calls (to be moved over from the server's route file). */
export const firmwareCalls = defineCalls('firmware', {});
