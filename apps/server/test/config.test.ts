/** src/config.ts: defaults, resolution and the all-at-once error listing (STYLE principle 5). */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('applies the defaults (port 5000, OTP disabled, ./data from the working dir)', () => {
    const config = loadConfig({}, '/srv/pehchaan');
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: '/srv/pehchaan/data',
      databaseUrl: undefined,
      otpProvider: 'disabled',
      masterKey: undefined,
      logLevel: 'info',
      corsOrigins: [],
      rateLimits: true,
    });
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
    expect(config.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '5055',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://u:p@db:5432/pehchaan',
        OTP_PROVIDER: 'console',
        MASTER_KEY: 'ab'.repeat(32),
        LOG_LEVEL: 'debug',
        WEB_DIST: '/srv/web',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 5055,
      host: '127.0.0.1',
      dataDir: '/srv/var/data',
      databaseUrl: 'postgres://u:p@db:5432/pehchaan',
      otpProvider: 'console',
      logLevel: 'debug',
      webDist: '/srv/web',
    });
    expect(config.masterKey?.toString('hex')).toBe('ab'.repeat(32));
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', MASTER_KEY: '' })).toMatchObject({
      port: 5000,
      databaseUrl: undefined,
      masterKey: undefined,
    });
  });

  it('reads CORS_ORIGINS as exact origins and RATE_LIMITS as on or off', () => {
    expect(
      loadConfig({
        CORS_ORIGINS: ' https://bank.example, http://localhost:5173 ,https://bank.example',
        RATE_LIMITS: 'off',
      }),
    ).toMatchObject({
      corsOrigins: ['https://bank.example', 'http://localhost:5173'],
      rateLimits: false,
    });
    expect(loadConfig({ CORS_ORIGINS: '', RATE_LIMITS: '' })).toMatchObject({
      corsOrigins: [],
      rateLimits: true,
    });
  });

  it('reads TRUST_PROXY as proxy addresses and the TLS files as HTTPS', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({}).tls).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ' }).trustProxy).toBe(
      '127.0.0.1,10.0.0.0/8',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be addresses/);
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/cert.pem' })).toThrow(/set both/);
    expect(() =>
      loadConfig({ TLS_CERT_FILE: '/nonexistent/cert.pem', TLS_KEY_FILE: '/nonexistent/key.pem' }),
    ).toThrow(/TLS_CERT_FILE: cannot read/);
  });

  it.each([
    '*',
    'bank.example',
    'https://bank.example/',
    'https://bank.example/app',
    'https://*.bank.example',
    'ftp://bank.example',
    'https://BANK.example',
    'https://bank.example:443',
    'https://bank.example,null',
  ])('refuses CORS_ORIGINS=%s', (value) => {
    expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(
      /CORS_ORIGINS: .*not an exact origin/,
    );
  });

  it('reads the notice senders: SMTP_URL, SMTP_FROM and SMS_WEBHOOK_URL (none by default)', () => {
    expect(loadConfig({}).notifications).toEqual({
      smtpUrl: undefined,
      smtpFrom: 'Pehchaan <no-reply@localhost>',
      smsWebhookUrl: undefined,
    });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://alerts:s3cret@smtp.example:465',
        SMS_WEBHOOK_URL: 'https://sms.example/hooks/pehchaan?key=k1',
        PUBLIC_ORIGIN: 'https://pehchaan.example',
      }).notifications,
    ).toEqual({
      smtpUrl: 'smtps://alerts:s3cret@smtp.example:465',
      smtpFrom: 'Pehchaan <no-reply@pehchaan.example>',
      smsWebhookUrl: 'https://sms.example/hooks/pehchaan?key=k1',
    });
    expect(loadConfig({ SMTP_FROM: 'Alerts <alerts@bank.example>' }).notifications.smtpFrom).toBe(
      'Alerts <alerts@bank.example>',
    );
    const issues = (() => {
      try {
        loadConfig({ SMTP_URL: 'https://smtp.example', SMS_WEBHOOK_URL: 'sms.example/hook' });
      } catch (error) {
        return (error as ConfigError).issues;
      }
      return [];
    })();
    expect(issues).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example:465',
      'SMS_WEBHOOK_URL: must be an http:// or https:// URL',
    ]);
    // The message never echoes the URL (it may hold a password).
    expect(() => loadConfig({ SMTP_URL: 'imap://u:hunter2@x' })).not.toThrow(/hunter2/);
  });

  it('reads a multi-host DATABASE_URL, MIGRATIONS and REDIS_URL (several instances)', () => {
    const databaseUrl =
      'postgres://app@10.0.0.1:5432,10.0.0.2:5432/pehchaan?target_session_attrs=read-write';
    expect(
      loadConfig({ DATABASE_URL: databaseUrl, MIGRATIONS: 'check', REDIS_URL: 'redis://r:6379' }),
    ).toMatchObject({ databaseUrl, migrations: 'check', redisUrl: 'redis://r:6379' });
    expect(loadConfig({})).toMatchObject({ migrations: 'apply', redisUrl: undefined });
    const issuesOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).issues;
      }
      return [];
    };
    expect(issuesOf({ DATABASE_URL: 'postgres://a,b/x?target_session_attrs=standby' })).toEqual([
      'DATABASE_URL: target_session_attrs must be one of any, read-write, primary',
    ]);
    expect(issuesOf({ MIGRATIONS: 'later', REDIS_URL: 'http://r' })).toEqual([
      'MIGRATIONS: must be one of apply, check',
      'REDIS_URL: must be a redis:// or rediss:// URL',
    ]);
  });

  it('keeps OpenID4VP and OpenID4VCI loopback fetching off unless set, whatever HOST is', () => {
    for (const host of ['0.0.0.0', '127.0.0.1', 'localhost', '::1']) {
      expect(loadConfig({ HOST: host, TRUST_PROXY: '127.0.0.1' })).toMatchObject({
        oid4vpAllowLoopback: false,
        oid4vciAllowLoopback: false,
      });
    }
    expect(
      loadConfig({ OID4VP_ALLOW_LOOPBACK: 'true', OID4VCI_ALLOW_LOOPBACK: 'true' }),
    ).toMatchObject({ oid4vpAllowLoopback: true, oid4vciAllowLoopback: true });
    expect(loadConfig({ OID4VCI_ALLOW_LOOPBACK: 'true' })).toMatchObject({
      oid4vpAllowLoopback: false,
      oid4vciAllowLoopback: true,
    });
    expect(() => loadConfig({ OID4VCI_ALLOW_LOOPBACK: 'yes' })).toThrow(
      /OID4VCI_ALLOW_LOOPBACK: must be true or false/,
    );
  });

  it('reads the timeouts and the per-client connection cap (defaults within 30 s, 50 connections)', () => {
    expect(loadConfig({}).connections).toEqual({
      requestTimeoutMs: 20_000,
      headersTimeoutMs: 10_000,
      connectionTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerClient: 50,
    });
    expect(
      loadConfig({
        REQUEST_TIMEOUT_MS: '15000',
        HEADERS_TIMEOUT_MS: '5000',
        CONNECTION_TIMEOUT_MS: '20000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
        MAX_CONNECTIONS_PER_CLIENT: '0',
      }).connections,
    ).toEqual({
      requestTimeoutMs: 15_000,
      headersTimeoutMs: 5_000,
      connectionTimeoutMs: 20_000,
      keepAliveTimeoutMs: 65_000,
      maxConnectionsPerClient: 0,
    });
    const issuesOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).issues;
      }
      return [];
    };
    expect(issuesOf({ REQUEST_TIMEOUT_MS: '0', MAX_CONNECTIONS_PER_CLIENT: '-1' })).toEqual([
      'REQUEST_TIMEOUT_MS: must be 1000-600000 (milliseconds)',
      'MAX_CONNECTIONS_PER_CLIENT: must be 0 (no cap) or more',
    ]);
    // Node refuses a headers timeout longer than the request's.
    expect(issuesOf({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '8000' })).toEqual([
      'HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS',
    ]);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        OTP_PROVIDER: 'sms',
        MASTER_KEY: 'short',
        LOG_LEVEL: 'loud',
        CORS_ORIGINS: '*',
        RATE_LIMITS: 'sometimes',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'OTP_PROVIDER',
      'MASTER_KEY',
      'LOG_LEVEL',
      'CORS_ORIGINS',
      'RATE_LIMITS',
    ]) {
      expect(
        issues.some((issue) => issue.startsWith(`${name}:`)),
        name,
      ).toBe(true);
    }
    expect((error as ConfigError).message).toContain('Invalid configuration');
  });
});
