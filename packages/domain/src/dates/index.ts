export * from './local';
export * from './opening-hours';
export * from './rules';
