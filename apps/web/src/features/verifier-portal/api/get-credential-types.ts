/**
 * GET /vct (public): every credential type's vct as the server issues it
 * (`{PUBLIC_ORIGIN}/vct/{type}`, DECISIONS 7.2). The portal takes each DCQL query's
 * `meta.vct_values` from here, so it asks for what the server's wallet holds whatever origin
 * this page was opened at.
 */
import { vctListSchema } from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Document type key -> vct. @throws {ApiError} when the list cannot be read. */
export async function getVctByType(): Promise<Record<string, string>> {
  const list = await api.get('/vct', { schema: vctListSchema, authRedirect: false });
  return Object.fromEntries(list.types.map((type) => [type.document_type, type.vct]));
}

/** The vct map's query; the list only changes with a new release. */
export function vctByTypeQuery() {
  return queryOptions({
    queryKey: queryKeys.credentialTypes(),
    queryFn: getVctByType,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
