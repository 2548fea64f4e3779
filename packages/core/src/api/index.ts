export * from './auth';
export * from './export';
export * from './problem';
export * from './profile';
export * from './records';
export * from './settings';
export * from './shares';
export * from './verification';
