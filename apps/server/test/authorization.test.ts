/**
 * The authorization suite (docs/security.md; ADR 0004): every operation of the OpenAPI document
 * that needs `bearerAuth` is called with no token, an unknown token, an expired token (idle past 30
 * minutes), a revoked token (logged out) and another holder's token, on every backend.
 *
 * - Without a valid session: 401 problem 'unauthenticated', on every bearer operation.
 * - With user-002's session against user-001 (the victim): 403 on every operation that addresses
 *   a holder (/user/{userId}/... and POST /identity/generate-credential?user_id=...). Each is sent
 *   with a valid body and real ids of the victim's data, so a 400 or 404 cannot hide a missing
 *   check.
 * - Authorization before validation: the same walk with invalid input (a body that is not JSON,
 *   a body of the wrong shape, an unknown query value, malformed ids) still answers 401 without
 *   a token and 403 with another holder's, never the validation's 400.
 * - Afterwards the victim's credentials, consent requests, activity log, profile and settings
 *   are exactly what they were.
 *
 * The walk is driven by /docs/json, so a new bearer route is covered as soon as it exists; the
 * suite fails when such a route has a request body without an example in VALID_BODIES, or is
 * neither holder-addressed nor listed in SELF_OPERATIONS.
 */
import { DEFAULT_SETTINGS } from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_SESSION_DETAIL } from '../src/accounts/authenticate-session';
import { FORBIDDEN_DETAIL, MISSING_TOKEN_DETAIL } from '../src/plugins/auth';
import {
  bearer,
  buildTestApp,
  HOLDER_DATA_PARTS,
  holderSnapshot,
  loginDemo,
  MINUTE_MS,
  PRIMARY,
  SECONDARY,
  TestClock,
} from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { isProblem } from './helpers/problem';

const VICTIM = PRIMARY.userId;
const VICTIM_CONSENT_ID = `consent-${VICTIM}-bank`;

/** WebAuthn answers of the right shape (they verify against nothing). */
const PASSKEY_REGISTRATION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
};

/** A valid request body per "METHOD path" (OpenAPI path) of every bearer route that takes one. */
const VALID_BODIES: Record<string, (ids: { basicIdentityId: string }) => unknown> = {
  'POST /user/{userId}/presentation-requests': () => ({
    link: 'openid4vp://?client_id=redirect_uri%3Ahttps%3A%2F%2Fverifier.example%2Fcb&request_uri=https%3A%2F%2Fverifier.example%2Fr',
  }),
  'POST /user/{userId}/shares': ({ basicIdentityId }) => ({
    credential_id: basicIdentityId,
    fields: ['name'],
    lifetime: '7d',
  }),
  'PUT /user/{userId}/credentials/order': ({ basicIdentityId }) => ({
    credential_ids: [basicIdentityId],
  }),
  'POST /user/{userId}/activity-logs': () => ({
    type: 'test_manual',
    description: 'Written by another holder',
  }),
  'POST /user/{userId}/credentials/{id}/activity': () => ({ type: 'credential_copied' }),
  'PUT /user/{userId}/credentials/{id}/public-link': () => ({ enabled: false }),
  'POST /user/{userId}/credentials/{id}/status-check': () => ({}),
  'POST /user/{userId}/credentials/{id}/offline-presentation': () => ({ fields: ['name'] }),
  'POST /user/{userId}/seen': () => ({ kinds: ['credentials', 'consent_requests'] }),
  'POST /user/{userId}/consent-requests/{id}/approve': () => ({}),
  'POST /user/{userId}/consent-requests/{id}/reject': () => ({}),
  'POST /user/{userId}/consent-requests/{id}/withdraw': () => ({}),
  'POST /user/{userId}/credential-offers': () => ({
    offer:
      'openid-credential-offer://?credential_offer_uri=https%3A%2F%2Fissuer.example%2Foffers%2F1',
  }),
  'POST /user/{userId}/credential-offers/{offerId}/accept': () => ({ tx_code: '123456' }),
  'POST /user/{userId}/credential-offers/authorization': () => ({
    state: `offer-of-nobody.${'A'.repeat(43)}`,
    code: 'authorization-code',
  }),
  'PUT /user/{userId}/profile': () => ({
    display_name: 'Mallory',
    email: 'mallory@example.in',
    username: 'mallory',
    bio: '',
  }),
  'PUT /user/{userId}/settings': () => ({ ...DEFAULT_SETTINGS, dataSharing: true }),
  'POST /user/{userId}/passkeys/options': () => ({ attachment: 'any' }),
  'POST /user/{userId}/passkeys': () => ({ response: PASSKEY_REGISTRATION }),
  'POST /user/{userId}/passkeys/unlock': () => ({
    response: {
      id: 'cred',
      rawId: 'cred',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    },
  }),
  'PUT /user/{userId}/password': () => ({
    new_password: 'mallory-was-here',
    confirm_password: 'mallory-was-here',
  }),
  'POST /user/{userId}/password/remove': () => ({ current_password: 'a guess' }),
  'PUT /user/{userId}/backup-key': () => ({
    public_jwk: { kty: 'EC', crv: 'P-256', x: 'A'.repeat(43), y: 'B'.repeat(43) },
    wrapped_private_key: 'aaaa.bbbb.cccc.dddd.eeee',
  }),
  'POST /user/{userId}/restore': () => ({ settings: DEFAULT_SETTINGS, verifiable_credentials: [] }),
  'POST /user/{userId}/rights-requests': () => ({
    kind: 'erasure',
    consent_request_id: VICTIM_CONSENT_ID,
    message: 'Sent by another holder',
  }),
};

