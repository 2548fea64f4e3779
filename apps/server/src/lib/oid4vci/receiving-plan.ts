/**
 * Which of an offer's credential configurations the wallet asks for, and which of the received
 * credentials become one of the holder's SPEC cards (OpenID4VCI 1.0; DECISIONS 4, 7 and 8;
 * docs/oid4vci.md "What the wallet stores where"):
 *
 * - `documentTypeOfConfiguration`: the SPEC type a configuration offers (an SD-JWT VC by its
 *   `vct`, received-records.ts documentTypeOfVct; an ldp_vc by its credential_definition.type,
 *   verify-issued-ldp-vc.ts), for SPEC 5's one-per-type rule before anything is spent.
 * - `plannedConfigurations`: an offer of ldp_vc only is received in ldp_vc; an offer with SD-JWT
 *   VCs is received in those, plus each ldp_vc of a SPEC type that has an SD-JWT VC sibling of
 *   the same type when the trust list trusts the offering issuer for that type: the two are
 *   one issuance, stored as one SPEC card (`credentials`: the document and its SD-JWT VC).
 *   Other ldp_vc siblings are not asked for (the SD-JWT VC carries the same claims).
 * - `pairSpecCards`: the received credentials that make SPEC cards (store-received-document.ts
 *   isSpecCard decides for one ldp_vc), each with its SD-JWT VC sibling when there is one; the
 *   others stay received credentials.
 */
import type { DocumentTypeKey } from '@pehchaan/core';
import { documentTypeOfVct } from '../received-records';
import type { TrustList } from '../trust-list';
import type { CredentialConfiguration } from './offer';
import { documentTypeOfLdpConfiguration } from './verify-issued-ldp-vc';

/** The SPEC type `configuration` offers, else undefined. */
export function documentTypeOfConfiguration(
  publicOrigin: string,
  configuration: CredentialConfiguration,
): DocumentTypeKey | undefined {
  return configuration.format === 'ldp_vc'
    ? documentTypeOfLdpConfiguration(configuration)
    : documentTypeOfVct(publicOrigin, configuration.vct ?? null);
}

/** See the module docs. */
export function plannedConfigurations<T extends { configuration: CredentialConfiguration }>(
  offered: readonly T[],
  context: { publicOrigin: string; credentialIssuer: string; trustList: TrustList },
): T[] {
  const sdJwts = offered.filter(({ configuration }) => configuration.format !== 'ldp_vc');
  const ldpVcs = offered.filter(({ configuration }) => configuration.format === 'ldp_vc');
  if (sdJwts.length === 0) return [...ldpVcs];
  const sdJwtTypes = new Set(
    sdJwts.map(({ configuration }) =>
      documentTypeOfConfiguration(context.publicOrigin, configuration),
    ),
  );
  const merged = ldpVcs.filter(({ configuration }) => {
    const type = documentTypeOfLdpConfiguration(configuration);
    return (
      type !== undefined &&
      sdJwtTypes.has(type) &&
      context.trustList.isTrusted({ identifier: context.credentialIssuer }, type).trusted
    );
  });
  return [...sdJwts, ...merged];
}

/** A SPEC card made of a received ldp_vc and, when the offer had one, its SD-JWT VC sibling. */
export interface PairedCard<R> {
  documentType: DocumentTypeKey;
  ldpVc: R;
  sdJwt: R | undefined;
}

/**
 * Splits `received` into SPEC cards and the rest. `isCard(r)` answers the SPEC type of an
 * ldp_vc that makes a card (else undefined); `sdJwtType(r)` the SPEC type of an issued SD-JWT VC
 * (else undefined). An SD-JWT VC joins the first card of its type.
 */
export function pairSpecCards<R>(
  received: readonly R[],
  isCard: (credential: R) => DocumentTypeKey | undefined,
  sdJwtType: (credential: R) => DocumentTypeKey | undefined,
): { cards: PairedCard<R>[]; rest: R[] } {
  const cards: PairedCard<R>[] = [];
  for (const credential of received) {
    const documentType = isCard(credential);
    if (documentType && !cards.some((card) => card.documentType === documentType)) {
      cards.push({ documentType, ldpVc: credential, sdJwt: undefined });
    }
  }
  const rest: R[] = [];
  for (const credential of received) {
    if (cards.some((card) => card.ldpVc === credential)) continue;
    const type = sdJwtType(credential);
    const card = type ? cards.find((c) => c.documentType === type && !c.sdJwt) : undefined;
    if (card) card.sdJwt = credential;
    else rest.push(credential);
  }
  return { cards, rest };
}
