/**
 * Every stored thing has one owner (STYLE 14; docs/ARCHITECTURE.md "Rooms by role"): each table
 * is written only by its owner module, a role's folder or, for the consent ledger's own tables,
 * one file. The source of apps/server/src is read, and every Drizzle write (`.insert(t)`,
 * `.update(t)`, `.delete(t)`) and every raw SQL write (`insert into t`, `update t`, `delete from
 * t`) is checked against OWNERS. A new table must be given an owner here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';

const SRC = join(import.meta.dirname, '../src');

/** Table -> its owner: a folder (ending in '/') or a file of apps/server/src, or a file prefix. */
const OWNERS: Record<string, string> = {
  // accounts: sign-in, sessions, passkeys, password, settings, deletion, backups
  users: 'accounts/',
  sessions: 'accounts/',
  known_devices: 'accounts/',
  passkeys: 'accounts/',
  webauthn_challenges: 'accounts/',
  pending_logins: 'accounts/',
  otp_challenges: 'accounts/',
  login_throttle: 'accounts/',
  user_settings: 'accounts/',
  backup_keys: 'accounts/',
  backups: 'accounts/',
  retained_records: 'accounts/',
  recovery_codes: 'accounts/',
  // the holder's wallet: credentials, their share links and the holder's key-binding keys
  credentials: 'wallet/',
  shares: 'wallet/',
  holder_keys: 'lib/holder-keys.ts',
  // OpenID4VCI: the offers the holder received and the credentials received from issuers
  credential_offers: 'wallet/',
  received_credentials: 'wallet/',
  // the consent ledger: one transition writes the requests (consent/ledger.ts)
  consent_requests: 'consent/ledger.ts',
  presentation_requests: 'consent/ledger.ts',
  consent_receipts: 'consent/issue-consent-receipt.ts',
  withdrawal_notices: 'consent/',
  rights_requests: 'consent/',
  wallet_keys: 'lib/wallet-keys.ts',
  // the verifier: organisations, purposes, keys and the requests and claims it received
  verifiers: 'verifier/',
  verifier_purposes: 'verifier/',
  verifier_api_keys: 'verifier/',
  verifier_requests: 'verifier/',
  // the issuer
  issuer_keys: 'lib/issuer-keys.ts',
  issuer_api_keys: 'issuer/',
  oid4vci_offers: 'issuer/',
  oid4vci_nonces: 'issuer/',
  oid4vci_issuances: 'issuer/',
  // the issuer's status lists and its credentials' statuses
  status_lists: 'issuer/',
  credential_statuses: 'issuer/',
  // the activity log, appended to by every role: lib/activity-log.ts, -chain.ts, -retention.ts
  activity_logs: 'lib/activity-',
  activity_log_anchors: 'lib/activity-',
  // the platform
  meta: 'platform/',
  trusted_issuers: 'platform/',
  idempotency_keys: 'plugins/idempotency.ts',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The schema's tables: export name -> SQL name. */
const TABLES = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)] as const] : [],
  ),
);

interface Write {
  file: string;
  table: string;
}

/** Every write of `source` (a file's text): Drizzle calls and raw SQL. */
export function writesOf(file: string, source: string): Write[] {
  const writes: Write[] = [];
  for (const match of source.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)) {
    const table = TABLES.get(match[1] ?? '');
    if (table) writes.push({ file, table });
  }
  const sqlNames = new Set(TABLES.values());
  for (const match of source.matchAll(
    /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?[\s(]/gi,
  )) {
    const table = match[1]?.toLowerCase() ?? '';
    if (sqlNames.has(table)) writes.push({ file, table });
  }
  return writes;
}

const isOwner = (owner: string, file: string) =>
  owner.endsWith('/') ? file.startsWith(owner) : file === owner || file.startsWith(owner);

describe('table writers', () => {
  const writes = sourceFiles(SRC).flatMap((path) =>
    writesOf(relative(SRC, path).split('\\').join('/'), readFileSync(path, 'utf8')),
  );

  it('gives every table of the schema an owner', () => {
    expect([...TABLES.values()].filter((table) => !(table in OWNERS))).toEqual([]);
  });

  it('finds the writes it checks (the ledger writes consent_requests; raw SQL counts)', () => {
    expect(writes).toContainEqual({ file: 'consent/ledger.ts', table: 'consent_requests' });
    expect(writesOf('x.ts', 'await db.update(consentRequests).set({})')).toEqual([
      { file: 'x.ts', table: 'consent_requests' },
    ]);
    expect(writesOf('x.ts', 'sql`DELETE FROM shares WHERE id = 1`')).toEqual([
      { file: 'x.ts', table: 'shares' },
    ]);
  });

  it('has each table written only by its owner module', () => {
    const strangers = writes
      .filter((write) => !isOwner(OWNERS[write.table] ?? '', write.file))
      .map((write) => `${write.file} writes ${write.table} (owner: ${OWNERS[write.table]})`);
    expect([...new Set(strangers)]).toEqual([]);
  });
});
