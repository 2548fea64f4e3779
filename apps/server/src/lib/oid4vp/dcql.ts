/**
 * The Digital Credentials Query Language the wallet answers (OpenID4VP 1.0 section 6), as zod
 * schemas: the subset for SD-JWT VCs (`format: 'dc+sd-jwt'`, `meta.vct_values`, section 6 and
 * appendix B.3.5). Checked beyond shape: credential ids unique, claim ids unique within a
 * credential and required when `claim_sets` is used, every id a claim set or credential set
 * names exists (6.1-6.4).
 */
import { z } from 'zod';

/** 6.1: ids are non-empty strings of alphanumerics, '_' and '-'. */
const zQueryId = z.string().regex(/^[A-Za-z0-9_-]+$/, 'only letters, digits, _ and -');

/** 6.3 and 7: a claims path pointer: keys, array indexes (>= 0) or null (every element). */
export const zClaimsPath = z
  .array(z.union([z.string(), z.number().int().nonnegative(), z.null()]))
  .min(1);

/** 6.3 Claims Query. */
export const zClaimsQuery = z.object({
  id: zQueryId.optional(),
  path: zClaimsPath,
  values: z
    .array(z.union([z.string(), z.number(), z.boolean()]))
    .min(1)
    .optional(),
});

/** 6.1 Credential Query for an SD-JWT VC (B.3.5: meta.vct_values). */
export const zCredentialQuery = z
  .object({
    id: zQueryId,
    format: z.literal('dc+sd-jwt'),
    multiple: z.boolean().optional(),
    meta: z.object({ vct_values: z.array(z.string().min(1)).min(1) }),
    trusted_authorities: z.array(z.unknown()).min(1).optional(),
    require_cryptographic_holder_binding: z.boolean().optional(),
    claims: z.array(zClaimsQuery).min(1).optional(),
    claim_sets: z.array(z.array(zQueryId).min(1)).min(1).optional(),
  })
  .superRefine((query, ctx) => {
    const ids = (query.claims ?? []).map((claim) => claim.id);
    const named = ids.filter((id): id is string => id !== undefined);
    if (new Set(named).size !== named.length) {
      ctx.addIssue({ code: 'custom', message: 'claim ids must be unique', path: ['claims'] });
    }
    if (query.claim_sets) {
      if (!query.claims || ids.some((id) => id === undefined)) {
        ctx.addIssue({
          code: 'custom',
          message: 'claim_sets needs claims with ids',
          path: ['claim_sets'],
        });
      }
      for (const set of query.claim_sets) {
        for (const id of set) {
          if (!named.includes(id)) {
            ctx.addIssue({
              code: 'custom',
              message: `unknown claim id ${id}`,
              path: ['claim_sets'],
            });
          }
        }
      }
    }
  });

/** 6.2 Credential Set Query. */
export const zCredentialSetQuery = z.object({
  options: z.array(z.array(zQueryId).min(1)).min(1),
  required: z.boolean().optional(),
});

/** 6 DCQL query: credentials and optional credential_sets. */
export const zDcqlQuery = z
  .object({
    credentials: z.array(zCredentialQuery).min(1),
    credential_sets: z.array(zCredentialSetQuery).min(1).optional(),
  })
  .superRefine((query, ctx) => {
    const ids = query.credentials.map((credential) => credential.id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({
        code: 'custom',
        message: 'credential ids must be unique',
        path: ['credentials'],
      });
    }
    for (const set of query.credential_sets ?? []) {
      for (const option of set.options) {
        for (const id of option) {
          if (!ids.includes(id)) {
            ctx.addIssue({
              code: 'custom',
              message: `unknown credential id ${id}`,
              path: ['credential_sets'],
            });
          }
        }
      }
    }
  });

export type ClaimsPath = z.infer<typeof zClaimsPath>;
export type ClaimsQuery = z.infer<typeof zClaimsQuery>;
export type CredentialQuery = z.infer<typeof zCredentialQuery>;
export type CredentialSetQuery = z.infer<typeof zCredentialSetQuery>;
export type DcqlQuery = z.infer<typeof zDcqlQuery>;
