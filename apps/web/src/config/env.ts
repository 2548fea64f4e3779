/**
 * The web app's configuration, read from Vite's `import.meta.env` and validated once at start.
 *
 * - `VITE_API_URL`: base URL of the API; '' (default) means the same origin, which is how the
 *   server of apps/server serves the built app (SPEC 9: port 5000).
 * - `VITE_USE_API`: the API is on unless this is 'false' (SPEC 1: "API use is on unless
 *   configuration disables it"); when off, every call falls back to browser storage.
 *
 * @throws {Error} listing each bad variable, so a misconfigured build fails loudly.
 */
import { z } from 'zod';

const envSchema = z.object({
  VITE_API_URL: z
    .union([z.literal(''), z.url()])
    .default('')
    .transform((url) => url.replace(/\/+$/, '')),
  VITE_USE_API: z
    .enum(['true', 'false', ''])
    .default('true')
    .transform((value) => value !== 'false'),
  MODE: z.string().default('production'),
});

function parseEnv(raw: Record<string, unknown>) {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid web configuration:\n${problems.join('\n')}`);
  }
  return {
    /** Base URL without a trailing slash; '' = same origin. */
    API_URL: result.data.VITE_API_URL,
    /** False when configuration disables the API (calls go straight to the local fallback). */
    USE_API: result.data.VITE_USE_API,
    /** Vite mode: 'development', 'production' or 'test' (shown by the dashboard, SPEC 2). */
    MODE: result.data.MODE,
  };
}

export type Env = ReturnType<typeof parseEnv>;

export const env: Env = parseEnv(import.meta.env);
