export * from './age';
export * from './card';
export * from './messages';
export * from './phone';
export * from './phone-format';
export * from './schemas';
export * from './countries';
