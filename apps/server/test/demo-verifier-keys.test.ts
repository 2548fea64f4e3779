/**
 * DEMO_VERIFIER_KEYS (`npm start` on the embedded database; src/plugins/db.ts) on every backend:
 * the first start on a fresh database prints one API key for each seeded verifier organisation
 * (State Bank of India, Bharti Airtel, LIC of India), once, and each signs in to its own
 * organisation; the keys are stored only as hashes, never reach the server log, and a later
 * start on the same data prints nothing. Without the setting (tests, DATABASE_URL deployments)
 * nothing is printed. Also: loadConfig reads the variable, off by default.
 */
import { randomBytes } from 'node:crypto';
import { VERIFIER_SEEDS, verifierOrganisationSchema } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { verifierApiKeys } from '../src/db/schema';
import { buildTestApp } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

const KEY = /pvk_[A-Za-z0-9_-]+/g;
const ONE_KEY = /pvk_[A-Za-z0-9_-]+/;

describe.each(backends)('demo verifier API keys on $name', (backend) => {
  const opened: OpenedDatabase[] = [];
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of opened) await database.dispose();
  });

  /** Starts an app on `database`, capturing what it announces and what it logs. */
  async function start(database: OpenedDatabase, masterKey: Buffer, demoVerifierKeys: boolean) {
    const announced: string[] = [];
    const logged: string[] = [];
    const app = await buildTestApp(
      database.database,
      { masterKey, demoVerifierKeys, logLevel: 'info' },
      {
        announce: (text) => announced.push(text),
        logStream: { write: (line) => void logged.push(line) },
      },
    );
    apps.push(app);
    return { app, announced: announced.join(''), logged: logged.join('') };
  }

  it('prints one key per seeded organisation at the first start only; each signs in to its own', async () => {
    const database = await backend.open();
    opened.push(database);
    const masterKey = randomBytes(32);
    const first = await start(database, masterKey, true);

    const keys = first.announced.match(KEY) ?? [];
    expect(keys).toHaveLength(VERIFIER_SEEDS.length);
    expect(first.announced).toContain('http://localhost:5000/verifier');
    for (const seed of VERIFIER_SEEDS) expect(first.announced).toContain(seed.name);
    // Each line names the organisation its key belongs to.
    for (const line of first.announced.split('\n').filter((l) => ONE_KEY.test(l))) {
      const key = line.match(ONE_KEY)?.[0] ?? '';
      const response = await first.app.inject({
        url: '/verifier/me',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.statusCode).toBe(200);
      expect(line).toContain(verifierOrganisationSchema.parse(response.json()).name);
    }
    // Stored only as hashes; never in the server log.
    const stored = await first.app.deps.db.select().from(verifierApiKeys);
    expect(stored).toHaveLength(VERIFIER_SEEDS.length);
    for (const key of keys) {
      expect(JSON.stringify(stored)).not.toContain(key);
      expect(first.logged).not.toContain(key);
    }
    expect(first.logged).toContain('demo verifier API keys printed');
    await first.app.close();

    const later = await start(database, masterKey, true);
    expect(later.announced).toBe('');
    expect(await later.app.deps.db.select().from(verifierApiKeys)).toHaveLength(
      VERIFIER_SEEDS.length,
    );
  });

  it('prints nothing and makes no key unless asked', async () => {
    const database = await backend.open();
    opened.push(database);
    const { app, announced } = await start(database, randomBytes(32), false);
    expect(announced).toBe('');
    expect(await app.deps.db.select().from(verifierApiKeys)).toEqual([]);
  });
});

describe('DEMO_VERIFIER_KEYS', () => {
  it('is off unless set to on', () => {
    expect(loadConfig({}).demoVerifierKeys).toBe(false);
    expect(loadConfig({ DEMO_VERIFIER_KEYS: 'on' }).demoVerifierKeys).toBe(true);
    expect(() => loadConfig({ DEMO_VERIFIER_KEYS: 'yes' })).toThrow(/DEMO_VERIFIER_KEYS/);
  });
});
