/**
 * The SD-JWT VC view of the catalogue (DECISIONS D7.2; draft-ietf-oauth-sd-jwt-vc): each
 * document type's `vct` URL, its selectively disclosable claims and its Type Metadata document.
 * Pure: the caller passes the public origin (the server's PUBLIC_ORIGIN).
 */
import type { TypeMetadata, VctList } from '../api/type-metadata';
import {
  DOCUMENT_TYPES,
  type DocumentTypeKey,
  getDocumentType,
  isDocumentTypeKey,
} from './catalogue';
import { CLAIM_LABELS, DOCUMENT_TYPE_LABELS, METADATA_LOCALES } from './labels';

/** The SD-JWT VC media type (draft-ietf-oauth-sd-jwt-vc, "Media Type"). */
export const SD_JWT_VC_MEDIA_TYPE = 'application/dc+sd-jwt';
/** The JOSE `typ` of an SD-JWT VC's issuer-signed JWT. */
export const SD_JWT_VC_TYP = 'dc+sd-jwt';

/**
 * The `vct` of document type `key`: `{publicOrigin}/vct/{key}` (a trailing slash of the origin
 * is dropped), e.g. 'http://localhost:5000/vct/pan'.
 */
export function vctOf(publicOrigin: string, key: DocumentTypeKey): string {
  return `${publicOrigin.replace(/\/+$/, '')}/vct/${key}`;
}

/**
 * The document type a `vct` names when it is this product's `{publicOrigin}/vct/{key}` (the
 * inverse of vctOf); undefined for any other vct (another issuer's type, an unknown key).
 */
export function documentTypeOfVct(publicOrigin: string, vct: string): DocumentTypeKey | undefined {
  const prefix = `${publicOrigin.replace(/\/+$/, '')}/vct/`;
  if (!vct.startsWith(prefix)) return undefined;
  const key = vct.slice(prefix.length);
  return isDocumentTypeKey(key) ? key : undefined;
}

/**
 * The claims of type `key` that an SD-JWT VC carries as separate disclosures: the W3C
 * document's credentialSubject claims except `id` (`name`, `document_type`, then the
 * catalogue's subject fields), in that order.
 * @throws {RangeError} for an unknown key.
 */
export function disclosableClaimsOf(key: DocumentTypeKey): readonly string[] {
  const type = getDocumentType(key);
  if (!type) throw new RangeError(`Unknown document type: ${key}`);
  return ['name', 'document_type', ...type.subjectFields];
}

/**
 * The SD-JWT VC Type Metadata of type `key` (draft-ietf-oauth-sd-jwt-vc, "Type Metadata"):
 * `vct` (= its own URL), `name` and `description` (English), `display` in every UI language,
 * and one `claims` entry per disclosable claim with `path: [claim]`, `display` in each
 * language (METADATA_LOCALES) and `sd: "always"`.
 * @throws {RangeError} for an unknown key.
 */
export function buildTypeMetadata(publicOrigin: string, key: DocumentTypeKey): TypeMetadata {
  const labels = DOCUMENT_TYPE_LABELS[key];
  const claims = disclosableClaimsOf(key);
  return {
    vct: vctOf(publicOrigin, key),
    name: labels.name.en,
    description: labels.description.en,
    display: METADATA_LOCALES.map((locale) => ({
      locale,
      lang: locale,
      name: labels.name[locale],
      description: labels.description[locale],
    })),
    claims: claims.map((claim) => ({
      path: [claim],
      display: METADATA_LOCALES.map((locale) => ({
        locale,
        lang: locale,
        label: CLAIM_LABELS[claim]?.[locale] ?? claim,
      })),
      sd: 'always' as const,
    })),
  };
}

/** GET /vct: every catalogue type with its `vct`, English name and disclosable claims. */
export function listTypeMetadata(publicOrigin: string): VctList {
  const types = DOCUMENT_TYPES.map((type) => ({
    document_type: type.key,
    vct: vctOf(publicOrigin, type.key),
    name: DOCUMENT_TYPE_LABELS[type.key].name.en,
    claims: [...disclosableClaimsOf(type.key)],
  }));
  return { types, count: types.length };
}
