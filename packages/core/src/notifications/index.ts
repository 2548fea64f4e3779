export * from './recent-updates';
