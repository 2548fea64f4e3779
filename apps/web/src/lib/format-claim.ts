/**
 * How a credential's claims read on every screen that shows them (the Credentials cards, their
 * share dialog and links, the PDF of a card, the public verifier page, the verifier portal):
 * labels from the document catalogue in the UI language (lib/document-labels.ts), values in the
 * holder's formats (lib/format.ts through a Formatter; issue 19).
 */
import { CLAIM_LABELS } from '@pehchaan/core';
import { claimKeyInWords } from './claim-value';
import { claimName } from './document-labels';

export { claimValue } from './claim-value';

/**
 * A claim key as a label in `language`: the catalogue's label (core's CLAIM_LABELS,
 * 'date_of_birth' -> 'Date of Birth', 'जन्म तिथि'), else the key in words ('Blood group').
 */
export function fieldLabel(field: string, language: string): string {
  if (CLAIM_LABELS[field]) return claimName(field, language);
  return claimKeyInWords(field);
}
