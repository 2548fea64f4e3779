export * from './document';
export * from './status';
