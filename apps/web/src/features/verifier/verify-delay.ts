/**
 * SPEC 9: verification's artificial delay, the least time the public verifier pages show
 * 'Loading...' before a verdict (use-delayed-check.ts; the /verify island, src/app/verify-island.ts).
 */
export const VERIFY_DELAY_MS = 1000;
