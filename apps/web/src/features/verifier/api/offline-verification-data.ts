/**
 * What /verify's "Scan offline QR" verifies against, with no network (docs/offline-verification.md;
 * DECISIONS 9.3 for the trust list): GET /trust-list and the issuers' Token Status Lists
 * (`/status-lists/{issuer}/{n}`, application/statuslist+jwt). Both are public and hold no personal
 * data. They are fetched through the service worker, which answers from the network when it can
 * and else from the copy it saved (vite.config.ts runtimeCaching, NetworkFirst), so the same call
 * works online and offline. The time each copy was made is the answer's `Date` header, which the
 * saved copy keeps: no second record to keep in step.
 *
 * Only this page's own origin is asked (the CSP's connect-src 'self'); a list elsewhere is "not
 * checked offline".
 */
import { type SavedStatusList, type TrustListAnswer, trustListSchema } from '@pehchaan/core';

/** How long one fetch may take before the saved copy (or nothing) is used (ms). */
const FETCH_TIMEOUT_MS = 8000;
/** Lists per issuer tried when prefetching (an issuer opens a new list every 65,536 entries). */
const MAX_LISTS_PER_ISSUER = 4;

/** An answer and when the server made it (ISO 8601). */
export interface Fetched<T> {
  value: T;
  fetched_at: string;
}

/** When `response` was made: its Date header, else now. */
function madeAt(response: Response): string {
  const date = Date.parse(response.headers.get('date') ?? '');
  return new Date(Number.isNaN(date) ? Date.now() : date).toISOString();
}

async function get(url: string, accept: string): Promise<Response | null> {
  try {
    const response = await fetch(url, {
      headers: { accept },
      credentials: 'omit',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

/** The trust list, from the network or the service worker's copy; null when neither has it. */
export async function loadTrustList(): Promise<Fetched<TrustListAnswer> | null> {
  const response = await get('/trust-list', 'application/json');
  if (!response) return null;
  try {
    const parsed = trustListSchema.safeParse(await response.json());
    return parsed.success ? { value: parsed.data, fetched_at: madeAt(response) } : null;
  } catch {
    return null;
  }
}

/** True when `uri` is an http(s) URL on this page's origin. */
export function isOwnOrigin(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * The statuslist+jwt at `uri`, from the network or the service worker's copy; null when it is
 * on another origin, or neither has it.
 */
export async function loadStatusList(uri: string): Promise<SavedStatusList | null> {
  if (!isOwnOrigin(uri)) return null;
  const response = await get(uri, 'application/statuslist+jwt');
  if (!response) return null;
  const jwt = (await response.text()).trim();
  return { uri, jwt, fetched_at: madeAt(response) };
}

/** The Token Status List URLs this deployment's issuers serve: list n of each product issuer. */
function ownListUrl(issuerIdentifier: string, n: number): string | null {
  if (!isOwnOrigin(issuerIdentifier)) return null;
  const slug = new URL(issuerIdentifier).pathname.split('/').filter(Boolean).at(-1);
  return slug ? `${window.location.origin}/status-lists/${slug}/${n}` : null;
}

/**
 * Online, fetches the trust list and this deployment's issuers' status lists (list 1, 2, ... of
 * each until one is missing), so the service worker keeps copies for an offline check later.
 * Resolves when done; never rejects.
 */
export async function prefetchOfflineVerificationData(): Promise<void> {
  const trustList = await loadTrustList();
  if (!trustList) return;
  await Promise.all(
    trustList.value.issuers
      .filter((issuer) => issuer.origin === 'product')
      .map(async (issuer) => {
        for (let n = 1; n <= MAX_LISTS_PER_ISSUER; n += 1) {
          const url = ownListUrl(issuer.identifier, n);
          if (!url || !(await loadStatusList(url))) return;
        }
      }),
  );
}
