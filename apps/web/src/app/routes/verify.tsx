/** SPEC 2 /verify/:credentialId: the public verifier page (a credential's or a consent receipt's). */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { VerifierPage } from '@/features/verifier/components/verifier-page';
import { clearVerifyHandOver, handedOverVerifyOutcome } from '../verify-hand-over';

function Verify({ credentialId }: { credentialId: string }) {
  // The verdict the page's island showed before the app took over (src/public-start.ts), if any.
  const [handedOver] = useState(() => handedOverVerifyOutcome(credentialId));
  useEffect(() => clearVerifyHandOver(), []);
  return <VerifierPage credentialId={credentialId} initialOutcome={handedOver} />;
}

export function Component() {
  const { credentialId = '' } = useParams();
  // A new id starts a new check (fresh state).
  return <Verify key={credentialId} credentialId={credentialId} />;
}
