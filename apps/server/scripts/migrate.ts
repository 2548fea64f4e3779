/**
 * `npm run migrate`: the release step of a deployment with several instances (docs/scaling.md
 * "Migrations"): applies the committed migrations (apps/server/drizzle) to DATABASE_URL, seeds
 * the first-start data and the registered verifiers and creates the issuers' keys, once, before
 * the instances of the release start with MIGRATIONS=check. Runs the same steps as a starting
 * server (plugins/db.ts prepareDatabase), under the same PostgreSQL advisory lock, so a
 * migration run beside a starting instance, or two runs, wait for each other instead of racing.
 * Uses the server's configuration (DATABASE_URL, DATA_DIR, MASTER_KEY, LOG_LEVEL); with PGlite,
 * stop the server first (one process per data folder). Prints how many migrations it applied.
 * Exits 1 with the reason when the database cannot be reached (after the start wait of 60 s),
 * or the master key does not match the data.
 *
 *   DATABASE_URL=postgres://... MASTER_KEY=... npm run migrate
 */
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/create-db';
import { prepareDatabase } from '../src/plugins/db';

async function main(): Promise<void> {
  const config = loadConfig();
  const { log } = Fastify({ logger: { level: config.logLevel } });
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    const before = await database.pendingMigrations();
    await prepareDatabase({ database, config: { ...config, migrations: 'apply' }, log });
    const after = await database.pendingMigrations();
    console.log(
      `Database ${database.name} (${database.type}) is ready: ${before - after} migration(s) applied, ${after} pending.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`npm run migrate failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
