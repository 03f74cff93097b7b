export * from './mvarFormula';
