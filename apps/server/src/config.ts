/**
 * Server configuration: every environment variable is parsed here, once (STYLE principle 5).
 *
 * | variable      | default                          | meaning                                        |
 * |---------------|----------------------------------|------------------------------------------------|
 * | PORT          | 5000 (SPEC 9)                    | TCP port                                       |
 * | HOST          | 0.0.0.0                          | interface to listen on                         |
 * | DATA_DIR      | ./data (from the working dir)    | PGlite data folder and the master key file     |
 * | DATABASE_URL  | unset: embedded PGlite           | postgres://... to use a PostgreSQL server; may |
 * |               |                                  | name several hosts (h1:5432,h2:5432) with      |
 * |               |                                  | ?target_session_attrs=read-write (failover)    |
 * | MIGRATIONS    | apply                            | apply: migrate at start (under a lock); check: |
 * |               |                                  | refuse to start on a database that lacks one   |
 * |               |                                  | (several instances: `npm run migrate` first)   |
 * | REDIS_URL     | unset: limits counted per process| redis://...: rate-limit counters shared by all |
 * |               |                                  | instances (@fastify/rate-limit's Redis store)  |
 * | OTP_PROVIDER  | disabled (SPEC 5)                | disabled, or console (prints codes to the log) |
 * | MASTER_KEY    | unset: DATA_DIR/master.key       | 64 hex chars, the AES-256 master key           |
 * | LOG_LEVEL     | info                             | fatal, error, warn, info, debug, trace, silent |
 * | WEB_DIST      | apps/web/dist                    | the built SPA served for non-API GET requests  |
 * | CORS_ORIGINS  | empty: no CORS headers at all    | comma-separated exact origins allowed by CORS  |
 * | RATE_LIMITS   | on                               | on, or off (benchmarks only: no 429 limits)    |
 * | READ_CACHE    | on                               | on, or off: every read goes to the database    |
 * | TRUST_PROXY   | unset: trust no proxy            | addresses/CIDRs (comma-separated) of proxies   |
 * |               |                                  | whose X-Forwarded-For/-Proto are believed      |
 * | TLS_CERT_FILE | unset: plain HTTP                | PEM certificate chain: serve HTTPS (with       |
 * | TLS_KEY_FILE  |                                  | TLS_KEY_FILE, the PEM private key)             |
 * | PUBLIC_ORIGIN | http://localhost:5000            | the origin the public sees: share links, SD-JWT|
 * |               |                                  | VC `vct` URLs, OpenID4VP request URIs          |
 * | OID4VP_ALLOW_LOOPBACK | false (whatever HOST is)  | true: the wallet may fetch an OpenID4VP        |
 * |               |                                  | request_uri (and post to a response_uri) on    |
 * |               |                                  | 127.0.0.0/8 or ::1 (development, tests); this  |
 * |               |                                  | server's own are answered in process anyway    |
 * | OID4VCI_ALLOW_LOOPBACK | false                   | true: the same switch for OpenID4VCI (the      |
 * |               |                                  | wallet reaching credential issuers on loopback)|
 * | WEBAUTHN_RP_ID | PUBLIC_ORIGIN's host name       | the passkeys' relying party id (a domain, not  |
 * |               |                                  | an IP address: WebAuthn refuses those)         |
 * | WEBAUTHN_ORIGINS | PUBLIC_ORIGIN                 | comma-separated origins passkeys may be used on|
 * | SMTP_URL      | unset: no e-mail is sent         | smtp://user:pass@host:587 or smtps://...:465:  |
 * |               |                                  | the e-mail sender of holders' notices          |
 * | SMTP_FROM     | Pehchaan <no-reply@{PUBLIC_ORIGIN| the From of those e-mails                      |
 * |               | host}>                           |                                                |
 * | SMS_WEBHOOK_URL | unset: no SMS is sent          | http(s) URL the SMS notices are POSTed to as   |
 * |               |                                  | JSON { to, text } (an SMS gateway's webhook)   |
 * | DEMO_VERIFIER_KEYS | off (`npm start` on the embedded| on: when the seeded verifier organisations are|
 * |               | database sets on)                | first registered, mint one API key each and    |
 * |               |                                  | print them once to stdout (never to the log)   |
 * | REQUEST_TIMEOUT_MS | 20000                       | a request (headers and body) must arrive within|
 * |               |                                  | this long of its first byte, else 408 and close|
 * | HEADERS_TIMEOUT_MS | 10000                       | the headers must arrive within this long (at   |
 * |               |                                  | most REQUEST_TIMEOUT_MS)                       |
 * | CONNECTION_TIMEOUT_MS | 30000                    | a connection silent this long is closed        |
 * | KEEP_ALIVE_TIMEOUT_MS | 72000                    | an idle kept-alive connection is closed after  |
 * | MAX_CONNECTIONS_PER_CLIENT | 50                  | open connections per client IP (0: no cap,     |
 * |               |                                  | benchmarks only); plugins/connection-limits.ts |
 *
 * HSTS (Strict-Transport-Security) is sent on answers to HTTPS requests: served with TLS_* here,
 * or forwarded by a trusted proxy with X-Forwarded-Proto: https (plugins/security-headers.ts).
 *
 * `loadConfig` throws a ConfigError naming every bad variable at once, so a misconfigured
 * deployment fails at start with one readable message.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseDatabaseUrl } from './db/postgres-hosts';

const here = dirname(fileURLToPath(import.meta.url));

/** apps/web/dist, found from this file so it works whatever the working directory is. */
const DEFAULT_WEB_DIST = resolve(here, '../../web/dist');

