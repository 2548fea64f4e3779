/**
 * @pehchaan/core: the isomorphic domain of Pehchaan (browser and Node). Imports no React,
 * Fastify or database code (STYLE.md).
 */
export * from './api';
export * from './consent';
export * from './credentials';
export * from './devices';
export * from './documents';
export * from './masking';
export * from './notifications';
export * from './offline';
export * from './proofs';
export * from './sample-data';
export * from './time';
export * from './validation';
