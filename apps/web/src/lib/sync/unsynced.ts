/**
 * How this device's changes that the server has not accepted yet (records marked
 * `pending_sync`) are laid over the server's lists, the same way on every
 * screen that shows them: /consent, /logs and the header's bell and search.
 */
import type { ActivityLog, ConsentRequest } from '@pehchaan/core';

function timeOf(log: ActivityLog): number {
  const ms = Date.parse(log.timestamp);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** A copy of `logs`, newest first (entries with equal or unparsable times keep their order). */
export function newestFirst(logs: readonly ActivityLog[]): ActivityLog[] {
  return [...logs].sort((a, b) => timeOf(b) - timeOf(a));
}

/**
 * The server's list with this device's not-yet-synced decisions laid over it: a local request
 * marked `pending_sync` replaces the server's copy while the server still has it pending (the
 * decision is kept until it is sent). Once the server has decided, its answer wins: decisions
 * are final (SPEC 4), so the local one is dropped. Likewise a withdrawal made on this device
 * (issue 17) is laid over the server's copy while the server still has the consent approved;
 * once the server has it withdrawn or expired, the server's copy wins.
 */
export function keepUnsyncedDecisions(
  fromServer: readonly ConsentRequest[],
  local: readonly ConsentRequest[],
): ConsentRequest[] {
  const unsynced = new Map(local.filter((r) => r.pending_sync).map((r) => [r.id, r]));
  return fromServer.map((request) => {
    const mine = unsynced.get(request.id);
    if (!mine) return request;
    const undecided = request.status === 'pending';
    const withdrawnHere = mine.status === 'withdrawn' && request.status === 'approved';
    return undecided || withdrawnHere ? mine : request;
  });
}

/**
 * The server's entries plus this device's entries marked `pending_sync` that the server's list
 * does not hold (by id), newest first. Local entries without the marker are a cache of the
 * server's list and are not added.
 */
export function withUnsyncedEntries(
  fromServer: readonly ActivityLog[],
  local: readonly ActivityLog[],
): ActivityLog[] {
  const known = new Set(fromServer.map((log) => log.id));
  const unsynced = local.filter((log) => log.pending_sync && !known.has(log.id));
  return unsynced.length === 0 ? [...fromServer] : newestFirst([...fromServer, ...unsynced]);
}