export const OTP_PROVIDERS = ['disabled', 'console'] as const;
export type OtpProvider = (typeof OTP_PROVIDERS)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const RATE_LIMIT_MODES = ['on', 'off'] as const;
export const MIGRATION_MODES = ['apply', 'check'] as const;
export type MigrationMode = (typeof MIGRATION_MODES)[number];
const ON_OFF = ['on', 'off'] as const;

/**
 * CORS_ORIGINS: exact origins ('https://bank.example', 'http://localhost:5173'), separated by
 * commas. Each must be an http(s) origin written as the browser sends it: scheme and host,
 * an optional port, no path, no trailing slash, no wildcard. Empty means closed.
 */
const corsOriginsSchema = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const raw of value.split(',')) {
      const entry = raw.trim();
      if (entry === '') continue;
      if (!isExactOrigin(entry)) {
        ctx.addIssue({
          code: 'custom',
          message: `'${entry}' is not an exact origin such as https://bank.example (scheme and host, optional port, no path, no wildcard)`,
        });
        return z.NEVER;
      }
      if (!origins.includes(entry)) origins.push(entry);
    }
    return origins;
  });

function isExactOrigin(entry: string): boolean {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return false;
  }
  // The URL parser accepts '*' in a host name; a wildcard is never an exact origin.
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.origin === entry &&
    !entry.includes('*')
  );
}

/**
 * How long a client may take and how many connections it may hold (plugins/connection-limits.ts,
 * docs/security.md "Slow clients"), in milliseconds: REQUEST_TIMEOUT_MS (the whole request, from
 * its first byte), HEADERS_TIMEOUT_MS (its headers), CONNECTION_TIMEOUT_MS (a connection with no
 * traffic either way), KEEP_ALIVE_TIMEOUT_MS (an idle connection between requests), and
 * MAX_CONNECTIONS_PER_CLIENT (0: no cap).
 */
export interface ConnectionLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  connectionTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnectionsPerClient: number;
}

