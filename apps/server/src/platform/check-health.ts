/**
 * GET /health (SPEC 7, DECISIONS 5).
 *
 * `createHealthCheck({ database, version, now, intervalMs })` returns the check: each call
 * resolves { status 'healthy' | 'unhealthy' (database unreachable), storage_backend: { type
 * ('pglite' | 'postgresql'), connected }, mongodb_enabled: false (SPEC 7 reads it; there is no
 * MongoDB), version, timestamp (ISO, the call's own instant) }. Never throws.
 *
 * The database is asked (`select 1`) at most once per `intervalMs` of the app clock
 * (HEALTH_CHECK_INTERVAL_MS, 1 s): load balancers and monitors poll /health many times a second
 * across instances, and each poll must not cost a database round trip (docs/performance.md).
 * Calls while a probe is running share it. So an outage shows within about a second.
 */
import type { Health } from '@pehchaan/core';
import type { Database } from '../db/create-db';

export const HEALTH_CHECK_INTERVAL_MS = 1000;

export interface HealthCheckOptions {
  database: Pick<Database, 'ping' | 'type'>;
  version: string;
  now: () => Date;
  intervalMs?: number;
}

export function createHealthCheck(options: HealthCheckOptions): () => Promise<Health> {
  const intervalMs = options.intervalMs ?? HEALTH_CHECK_INTERVAL_MS;
  let probe: { at: number; connected: Promise<boolean> } | undefined;
  return async () => {
    const now = options.now();
    if (!probe || now.getTime() - probe.at >= intervalMs || now.getTime() < probe.at) {
      probe = { at: now.getTime(), connected: options.database.ping() };
    }
    const connected = await probe.connected;
    return {
      status: connected ? 'healthy' : 'unhealthy',
      storage_backend: { type: options.database.type, connected },
      mongodb_enabled: false,
      version: options.version,
      timestamp: now.toISOString(),
    };
  };
}
