export * from './catalogue';
export * from './labels';
export * from './type-metadata';