/**
 * The defaults, each with its reason:
 * - request 20 s: the largest body (BODY_LIMIT_BYTES, 64 KiB) takes about 10 s on a slow 2G
 *   link (50 kbit/s); a client that trickles its body is cut about 21 s after its first byte
 *   (the timeout plus the once-a-second check), within the 30 s docs/security.md promises;
 * - headers 10 s: a browser sends its headers in one packet; a slowloris client never finishes;
 * - connection 30 s of silence: a client that stops reading its answer;
 * - keep-alive 72 s (Fastify's default): longer than a load balancer's idle timeout (AWS ALB and
 *   HAProxy setups use 60 s), so a balancer never sends a request on a connection this server is
 *   closing;
 * - 50 connections per client: a browser opens at most 6 per site; offices and carrier-grade
 *   NAT put many people behind one address, and 50 leaves them room.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 20_000,
  headersTimeoutMs: 10_000,
  connectionTimeoutMs: 30_000,
  keepAliveTimeoutMs: 72_000,
  maxConnectionsPerClient: 50,
};

/** The server's settings after parsing; see the module docstring for each variable. */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path, or 'memory://' for an in-memory PGlite (tests). */
  dataDir: string;
  /** postgres:// URL (one or more hosts, db/postgres-hosts.ts); undefined selects PGlite. */
  databaseUrl: string | undefined;
  /**
   * MIGRATIONS: 'apply' runs the committed migrations at start (under the startup lock);
   * 'check' only verifies none is missing and refuses to start otherwise (plugins/db.ts).
   */
  migrations: MigrationMode;
  /**
   * REDIS_URL: the shared store of the rate-limit counters (plugins/rate-limit.ts); undefined
   * keeps them in this process's memory.
   */
  redisUrl: string | undefined;
  otpProvider: OtpProvider;
  /** 32 bytes, or undefined to use (and create) DATA_DIR/master.key. */
  masterKey: Buffer | undefined;
  logLevel: LogLevel;
  /** Absolute path of the built SPA. */
  webDist: string;
  /** CORS_ORIGINS: the exact origins CORS allows; empty: no CORS headers (closed). */
  corsOrigins: string[];
  /** RATE_LIMITS: false only for benchmarks (RATE_LIMITS=off); see src/plugins/rate-limit.ts. */
  rateLimits: boolean;
  /** READ_CACHE: keep holder reads in memory (src/lib/read-cache.ts); false: always query. */
  readCache: boolean;
  /**
   * TRUST_PROXY: false, or the proxies' addresses/CIDRs ('127.0.0.1,10.0.0.0/8') as Fastify's
   * `trustProxy` takes them. It decides request.ip (rate limits) and request.protocol (HSTS).
   */
  trustProxy: false | string;
  /** TLS_CERT_FILE and TLS_KEY_FILE, read at start: the server speaks HTTPS. */
  tls: { cert: Buffer; key: Buffer } | undefined;
  /**
   * PUBLIC_ORIGIN: scheme, host and optional port the public reaches this server at, no path or
   * trailing slash ('https://pehchaan.example'). Share links, SD-JWT VC `vct` URLs and
   * OpenID4VP request and response URIs are built on it.
   */
  publicOrigin: string;
  /**
   * OID4VP_ALLOW_LOOPBACK=true: the wallet may fetch a verifier's `request_uri` (and post to its
   * `response_uri`) on 127.0.0.0/8 or ::1, over http too (development and tests). Off by
   * default whatever HOST is: behind a reverse proxy the server listens on loopback, and a
   * holder's link must not make it reach other services there. This server's own verifier is
   * answered in process, so `npm start` needs no loopback. Private ranges are never allowed.
   */
  oid4vpAllowLoopback: boolean;
  /**
   * OID4VCI_ALLOW_LOOPBACK=true: the same for OpenID for Verifiable Credential Issuance (the
   * wallet reaching a credential issuer's endpoints on loopback), for the issuance work
   * (DECISIONS 9.1); off by default whatever HOST is.
   */
  oid4vciAllowLoopback: boolean;
  /**
   * The WebAuthn relying party (passkeys: two-factor authentication and biometric unlock):
   * WEBAUTHN_RP_ID (default PUBLIC_ORIGIN's host) and WEBAUTHN_ORIGINS (default PUBLIC_ORIGIN),
   * the origins whose passkey answers are accepted.
   */
  webauthn: WebauthnConfig;
  /**
   * The senders of the holder's notices (Settings › Notifications; lib/notifier.ts): SMTP_URL
   * (an smtp:// or smtps:// URL, credentials in it), SMTP_FROM (the From address) and
   * SMS_WEBHOOK_URL (an http(s) URL); undefined: that channel cannot send.
   */
  notifications: NotificationSenderConfig;
  /**
   * DEMO_VERIFIER_KEYS=on: when the seeded verifier organisations (SPEC 3's bank, telecom
   * operator and insurer) are first registered, one API key each is minted and printed once
   * (plugins/db.ts), so a newcomer can sign in to the verifier portal. Off by default; `npm
   * start` turns it on for the embedded database. Later starts print nothing.
   */
  demoVerifierKeys?: boolean;
  /** Timeouts and the per-client connection cap (ConnectionLimits). */
  connections: ConnectionLimits;
  /** The server version reported by /health (apps/server/package.json). */
  version: string;
  /** The clock. Injectable so tests can move time (session and OTP expiry). */
  now: () => Date;
}

