/** SPEC 2 /verify/:credentialId: the public verifier page (a credential's or a consent receipt's). */
import { publicConsentReceiptSchema } from '@pehchaan/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { verificationAnswerSchema } from '@/features/verifier/api/verify-credential';
import { VerifierPage, type VerifyPageOutcome } from '@/features/verifier/components/verifier-page';
import { clearVerifyHandOver, handedOverVerifyOutcome } from '../verify-hand-over';

/**
 * The verdict the island handed over, with a credential's answer or a consent receipt's read with
 * the server's schema (the island checks their shape by hand, src/app/verify-island-answer.ts and
 * verify-receipt-island-answer.ts); undefined when none was, or the answer does not parse (then
 * the page checks again).
 */
function handedOverOutcome(credentialId: string): VerifyPageOutcome | undefined {
  const handedOver = handedOverVerifyOutcome(credentialId);
  if (handedOver?.page === 'receipt' && handedOver.outcome.kind === 'verdict') {
    const { verdict, document, consentStatus, registeredVerifierId } = handedOver.outcome;
    const parsed = publicConsentReceiptSchema.safeParse({
      ...verdict,
      receipt_id: credentialId,
      receipt: document,
      consent_status: consentStatus,
      registered_verifier_id: registeredVerifierId,
    });
    if (!parsed.success) return undefined;
    const {
      receipt,
      receipt_id: _id,
      consent_status,
      registered_verifier_id,
      ...checked
    } = parsed.data;
    return {
      page: 'receipt',
      outcome: {
        kind: 'verdict',
        verdict: checked,
        document: receipt,
        consentStatus: consent_status,
        registeredVerifierId: registered_verifier_id,
      },
    };
  }
  if (handedOver?.page !== 'credential' || handedOver.outcome.kind !== 'answer') return handedOver;
  const parsed = verificationAnswerSchema.safeParse(handedOver.outcome.answer);
  return parsed.success
    ? { page: 'credential', outcome: { kind: 'answer', answer: parsed.data } }
    : undefined;
}

function Verify({ credentialId }: { credentialId: string }) {
  // The verdict the page's island showed before the app took over (src/public-start.ts), if any.
  const [handedOver] = useState(() => handedOverOutcome(credentialId));
  useEffect(() => clearVerifyHandOver(), []);
  return <VerifierPage credentialId={credentialId} initialOutcome={handedOver} />;
}

export function Component() {
  const { credentialId = '' } = useParams();
  // A new id starts a new check (fresh state).
  return <Verify key={credentialId} credentialId={credentialId} />;
}
