/**
 * GET /vct (DECISIONS D7.2): every credential type with its SD-JWT VC `vct`
 * ({publicOrigin}/vct/{type}), English name and disclosable claims (core's listTypeMetadata).
 *
 * Input: { publicOrigin }. Output: { types, count } (core's vctListSchema). Errors: none.
 */
import { listTypeMetadata, type VctList } from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';

export function listCredentialTypes(options: Pick<ServiceDeps, 'publicOrigin'>): VctList {
  return listTypeMetadata(options.publicOrigin);
}
