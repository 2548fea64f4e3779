/**
 * SPEC 1 / 7: "every API call falls back to local browser storage on failure". The service
 * functions of the features wrap their API call with `withLocalFallback`, so every screen knows
 * which source answered (the dashboard shows it, SPEC 4 "Dashboard data source").
 */

/** Where a piece of data came from. */
export type DataSource = 'api' | 'localStorage';

export interface Sourced<T> {
  data: T;
  source: DataSource;
  /** The API failure that caused the fallback (source 'localStorage' only). */
  error?: unknown;
}

/**
 * Runs `fromApi`; when it throws (any failure: unreachable, disabled, HTTP error, bad answer),
 * answers `fromLocal()` instead.
 * @throws only what `fromLocal` throws.
 */
export async function withLocalFallback<T>(
  fromApi: () => Promise<T>,
  fromLocal: () => T,
): Promise<Sourced<T>> {
  try {
    return { data: await fromApi(), source: 'api' };
  } catch (error) {
    return { data: fromLocal(), source: 'localStorage', error };
  }
}

/** SPEC 4: 'api' when every call used the API, 'localStorage' when none did, else 'mixed'. */
export type CombinedSource = DataSource | 'mixed';

/** Combines the sources of several calls (SPEC 4 "Dashboard data source"). */
export function combineSources(sources: readonly DataSource[]): CombinedSource {
  if (sources.every((s) => s === 'api')) return 'api';
  if (sources.every((s) => s === 'localStorage')) return 'localStorage';
  return 'mixed';
}
