export * from './messageCalls';
export * from './messageSocket';
