/**
 * What Cache-Control each answer of the API must carry (plugins/security-headers.ts,
 * docs/security.md "Caching"): `no-store` on every answer, except the successes of the public
 * documents listed here, which say how long they may be kept. A route that declares
 * `publicCache` must be listed, so making an answer cacheable is always a reviewed change.
 */
import { NO_STORE, PUBLIC_CACHE } from '../../src/plugins/security-headers';

/** The public documents among the OpenAPI operations ("METHOD path"), with their Cache-Control. */
export const PUBLIC_OPERATIONS: Readonly<Record<string, string>> = {
  'GET /health': PUBLIC_CACHE.live,
  'GET /vct': PUBLIC_CACHE.release,
  'GET /vct/{type}': PUBLIC_CACHE.release,
  'GET /trust-list': PUBLIC_CACHE.live,
  'GET /contexts/consent-receipt/v1': PUBLIC_CACHE.versioned,
  'GET /status-lists/{slug}/{n}': PUBLIC_CACHE.statusList,
  'GET /status-lists/{slug}/{n}/{purpose}': PUBLIC_CACHE.statusList,
};

/** Each public operation's method and a pattern of its paths, with its Cache-Control. */
const PUBLIC_PATHS = Object.entries(PUBLIC_OPERATIONS).map(([key, cacheControl]) => {
  const [method = '', template = ''] = key.split(' ');
  const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);
  return { method, pattern, cacheControl };
});

/**
 * The Cache-Control an answer of `status` to `method` on `pathname` (as the server saw it: a
 * fuzzed path may resolve to another operation's) must carry.
 */
export function expectedCacheControl(method: string, pathname: string, status: number): string {
  if (status >= 400) return NO_STORE;
  const found = PUBLIC_PATHS.find((path) => path.method === method && path.pattern.test(pathname));
  return found?.cacheControl ?? NO_STORE;
}
