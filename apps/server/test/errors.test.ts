/**
 * Error answers never carry stack traces or internal messages (docs/security.md; src/app.ts
 * handleError), on every backend: an internal failure (here the credentials table renamed away
 * under the running app, so the database answers 'relation "credentials" does not exist') is
 * answered 500 as the problem 'internal_error' (detail 'Internal Server Error'), and its message goes to the server log only.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginDemo, PRIMARY } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

describe.each(backends)('internal errors on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(
      opened.database,
      { logLevel: 'error' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  it('answers the 500 problem internal_error without the message or a stack, and logs it', async () => {
    const token = await loginDemo(app);
    await opened.database.db.execute(sql`ALTER TABLE credentials RENAME TO credentials_gone`);
    try {
      const requests = [
        {
          method: 'GET' as const,
          url: `/user/${PRIMARY.userId}/credentials`,
          headers: bearer(token),
        },
        { method: 'GET' as const, url: '/api/verify/cred-anything' },
        {
          method: 'POST' as const,
          url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=pan`,
          headers: bearer(token),
        },
      ];
      for (const request of requests) {
        const response = await app.inject(request);
        expectProblem(response, 'internal_error', 'Internal Server Error');
        for (const leak of ['relation', 'credentials_gone', 'does not exist', 'stack', '    at ']) {
          expect(response.body).not.toContain(leak);
        }
      }
    } finally {
      await opened.database.db.execute(sql`ALTER TABLE credentials_gone RENAME TO credentials`);
    }
    // The cause is in the server log, for the operator.
    const logged = logLines.join('\n');
    expect(logged).toContain('request failed');
    expect(logged).toMatch(/credentials.*does not exist/);

    // And the app works again once the table is back.
    const healthy = await app.inject({
      url: `/user/${PRIMARY.userId}/credentials`,
      headers: bearer(token),
    });
    expect(healthy.statusCode).toBe(200);
  });
});
