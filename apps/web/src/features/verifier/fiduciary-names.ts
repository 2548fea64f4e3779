/**
 * How the consent receipt pages (receipt-details.tsx, and the /verify island's
 * app/verify-receipt-island-view.ts, which may not load React or i18next) name a receipt's data
 * fiduciary. React-free and zod-free.
 */
import { type ConsentReceiptView, organisationDisplayName, organisationIdOf } from '@pehchaan/core';

/**
 * The receipt's data fiduciary as the page names it: a registered verifier organisation (the
 * server's `registered_verifier_id`, one of core's organisation-names.ts) by its name in
 * `language` where it has one, else its own; any other by the name the receipt signs. `signed`
 * is that signed name when it differs from `shown`: the page shows it too, labelled, for the
 * receipt's signed contents are evidence and never rewritten (docs/requirements.md D9.7).
 */
export function fiduciaryNames(
  receipt: Pick<ConsentReceiptView, 'dataFiduciary'>,
  registeredVerifierId: string | null | undefined,
  language: string,
): { shown: string; signed: string | null } {
  const signedName = receipt.dataFiduciary.name;
  const shown =
    registeredVerifierId && organisationIdOf(registeredVerifierId) === registeredVerifierId
      ? organisationDisplayName(registeredVerifierId, language)
      : signedName;
  return { shown, signed: shown === signedName ? null : signedName };
}
