/**
 * Test helpers: a controllable clock, a test configuration, app building and demo login.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_OTP } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/app';
import { type AppConfig, DEFAULT_CONNECTION_LIMITS } from '../../src/config';
import type { Database } from '../../src/db/create-db';

/** A clock tests move by hand. Starts at a fixed instant so runs are repeatable. */
export class TestClock {
  private ms: number;

  constructor(start = Date.parse('2025-06-01T10:00:00.000Z')) {
    this.ms = start;
  }

  readonly now = (): Date => new Date(this.ms);

  advance(ms: number): void {
    this.ms += ms;
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/**
 * A configuration for tests: silent logs, no web build, the given clock and master key, CORS
 * closed. Rate limits are off here (suites log in far more often than 30 times a minute from
 * one address); the suites about limits and authorization turn them on (`rateLimits: true`),
 * as a deployment has them (RATE_LIMITS defaults to on).
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    databaseUrl: undefined,
    migrations: 'apply',
    redisUrl: undefined,
    otpProvider: 'disabled',
    masterKey: randomBytes(32),
    logLevel: 'silent',
    webDist: '/nonexistent/pehchaan-web-dist',
    version: '0.0.0-test',
    corsOrigins: [],
    rateLimits: false,
    readCache: true,
    trustProxy: false,
    tls: undefined,
    publicOrigin: 'http://localhost:5000',
    // Off, as a deployment has it: a suite whose outside verifier or issuer listens on
    // 127.0.0.1 turns it on itself; this server's own verifier is reached in process anyway.
    oid4vpAllowLoopback: false,
    oid4vciAllowLoopback: false,
    webauthn: { rpId: 'localhost', origins: ['http://localhost:5000'] },
    notifications: {
      smtpUrl: undefined,
      smtpFrom: 'Pehchaan <no-reply@localhost>',
      smsWebhookUrl: undefined,
    },
    connections: DEFAULT_CONNECTION_LIMITS,
    now: () => new Date(),
    ...overrides,
  };
}

/** Builds an app on `db` with a test configuration. */
export function buildTestApp(
  db: Database,
  config: Partial<AppConfig> = {},
  extra: Omit<BuildAppOptions, 'config' | 'db'> = {},
): Promise<FastifyInstance> {
  return buildApp({ config: testConfig(config), db, ...extra });
}

export const PRIMARY = DEMO_ACCOUNTS[0] as (typeof DEMO_ACCOUNTS)[number];
export const SECONDARY = DEMO_ACCOUNTS[1] as (typeof DEMO_ACCOUNTS)[number];

/** Logs a demo account in and returns its session token. */
export async function loginDemo(app: FastifyInstance, account = PRIMARY): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: {
      aadhaarNumber: account.aadhaarNumber,
      phoneNumber: account.phoneNumber,
      otp: DEMO_OTP,
    },
  });
  expect(response.statusCode).toBe(200);
  const token: unknown = response.json().session_token;
  if (typeof token !== 'string') throw new Error('login answered no session_token');
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The holder data parts of GET /user/{userId}/<part> a snapshot reads. */
export const HOLDER_DATA_PARTS = [
  'credentials',
  'consent-requests',
  'activity-logs',
  'profile',
  'settings',
] as const;

/**
 * What `userId` sees of their own data, read with `token`: part name -> JSON answer, for each
 * of `parts` (each must answer 200). Suites compare two snapshots to show nothing changed.
 */
export async function holderSnapshot(
  app: FastifyInstance,
  userId: string,
  token: string,
  parts: readonly string[] = HOLDER_DATA_PARTS,
): Promise<Record<string, unknown>> {
  const snapshot: Record<string, unknown> = {};
  for (const part of parts) {
    const response = await app.inject({ url: `/user/${userId}/${part}`, headers: bearer(token) });
    expect(response.statusCode, part).toBe(200);
    snapshot[part] = response.json();
  }
  return snapshot;
}
