/**
 * The names of the PostgreSQL databases the test pool keeps between files (test/helpers/
 * backends.ts), and their removal at the end of a run (test/global-setup.ts). A kept database
 * is named `pehchaan_p_<Vitest's pid>_<worker pid>_<creation time, base 36 ms>_<random>`, so the
 * run that made it drops it, and a run that ended without its teardown is cleaned up by a later
 * one once its databases are older than KEPT_DATABASE_STALE_MS. Only `pg` is imported: the
 * teardown runs in Vitest's own process.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const KEPT_DATABASE_PREFIX = 'pehchaan_p_';

/** Kept databases older than this were left by a run that ended without its teardown (ms). */
const KEPT_DATABASE_STALE_MS = 6 * 3_600_000;

/** A new kept database's name, made in a Vitest worker (its parent is the run's process). */
export function keptDatabaseName(): string {
  return `${KEPT_DATABASE_PREFIX}${process.ppid}_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/**
 * Drops, on the server of `baseUrl` (connecting to its 'postgres' database), the kept databases
 * of the Vitest run `runPid` and those of any run older than KEPT_DATABASE_STALE_MS.
 * @throws when the server cannot be reached or a database cannot be dropped.
 */
export async function dropKeptDatabases(baseUrl: string, runPid: number): Promise<void> {
  const url = new URL(baseUrl);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const kept = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [KEPT_DATABASE_PREFIX],
    );
    for (const { datname } of kept.rows) {
      const [pid, , made] = datname.slice(KEPT_DATABASE_PREFIX.length).split('_');
      const stale = Date.now() - Number.parseInt(made ?? '', 36) > KEPT_DATABASE_STALE_MS;
      if (Number(pid) !== runPid && !stale) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
