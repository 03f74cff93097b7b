import { defineCalls } from './define';

/** The alarms calls (to be moved over from the server's route file). */
export const alarmsCalls = defineCalls('alarms', {});
