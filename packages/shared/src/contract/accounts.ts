import { defineCalls } from './define';

/** The accounts calls (to be moved over from the server's route file). */
export const accountsCalls = defineCalls('accounts', {});
