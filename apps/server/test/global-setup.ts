/**
 * Runs once per `vitest run` of the server project, in Vitest's own process: at the end it drops
 * the PostgreSQL databases the run's workers kept for reuse (test/helpers/kept-databases.ts),
 * and any a run without its teardown left more than six hours ago. Nothing without
 * TEST_DATABASE_URL.
 */
import { dropKeptDatabases } from './helpers/kept-databases';

export default function setup(): () => Promise<void> {
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) await dropKeptDatabases(url, process.pid);
  };
}
