/**
 * GET /vct/{type} (DECISIONS D7.2; draft-ietf-oauth-sd-jwt-vc, "SD-JWT VC Type Metadata"): the
 * Type Metadata document of one credential type, whose `vct` is its own URL
 * ({publicOrigin}/vct/{type}), with English and Hindi display (core's buildTypeMetadata).
 *
 * Input: { publicOrigin, type }. Output: core's TypeMetadata.
 * Errors: AppError 'credential_type_not_found' (404) when `type` is no catalogue key, with a
 * fixed detail (UNKNOWN_TYPE_DETAIL: a detail never echoes input, docs/security.md).
 */
import { buildTypeMetadata, isDocumentTypeKey, type TypeMetadata } from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';

export const UNKNOWN_TYPE_DETAIL =
  'There is no credential type of that name. GET /vct lists every type.';

export function getCredentialTypeMetadata(
  options: Pick<ServiceDeps, 'publicOrigin'> & { type: string },
): TypeMetadata {
  if (!isDocumentTypeKey(options.type)) {
    throw new AppError('credential_type_not_found', UNKNOWN_TYPE_DETAIL);
  }
  return buildTypeMetadata(options.publicOrigin, options.type);
}
