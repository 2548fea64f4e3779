/**
 * The JSON-LD context of Pehchaan's consent receipts (ISO/IEC TS 27560 receipts expressed with
 * the W3C Data Privacy Vocabulary, DPV 2; issue 17, docs/api-contract.md "Consent receipts").
 *
 * Every term maps to a DPV IRI (https://w3id.org/dpv#, the DPV-27560 guide's mapping of the
 * 27560 fields: hasDataSubject, hasDataController, hasProcess, hasPurpose, hasPersonalData,
 * hasLegalBasis, hasNotice, hasConsentStatus, isIndicatedAtTime, hasConsentControl,
 * isExercisedAt, hasJurisdiction, hasApplicableLaw, hasName, hasContact) or to Dublin Core
 * terms (identifier, conformsTo, language, title, source); `name`, `description`, `mediaType`
 * and `digestSRI` come from the VC 2.0 context itself (protected there, so not redefined).
 * One term has no standard IRI, the digest of the presentation disclosed
 * (`disclosedPresentation`); it lives in this context's own namespace (`<context URL>#`).
 *
 * The context is served by each deployment at `{PUBLIC_ORIGIN}/contexts/consent-receipt/v1`
 * (CONSENT_RECEIPT_CONTEXT_PATH) and bundled here, so verifying a receipt's eddsa-rdfc-2022
 * form never fetches it (STYLE 8): a verifier passes `consentReceiptContexts(origin)` as
 * `contexts`. eddsa-jcs-2022, which receipts are signed with, reads no context at all.
 */
import type { JsonObject } from './eddsa-jcs-2022';
import type { JsonLdContexts } from './json-ld-loader';

/** Where a deployment serves the context (below its PUBLIC_ORIGIN). */
export const CONSENT_RECEIPT_CONTEXT_PATH = '/contexts/consent-receipt/v1';

/** The context's URL at `origin` ('http://localhost:5000' -> '.../contexts/consent-receipt/v1'). */
export function consentReceiptContextUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${CONSENT_RECEIPT_CONTEXT_PATH}`;
}

const DPV = 'https://w3id.org/dpv#';
const DCT = 'http://purl.org/dc/terms/';

/** A DPV relation whose value is a node (an IRI or an object). */
const dpvNode = (name: string) => ({ '@id': `${DPV}${name}`, '@type': '@id' });

/**
 * The context document (`{ '@context': ... }`) as served at `consentReceiptContextUrl(origin)`.
 * Only `disclosedPresentation` depends on the origin (its IRI is in the context's namespace).
 */
export function consentReceiptContext(origin: string): JsonObject {
  return {
    '@context': {
      '@version': 1.1,
      '@protected': true,
      dpv: DPV,
      dct: DCT,
      // Classes (DPV).
      ConsentReceipt: 'dpv:ConsentReceipt',
      ConsentRecord: 'dpv:ConsentRecord',
      DataSubject: 'dpv:DataSubject',
      DataController: 'dpv:DataController',
      Process: 'dpv:Process',
      Purpose: 'dpv:Purpose',
      PersonalData: 'dpv:PersonalData',
      ConsentNotice: 'dpv:ConsentNotice',
      WithdrawConsent: 'dpv:WithdrawConsent',
      Law: 'dpv:Law',
      ConsentRequested: 'dpv:ConsentRequested',
      ConsentGiven: 'dpv:ConsentGiven',
      ConsentRefused: 'dpv:ConsentRefused',
      ConsentWithdrawn: 'dpv:ConsentWithdrawn',
      ConsentExpired: 'dpv:ConsentExpired',
      ExplicitlyExpressedConsent: 'dpv:ExplicitlyExpressedConsent',
      // Dublin Core metadata (the 27560 record and receipt ids, schema version, language).
      identifier: 'dct:identifier',
      conformsTo: { '@id': 'dct:conformsTo', '@type': '@id' },
      language: 'dct:language',
      title: 'dct:title',
      source: 'dct:source',
      // DPV relations.
      hasDataSubject: dpvNode('hasDataSubject'),
      hasDataController: dpvNode('hasDataController'),
      hasRecipient: dpvNode('hasRecipient'),
      hasName: 'dpv:hasName',
      hasContact: 'dpv:hasContact',
      hasNotice: dpvNode('hasNotice'),
      hasJurisdiction: dpvNode('hasJurisdiction'),
      hasApplicableLaw: dpvNode('hasApplicableLaw'),
      hasProcess: dpvNode('hasProcess'),
      hasPurpose: dpvNode('hasPurpose'),
      hasPersonalData: dpvNode('hasPersonalData'),
      hasLegalBasis: { '@id': 'dpv:hasLegalBasis', '@type': '@vocab' },
      hasConsentControl: dpvNode('hasConsentControl'),
      isExercisedAt: dpvNode('isExercisedAt'),
      hasConsentStatus: dpvNode('hasConsentStatus'),
      isIndicatedAtTime: {
        '@id': 'dpv:isIndicatedAtTime',
        '@type': 'http://www.w3.org/2001/XMLSchema#dateTime',
      },
      isIndicatedBy: dpvNode('isIndicatedBy'),
      // Pehchaan's one term: the presentation disclosed under this consent, by its digest.
      disclosedPresentation: {
        '@id': `${consentReceiptContextUrl(origin)}#disclosedPresentation`,
        '@type': '@id',
      },
    },
  };
}

/** The context bound to its URL at `origin`, for the `contexts` option of the RDFC verifiers. */
export function consentReceiptContexts(origin: string): JsonLdContexts {
  return new Map([[consentReceiptContextUrl(origin), consentReceiptContext(origin)]]);
}
