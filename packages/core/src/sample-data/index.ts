export * from './consent-seeds';
export * from './demo-accounts';
export * from './marksheets';
export * from './organisation-names';
export * from './users';
export * from './verifier-seeds';
