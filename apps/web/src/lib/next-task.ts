/**
 * Resolves in a new task (a zero-delay timer), so the browser can paint and handle input between
 * the steps of a start-up (src/start-app.tsx, src/app/verify-island.ts): each step's work is
 * then its own task, not part of one long task (docs/performance.md, "Start-up in steps").
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