/** Bearer operations that act on the caller's own session and address no holder. */
const SELF_OPERATIONS = ['POST /api/auth/logout', 'GET /api/auth/session'];

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  /** "METHOD path", the path as in the OpenAPI document. */
  key: string;
  method: Uppercase<(typeof HTTP_METHODS)[number]>;
  path: string;
  hasBody: boolean;
  /** Addresses a holder (by path or query): another holder's session must get 403. */
  addressesHolder: boolean;
}

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
}

function bearerOperations(document: {
  paths: Record<string, Partial<Record<string, OpenApiOperation>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation?.security?.some((requirement) => 'bearerAuth' in requirement)) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        hasBody: operation.requestBody !== undefined,
        addressesHolder: parameters.some(
          (p) =>
            (p.in === 'path' && p.name === 'userId') || (p.in === 'query' && p.name === 'user_id'),
        ),
      });
    }
  }
  return operations;
}

describe.each(backends)('authorization on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const clock = new TestClock();
  let operations: Operation[];
  let victimToken: string;
  let attackerToken: string;
  let expiredToken: string;
  let revokedToken: string;
  let basicIdentityId: string;
  let victimSessionId: string;
  let victimShareId: string;

  /** The request for `operation` against the victim's data, with `headers`. */
  const send = (operation: Operation, headers: Record<string, string>) => {
    const url = operation.path
      .replace('{userId}', VICTIM)
      .replace(
        '{id}',
        operation.path.includes('/consent-requests/') ? VICTIM_CONSENT_ID : basicIdentityId,
      )
      .replace('{sessionId}', victimSessionId)
      .replace('{shareId}', victimShareId)
      .replace('{field}', 'phone')
      .replace('{passkeyId}', 'passkey-of-nobody')
      .replace('{backupId}', 'backup-of-nobody')
      .replace('{offerId}', 'offer-of-nobody');
    if (/\{[^}]+\}/.test(url)) throw new Error(`no value for a path parameter of ${operation.key}`);
    const query = operation.addressesHolder && !operation.path.includes('{userId}');
    const body = VALID_BODIES[operation.key];
    return app.inject({
      method: operation.method,
      url: query ? `${url}?user_id=${VICTIM}&document_type=pan` : url,
      headers,
      ...(body ? { payload: body({ basicIdentityId }) as object } : {}),
    });
  };

  /** What the victim sees of their own data, read with their own session. */
  const victimSnapshot = () =>
    holderSnapshot(app, VICTIM, victimToken, [...HOLDER_DATA_PARTS, 'sessions']);

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, rateLimits: true });
    const document = (await app.inject({ url: '/docs/json' })).json();
    operations = bearerOperations(document);

    // A session left idle past 30 minutes; the others are made afterwards, so they are live.
    expiredToken = await loginDemo(app, PRIMARY);
    clock.advance(31 * MINUTE_MS);
    revokedToken = await loginDemo(app, PRIMARY);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(revokedToken),
    });
    expect(logout.statusCode).toBe(200);
    victimToken = await loginDemo(app, PRIMARY);
    attackerToken = await loginDemo(app, SECONDARY);

    const credentials = (
      await app.inject({ url: `/user/${VICTIM}/credentials`, headers: bearer(victimToken) })
    ).json().credentials as { id: string; permanent?: boolean }[];
    // The Basic Identity is the permanent one.
    const basic = credentials.find((c) => c.permanent) ?? credentials[0];
    if (!basic) throw new Error('the victim has no credential');
    basicIdentityId = basic.id;
    const sessions = (
      await app.inject({ url: `/user/${VICTIM}/sessions`, headers: bearer(victimToken) })
    ).json().sessions as { id: string; current: boolean }[];
    const current = sessions.find((session) => session.current);
    if (!current) throw new Error('the victim has no current session');
    victimSessionId = current.id;
    const share = await app.inject({
      method: 'POST',
      url: `/user/${VICTIM}/shares`,
      headers: bearer(victimToken),
      payload: { credential_id: basicIdentityId, fields: ['name'], lifetime: '7d' },
    });
    victimShareId = share.json().share.id;
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  it('finds the bearer operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
    expect(operations.map((o) => o.key)).toEqual(
      expect.arrayContaining([
        'GET /user/{userId}/credentials',
        'DELETE /user/{userId}/credentials/{id}',
        'POST /user/{userId}/consent-requests/{id}/approve',
        'PUT /user/{userId}/settings',
        'POST /identity/generate-credential',
        ...SELF_OPERATIONS,
      ]),
    );
  });

  it('has a valid example body for exactly the bearer operations that take one', () => {
    const withBody = operations.filter((o) => o.hasBody).map((o) => o.key);
    expect(Object.keys(VALID_BODIES).sort()).toEqual(withBody.sort());
  });

  it('knows every bearer operation as holder-addressed or acting on the own session', () => {
    const unclassified = operations.filter(
      (o) => !o.addressesHolder && !SELF_OPERATIONS.includes(o.key),
    );
    expect(unclassified.map((o) => o.key)).toEqual([]);
    for (const operation of operations) {
      if (operation.path.startsWith('/user/')) expect(operation.addressesHolder).toBe(true);
    }
  });

  it('answers 401 without a valid session and 403 with another holder’s, changing nothing', async () => {
    const before = await victimSnapshot();
    const cases = [
      {
        name: 'no token',
        headers: {},
        status: 401,
        code: 'unauthenticated' as const,
        detail: MISSING_TOKEN_DETAIL,
      },
      {
        name: 'an unknown token',
        headers: bearer('A'.repeat(43)),
        status: 401,
        code: 'unauthenticated' as const,
        detail: INVALID_SESSION_DETAIL,
      },
      {
        name: 'a malformed header',
        headers: { authorization: 'Basic dXNlcjpwYXNz' },
        status: 401,
        code: 'unauthenticated' as const,
        detail: INVALID_SESSION_DETAIL,
      },
      {
        name: 'an expired token',
        headers: bearer(expiredToken),
        status: 401,
        code: 'unauthenticated' as const,
        detail: INVALID_SESSION_DETAIL,
      },
      {
        name: 'a revoked token',
        headers: bearer(revokedToken),
        status: 401,
        code: 'unauthenticated' as const,
        detail: INVALID_SESSION_DETAIL,
      },
    ];
    const failures: string[] = [];
    for (const operation of operations) {
      for (const c of cases) {
        const response = await send(operation, c.headers);
        if (!isProblem(response, c.status, c.code, c.detail)) {
          failures.push(`${operation.key} with ${c.name}: ${response.statusCode} ${response.body}`);
        }
      }
      if (operation.addressesHolder) {
        const response = await send(operation, bearer(attackerToken));
        if (!isProblem(response, 403, 'forbidden', FORBIDDEN_DETAIL)) {
          failures.push(
            `${operation.key} with user-002's token: ${response.statusCode} ${response.body}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);

    // The expired session stays dead even though it was presented again.
    const again = await app.inject({ url: '/api/auth/session', headers: bearer(expiredToken) });
    expect(again.statusCode).toBe(401);
    expect(await victimSnapshot()).toEqual(before);
  });

  it('decides 401 and 403 before validating the input', async () => {
    /** `operation` against the victim with invalid input of kind `kind`, with `headers`. */
    const sendInvalid = (
      operation: Operation,
      kind: 'not-json' | 'wrong-shape' | 'bad-ids',
      headers: Record<string, string>,
    ) => {
      const badIds = kind === 'bad-ids';
      const url = operation.path
        .replace('{userId}', VICTIM)
        .replace('{id}', badIds ? 'not*an*id' : basicIdentityId)
        .replace('{sessionId}', badIds ? 'not*a*session' : victimSessionId)
        .replace('{field}', badIds ? 'not*a*field' : 'phone');
      const query = operation.addressesHolder && !operation.path.includes('{userId}');
      const payload =
        kind === 'not-json'
          ? { payload: '{"not json', headers: { ...headers, 'content-type': 'application/json' } }
          : kind === 'wrong-shape'
            ? { payload: { unexpected: [1, 2, 3] }, headers }
            : { headers };
      return app.inject({
        method: operation.method,
        url: query ? `${url}?user_id=${VICTIM}&document_type=No+Such+Card&extra=1` : url,
        ...(operation.hasBody || kind !== 'bad-ids' ? payload : { headers }),
      });
    };
    const failures: string[] = [];
    for (const operation of operations) {
      for (const kind of ['not-json', 'wrong-shape', 'bad-ids'] as const) {
        const anonymous = await sendInvalid(operation, kind, {});
        if (!isProblem(anonymous, 401, 'unauthenticated', MISSING_TOKEN_DETAIL)) {
          failures.push(`${operation.key} (${kind}) without a token: ${anonymous.statusCode}`);
        }
        if (!operation.addressesHolder) continue;
        const response = await sendInvalid(operation, kind, bearer(attackerToken));
        if (!isProblem(response, 403, 'forbidden', FORBIDDEN_DETAIL)) {
          failures.push(`${operation.key} (${kind}) with user-002's token: ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The same invalid input with the victim's own token is refused by validation instead.
    const own = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${VICTIM}&document_type=No+Such+Card`,
      headers: bearer(victimToken),
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('invalid_request');
  });

  it('lets a session act only as its own holder on the self operations', async () => {
    const response = await app.inject({
      url: '/api/auth/session',
      headers: bearer(attackerToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user_id).toBe(SECONDARY.userId);
    // The victim's session is unaffected by everything above.
    const own = await app.inject({ url: '/api/auth/session', headers: bearer(victimToken) });
    expect(own.json().user_id).toBe(VICTIM);
  });
});
