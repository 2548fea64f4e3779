/**
 * An exclusive lock on a PGlite data folder. PGlite is a single-process Postgres: two servers
 * opening one folder would corrupt it, so the second one must refuse to start.
 *
 * The lock is a file holding the owner's pid, created with O_EXCL. A lock whose pid is no longer
 * running (a crash, a container restart) is stale and taken over.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** Thrown when another live process holds the folder. */
export class DataDirLockedError extends Error {
  constructor(lockPath: string, pid: number) {
    super(
      `${lockPath} shows the data folder in use by another Pehchaan server (pid ${pid}). ` +
        'Stop that server or use another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false; // Our own pid from an earlier life (e.g. pid 1 in a container).
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Takes the lock at `lockPath`.
 * @returns a function that releases it (idempotent).
 * @throws {DataDirLockedError} when a running process holds it.
 */
export function lockDataDir(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        try {
          unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    if (Number.isInteger(pid) && pid > 0 && isRunning(pid))
      throw new DataDirLockedError(lockPath, pid);
    unlinkSync(lockPath);
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
