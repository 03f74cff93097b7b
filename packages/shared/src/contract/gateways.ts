import { defineCalls } from './define';

/** The gateways calls (to be moved over from the server's route file). */
export const gatewaysCalls = defineCalls('gateways', {});
