/**
 * The verdict the /verify/{id} island (verify-island.ts) showed, handed to the app's verify
 * route when the app takes the page over from the island (src/public-start.ts), so the visitor
 * does not see the check start again: a credential's verdict or, for a consent receipt's id, the
 * receipt's (VerifyPageOutcome). Holds one verdict, for one id, until the route has mounted with
 * it.
 */
import type { VerifyPageOutcome } from '@/features/verifier/components/verifier-page';

let handedOver: { credentialId: string; outcome: VerifyPageOutcome } | null = null;

/** Called by the island as it unmounts, with the verdict it showed. */
export function handOverVerifyOutcome(credentialId: string, outcome: VerifyPageOutcome): void {
  handedOver = { credentialId, outcome };
}

/** The verdict handed over for `credentialId`, if any (does not consume it). */
export function handedOverVerifyOutcome(credentialId: string): VerifyPageOutcome | undefined {
  return handedOver?.credentialId === credentialId ? handedOver.outcome : undefined;
}

/** Forgets the handed-over verdict: the next visit of the page checks again. */
export function clearVerifyHandOver(): void {
  handedOver = null;
}
