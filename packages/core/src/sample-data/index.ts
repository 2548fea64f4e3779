export * from './consent-seeds';
export * from './demo-accounts';
export * from './marksheets';
export * from './users';
export * from './verifier-seeds';
