export * from './auth';
export * from './records';
