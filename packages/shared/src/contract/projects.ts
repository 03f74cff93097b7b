import { defineCalls } from './define';

/** The projects calls (to be moved over from the server's route file). */
export const projectsCalls = defineCalls('projects', {});
