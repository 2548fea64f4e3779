/**
 * `npm run cluster`: the several-instance deployment of docs/scaling.md on this machine
 * (start-cluster.ts: pg_auto_failover monitor, PostgreSQL primary and synchronous standby, Redis,
 * three product instances, HAProxy), until Ctrl+C, which stops everything it started. Prints the
 * URLs. Takes a minute or two to start (initdb, the standby's base backup, the instances).
 * The data folder .cluster/ at the repository root is made anew at each start.
 */
import { startCluster } from './start-cluster';

async function main(): Promise<void> {
  const started = Date.now();
  const cluster = await startCluster({ log: (line) => console.log(`[cluster] ${line}`) });
  const { urls } = cluster;
  const states = await cluster.nodeStates();
  console.log(`
Pehchaan cluster ready in ${Math.round((Date.now() - started) / 1000)} s:
  the product (through HAProxy)  ${urls.app}
  HAProxy stats                  ${urls.stats}
  instances                      ${urls.instances.join('  ')}
  DATABASE_URL of the instances  ${urls.databaseUrl}
  pg_auto_failover monitor       ${urls.monitorUrl}
  PostgreSQL nodes               ${states.map((node) => `${node.name} :${node.port} ${node.reported}`).join(', ')}
  REDIS_URL                      ${urls.redisUrl}
  logs                           ${cluster.logDir}
Ctrl+C stops everything.`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[cluster] ${signal}: stopping ...`);
    cluster.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`npm run cluster failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