/** The passkeys' relying party (W3C WebAuthn 5.1.4 rp.id, and the expected origins). */
export interface WebauthnConfig {
  rpId: string;
  origins: string[];
}

/** Where the holder's notices can be sent from (AppConfig.notifications). */
export interface NotificationSenderConfig {
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsWebhookUrl: string | undefined;
}

/** Thrown by loadConfig; `issues` holds one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A whole number of milliseconds, 1 s to 10 min. */
const milliseconds = (fallback: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(1000, 'must be 1000-600000 (milliseconds)')
      .max(600_000, 'must be 1000-600000 (milliseconds)')
      .default(fallback),
  );

const envSchema = z.object({
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(1, 'must be 1-65535')
      .max(65_535, 'must be 1-65535')
      .default(5000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .superRefine((value, ctx) => {
        try {
          parseDatabaseUrl(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
        }
      })
      .optional(),
  ),
  MIGRATIONS: z.preprocess(
    emptyAsUndefined,
    z
      .enum(MIGRATION_MODES, { error: `must be one of ${MIGRATION_MODES.join(', ')}` })
      .default('apply'),
  ),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/[^/]/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  OTP_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z
      .enum(OTP_PROVIDERS, { error: `must be one of ${OTP_PROVIDERS.join(', ')}` })
      .default('disabled'),
  ),
  MASTER_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().min(1).default(DEFAULT_WEB_DIST)),
  CORS_ORIGINS: corsOriginsSchema,
  RATE_LIMITS: z.preprocess(
    emptyAsUndefined,
    z
      .enum(RATE_LIMIT_MODES, { error: `must be one of ${RATE_LIMIT_MODES.join(', ')}` })
      .default('on'),
  ),
  READ_CACHE: z.preprocess(
    emptyAsUndefined,
    z.enum(ON_OFF, { error: `must be one of ${ON_OFF.join(', ')}` }).default('on'),
  ),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => /^[0-9a-fA-F.:/,\s]+$/.test(value), {
        message: 'must be addresses or CIDRs separated by commas',
      })
      .optional(),
  ),
  TLS_CERT_FILE: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  TLS_KEY_FILE: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  PUBLIC_ORIGIN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(isExactOrigin, {
        message:
          'must be an exact origin such as https://pehchaan.example (no path or trailing slash)',
      })
      .default('http://localhost:5000'),
  ),
  OID4VP_ALLOW_LOOPBACK: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  ),
  OID4VCI_ALLOW_LOOPBACK: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  ),
  WEBAUTHN_RP_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(?=.*[a-z])[a-z0-9.-]+$/i, 'must be a domain name such as pehchaan.example')
      .optional(),
  ),
  WEBAUTHN_ORIGINS: z.preprocess(emptyAsUndefined, corsOriginsSchema.optional()),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => urlWithProtocol(value, ['smtp:', 'smtps:']), {
        message:
          'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example:465',
      })
      .optional(),
  ),
  SMTP_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(200)
      .regex(
        /^[^\r\n]*@[^\r\n]*$/,
        'must be an e-mail address, e.g. Pehchaan <no-reply@pehchaan.example>',
      )
      .optional(),
  ),
  SMS_WEBHOOK_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => urlWithProtocol(value, ['http:', 'https:']), {
        message: 'must be an http:// or https:// URL',
      })
      .optional(),
  ),
  DEMO_VERIFIER_KEYS: z.preprocess(
    emptyAsUndefined,
    z.enum(ON_OFF, { error: `must be one of ${ON_OFF.join(', ')}` }).default('off'),
  ),
  REQUEST_TIMEOUT_MS: milliseconds(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs),
  HEADERS_TIMEOUT_MS: milliseconds(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs),
  CONNECTION_TIMEOUT_MS: milliseconds(DEFAULT_CONNECTION_LIMITS.connectionTimeoutMs),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs),
  MAX_CONNECTIONS_PER_CLIENT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (no cap) or more')
      .max(1_000_000, 'must be at most 1000000')
      .default(DEFAULT_CONNECTION_LIMITS.maxConnectionsPerClient),
  ),
});

