export * from './catalogue';
export * from './issuer-names';
export * from './labels';
export * from './type-metadata';
