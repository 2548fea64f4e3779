/**
 * GET /health (SPEC 7, DECISIONS 5).
 *
 * Input: { database, version, now }. Output: { status 'healthy' | 'unhealthy' (database
 * unreachable), storage_backend: { type ('pglite' | 'postgresql'), connected },
 * mongodb_enabled: false (SPEC 7 reads it; there is no MongoDB), version, timestamp (ISO) }.
 * Never throws.
 */
import type { Health } from '@pehchaan/core';
import type { Database } from '../db/create-db';

export interface CheckHealthOptions {
  database: Database;
  version: string;
  now: () => Date;
}

export async function checkHealth(options: CheckHealthOptions): Promise<Health> {
  const connected = await options.database.ping();
  return {
    status: connected ? 'healthy' : 'unhealthy',
    storage_backend: { type: options.database.type, connected },
    mongodb_enabled: false,
    version: options.version,
    timestamp: options.now().toISOString(),
  };
}
