/**
 * SD-JWT VC type identifiers of the product's credentials: `vct` = `{publicOrigin}/vct/{key}`,
 * key a core DocumentTypeKey (e.g. 'http://localhost:5000/vct/pan'; SD-JWT VC draft section 3.2.2.1.1).
 */
import { type DocumentTypeKey, isDocumentTypeKey } from '@pehchaan/core';

/** The vct of document type `key`. */
export function vctOf(publicOrigin: string, key: DocumentTypeKey): string {
  return `${publicOrigin}/vct/${key}`;
}

/** The document type a vct names, or undefined for a vct that is not one of the product's. */
export function documentTypeOfVct(publicOrigin: string, vct: string): DocumentTypeKey | undefined {
  const prefix = `${publicOrigin}/vct/`;
  if (!vct.startsWith(prefix)) return undefined;
  const key = vct.slice(prefix.length);
  return isDocumentTypeKey(key) ? key : undefined;
}
