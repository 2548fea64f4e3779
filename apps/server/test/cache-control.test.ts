/**
 * No answer holding personal data may be kept by a browser, proxy or CDN cache (RFC 9111;
 * plugins/security-headers.ts, docs/security.md "Caching"): every operation of the OpenAPI
 * document, whatever its URL prefix (/user, /api, /verifier, /oid4vp, /vct, /credentials,
 * /presentations, /identity, /storage, ...), is called for real, signed in as its caller needs
 * (a holder's session, a verifier's or an issuer's API key), with the ids of real records, and
 * its answer, success or error, must carry `Cache-Control: no-store` and the API header set,
 * unless the operation is a public document (test/helpers/cache-policy.ts), whose successes say
 * how long they may be kept. The OpenAPI UI and document may be kept for an hour.
 */
import { DOCUMENT_TYPE_KEYS } from '@pehchaan/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssuerApiKey } from '../src/issuer/create-issuer-api-key';
import { NO_STORE, PUBLIC_CACHE } from '../src/plugins/security-headers';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import {
  type ApiKeyCaller,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from './fuzz/operations';
import { bearer, buildTestApp, loginDemo, PRIMARY } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectedCacheControl, PUBLIC_OPERATIONS } from './helpers/cache-policy';

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
const DOCUMENT_ONLY_HEADERS = [
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
];

describe.each(backends)('Cache-Control of every operation on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let operations: Operation[];
  const apiKeys: Record<ApiKeyCaller, string> = { verifier: '', issuer: '', oid4vci: '' };
  /** Real path values: the holder's own records, the bank's requests, a document type. */
  const pathValues: Record<string, string> = {};

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database);
    apiKeys.verifier = (
      await createVerifierApiKey({ ...app.deps, verifierName: 'State Bank of India' })
    ).apiKey;
    apiKeys.issuer = (await createIssuerApiKey({ ...app.deps, issuer: 'UIDAI' })).apiKey;
    const offered = await app.inject({
      method: 'POST',
      url: '/issuer/offers',
      headers: bearer(apiKeys.issuer),
      payload: {
        document_type: 'aadhaar',
        claims: {
          name: 'Cache Holder',
          aadhaar_number: PRIMARY.aadhaarNumber,
          phone: PRIMARY.phoneNumber,
          date_of_birth: '1990-01-01',
          address: 'Cache Lane, Pune',
          gender: 'Female',
          nationality: 'Indian',
        },
      },
    });
    expect(offered.statusCode, offered.body).toBe(201);
    operations = operationsOf((await app.inject({ url: '/docs/json' })).json() as OpenApiDocument);

    const token = await loginDemo(app, PRIMARY);
    const read = async (url: string, auth: Record<string, string>) => {
      const response = await app.inject({ url, headers: auth });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };
    const holder = bearer(token);
    const credentials = await read(`/user/${PRIMARY.userId}/credentials`, holder);
    const consents = await read(`/user/${PRIMARY.userId}/consent-requests`, holder);
    const requests = await read('/verifier/requests', bearer(apiKeys.verifier));
    Object.assign(pathValues, {
      userId: PRIMARY.userId,
      id: credentials.credentials[0].id,
      credentialId: credentials.credentials[0].id,
      requestId: requests.requests[0].id,
      type: DOCUMENT_TYPE_KEYS[0],
      // Status lists: UIDAI's first list (the offer below drew an entry in it).
      slug: 'uidai',
      n: '1',
      purpose: 'revocation',
    });
    expect(consents.consent_requests.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const urlOf = (operation: Operation) =>
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(pathValues[name] ?? 'x'),
    );

  /** The operation called once, with a session of its own (a logout ends only that one). */
  const call = async (operation: Operation): Promise<LightMyRequestResponse> => {
    const auth = operation.apiKey
      ? bearer(apiKeys[operation.apiKey])
      : operation.bearer
        ? bearer(await loginDemo(app, PRIMARY))
        : {};
    const form = operation.bodyMediaType === 'application/x-www-form-urlencoded';
    return app.inject({
      method: operation.method,
      url: urlOf(operation),
      headers: {
        ...auth,
        accept: 'application/json',
        ...(operation.body ? { 'content-type': operation.bodyMediaType } : {}),
      },
      ...(operation.body ? { payload: form ? 'wallet_nonce=n' : '{}' } : {}),
    });
  };

  it('answers every operation no-store with the API headers, public documents with their own Cache-Control', async () => {
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    for (const operation of operations) {
      const response = await call(operation);
      const status = response.statusCode;
      statuses[operation.key] = status;
      const headers = response.headers;
      const expected = expectedCacheControl(operation.method, urlOf(operation), status);
      const wrong = [
        headers['cache-control'] !== expected &&
          `cache-control ${JSON.stringify(headers['cache-control'])}, expected ${expected}`,
        headers['x-content-type-options'] !== 'nosniff' && 'no nosniff',
        headers['x-frame-options'] !== 'DENY' && 'no X-Frame-Options DENY',
        headers['content-security-policy'] !== API_POLICY && 'not the API CSP',
        ...DOCUMENT_ONLY_HEADERS.map((name) => headers[name] !== undefined && `${name} sent`),
      ].filter(Boolean);
      if (wrong.length > 0) failures.push(`${operation.key} (${status}): ${wrong.join('; ')}`);
    }
    expect(failures).toEqual([]);
    // The answers that hold personal data were real ones, not refusals.
    for (const key of [
      'GET /user/{userId}/credentials',
      'GET /user/{userId}/credentials/{id}/document',
      'GET /user/{userId}/profile',
      'GET /user/{userId}/export',
      'GET /verifier/requests/{requestId}',
      'GET /verifier/requests',
      'GET /api/verify/{credentialId}',
    ]) {
      expect(statuses[key], key).toBe(200);
    }
    // Every public document answered, so its own Cache-Control was checked.
    for (const key of Object.keys(PUBLIC_OPERATIONS)) expect(statuses[key], key).toBe(200);
  });

  it('keeps no-store on the errors of a public document', async () => {
    const response = await app.inject({ url: '/vct/no-such-type' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe(NO_STORE);
  });

  it('answers an unknown API path no-store', async () => {
    for (const url of ['/verifier/nothing', '/oid4vp/nothing', '/vct/a/b', '/favicon.ico']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe(NO_STORE);
      expect(response.headers['content-security-policy'], url).toBe(API_POLICY);
    }
  });

  it('lets the OpenAPI UI and document be kept for an hour, as browser documents', async () => {
    for (const url of ['/docs', '/docs/json', '/docs/yaml']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(PUBLIC_CACHE.release);
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });
});
