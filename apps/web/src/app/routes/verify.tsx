/** SPEC 2 /verify/:credentialId: the public verifier page (a credential's or a consent receipt's). */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { verificationAnswerSchema } from '@/features/verifier/api/verify-credential';
import { VerifierPage, type VerifyPageOutcome } from '@/features/verifier/components/verifier-page';
import { clearVerifyHandOver, handedOverVerifyOutcome } from '../verify-hand-over';

/**
 * The verdict the island handed over, with a credential's answer read with the server's schema
 * (the island checks its shape by hand, src/app/verify-island-answer.ts); undefined when none
 * was, or the answer does not parse (then the page checks again).
 */
function handedOverOutcome(credentialId: string): VerifyPageOutcome | undefined {
  const handedOver = handedOverVerifyOutcome(credentialId);
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
