/** The configuration-page document model; the modules are exported here as they land. */
export * from './widgetTypes';
export * from './document';
export * from './defaults';
export * from './constants';
export * from './geometry';
export * from './pageIndex';
export * from './signalRefs';
export * from './clipboard';
export * from './structure';
export * from './rebind';
export * from './commands';
export * from './history';
export * from './queries';
export * from './migrations';
export * from './parsePage';
export * from './repair';
export * from './importPage';
