export * from './mvarCalls';
