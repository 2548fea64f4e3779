/** Resolves after `ms` milliseconds (the simulated delays of SPEC 9). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
