export * from './retention';
export * from './personal-data';
