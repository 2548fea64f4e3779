/**
 * @pehchaan/core: the isomorphic domain of Pehchaan (browser and Node). Imports no React,
 * Fastify or database code (STYLE.md).
 */
export * from './api';
export * from './consent';
export * from './credentials';
export * from './devices';
export * from './documents';
export * from './languages/registry';
export * from './masking';
export * from './notifications';
export * from './offline';
// The offline QR's verifier (docs/offline-verification.md).
export * from './offline/verify-offline-presentation';
export * from './proofs';
export * from './sample-data';
export * from './time';
export * from './validation';
