/**
 * SD-JWT VC Type Metadata answers (draft-ietf-oauth-sd-jwt-vc, section "SD-JWT VC Type
 * Metadata"; DECISIONS D7.2): `GET /vct/{type}` answers one `typeMetadataSchema` document whose
 * `vct` is its own URL, `GET /vct` the list of every type (`vctListSchema`).
 *
 * Display entries carry `locale` (the current draft's member) and `lang` (the same tag, the
 * member of earlier drafts), so wallets of either draft read them.
 */
import { z } from 'zod';

/** One language's display of the type: name and description. */
export const typeDisplaySchema = z.object({
  locale: z.string(),
  lang: z.string(),
  name: z.string(),
  description: z.string(),
});

/** One language's display of a claim: label and description. */
export const claimDisplaySchema = z.object({
  locale: z.string(),
  lang: z.string(),
  label: z.string(),
  description: z.string().optional(),
});

/** Metadata of one claim: its path from the payload's top level, display, `sd` rule. */
export const claimMetadataSchema = z.object({
  path: z.array(z.string()).min(1),
  display: z.array(claimDisplaySchema),
  sd: z.enum(['always', 'allowed', 'never']),
});

/** The Type Metadata document of one credential type. */
export const typeMetadataSchema = z.object({
  vct: z.string(),
  name: z.string(),
  description: z.string(),
  display: z.array(typeDisplaySchema),
  claims: z.array(claimMetadataSchema),
});

/** GET /vct: every credential type with its `vct` and the names of its disclosable claims. */
export const vctListSchema = z.object({
  types: z.array(
    z.object({
      /** The catalogue key (DocumentTypeKey), e.g. 'pan'. */
      document_type: z.string(),
      vct: z.string(),
      /** The English display name, e.g. 'PAN Card'. */
      name: z.string(),
      /** The selectively disclosable claims, in issuance order. */
      claims: z.array(z.string()),
    }),
  ),
  count: z.number().int(),
});

export type TypeMetadata = z.infer<typeof typeMetadataSchema>;
export type VctList = z.infer<typeof vctListSchema>;
