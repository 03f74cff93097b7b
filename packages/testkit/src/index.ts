export { accepts, freePort, freePortOutsideEphemeralRange, waitForPort } from './ports';
export { sleep, until } from './waiting';
export { MOSQUITTO_BIN, Mosquitto, type MosquittoOptions } from './mosquitto';
export { TcpGate } from './tcpGate';
