export * from './pageCalls';
