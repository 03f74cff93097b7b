export { accepts, freePort, waitForPort } from './ports';
export { sleep, until } from './waiting';
export { MOSQUITTO_BIN, Mosquitto, type MosquittoOptions } from './mosquitto';
export { JsonSocket, socketSettled } from './jsonSocket';
export { TcpGate } from './tcpGate';
