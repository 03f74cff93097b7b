export * from './projectCalls';
export * from './projectMembers';
export * from './projectEquip';
