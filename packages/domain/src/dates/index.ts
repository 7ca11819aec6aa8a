export * from './local';
export * from './zoned';
export * from './opening-hours';
export * from './opening-status';
export * from './rules';
export * from './local-seconds';
