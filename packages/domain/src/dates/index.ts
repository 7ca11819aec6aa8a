export * from './local';
export * from './opening-hours';
export * from './opening-status';
export * from './rules';