/** True when `value` parses as a URL with a host and one of `protocols` ('smtp:'). */
function urlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Reads TLS_CERT_FILE and TLS_KEY_FILE (both or neither), or lists what is wrong in `issues`. */
function readTls(
  certFile: string | undefined,
  keyFile: string | undefined,
  cwd: string,
  issues: string[],
): AppConfig['tls'] {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined) {
    issues.push('TLS_CERT_FILE and TLS_KEY_FILE: set both to serve HTTPS, or neither');
    return undefined;
  }
  const read = (name: string, file: string) => {
    try {
      return readFileSync(resolve(cwd, file));
    } catch {
      issues.push(`${name}: cannot read ${file}`);
      return undefined;
    }
  };
  const cert = read('TLS_CERT_FILE', certFile);
  const key = read('TLS_KEY_FILE', keyFile);
  return cert && key ? { cert, key } : undefined;
}

function readVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(resolve(here, '../package.json'), 'utf8'));
  const parsed = z.object({ version: z.string() }).safeParse(pkg);
  return parsed.success ? parsed.data.version : '0.0.0';
}

/**
 * Parses `env` (process.env by default) into an AppConfig. Relative DATA_DIR and WEB_DIST are
 * resolved from `cwd`; DATA_DIR 'memory://' is kept as is (in-memory PGlite).
 * @throws {ConfigError} listing every invalid variable.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const e = result.data;
  const issues: string[] = [];
  const tls = readTls(e.TLS_CERT_FILE, e.TLS_KEY_FILE, cwd, issues);
  // Node refuses a headers timeout longer than the request timeout.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    issues.push('HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS');
  }
  if (issues.length > 0) throw new ConfigError(issues);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    migrations: e.MIGRATIONS,
    redisUrl: e.REDIS_URL,
    otpProvider: e.OTP_PROVIDER,
    masterKey: e.MASTER_KEY === undefined ? undefined : Buffer.from(e.MASTER_KEY, 'hex'),
    logLevel: e.LOG_LEVEL,
    webDist: resolve(cwd, e.WEB_DIST),
    corsOrigins: e.CORS_ORIGINS,
    rateLimits: e.RATE_LIMITS === 'on',
    readCache: e.READ_CACHE === 'on',
    trustProxy:
      e.TRUST_PROXY === undefined
        ? false
        : e.TRUST_PROXY.split(',')
            .map((part) => part.trim())
            .filter(Boolean)
            .join(','),
    tls,
    publicOrigin: e.PUBLIC_ORIGIN,
    oid4vpAllowLoopback: e.OID4VP_ALLOW_LOOPBACK === 'true',
    oid4vciAllowLoopback: e.OID4VCI_ALLOW_LOOPBACK === 'true',
    webauthn: {
      rpId: e.WEBAUTHN_RP_ID ?? new URL(e.PUBLIC_ORIGIN).hostname,
      origins:
        e.WEBAUTHN_ORIGINS && e.WEBAUTHN_ORIGINS.length > 0
          ? e.WEBAUTHN_ORIGINS
          : [e.PUBLIC_ORIGIN],
    },
    notifications: {
      smtpUrl: e.SMTP_URL,
      smtpFrom: e.SMTP_FROM ?? `Pehchaan <no-reply@${new URL(e.PUBLIC_ORIGIN).hostname}>`,
      smsWebhookUrl: e.SMS_WEBHOOK_URL,
    },
    demoVerifierKeys: e.DEMO_VERIFIER_KEYS === 'on',
    connections: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT,
    },
    version: readVersion(),
    now: () => new Date(),
  };
}
