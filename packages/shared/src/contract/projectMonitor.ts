import { defineCalls } from './define';

/** The project-monitor calls (to be moved over from the server's route file). */
export const projectMonitorCalls = defineCalls('project-monitor', {});
