export * from './projectMonitorCalls';
export * from './projectSocket';
