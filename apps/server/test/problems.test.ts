/**
 * Every error answer is an RFC 9457 problem (application/problem+json with type, title, status,
 * detail and a stable code; src/lib/errors.ts, docs/api-contract.md "Errors"), on every backend.
 *
 * Per operation of the OpenAPI document: a malformed JSON body (400 malformed_json), a body of
 * another media type (415 unsupported_media_type), an oversized body (413 body_too_large), a
 * body that is not an object (400 invalid_request, naming the field by JSON Pointer), an
 * over-long holder id (403: the holder check comes before validation), a path segment beyond the router's limit (414 path_segment_too_long). Then the other kinds: unknown route and unknown record (404s), the
 * domain conflicts (409s). 401 and 403 on every operation are asserted in
 * authorization.test.ts, 429 in rate-limit.test.ts and login-security.test.ts, the
 * Idempotency-Key 409 and 422 in idempotency.test.ts, 500 in errors.test.ts.
 */
import { RESTORE_BODY_LIMIT_BYTES } from '@pehchaan/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssuerApiKey } from '../src/issuer/create-issuer-api-key';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import {
  type ApiKeyCaller,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from './fuzz/operations';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

describe.each(backends)('problem details on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  /** A live API key of each kind of organisation caller (the seeded bank, UIDAI). */
  const apiKeys: Record<ApiKeyCaller, string> = { verifier: '', issuer: '', oid4vci: '' };
  let operations: Operation[];

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database);
    token = await loginDemo(app, PRIMARY);
    apiKeys.verifier = (
      await createVerifierApiKey({ ...app.deps, verifierName: 'State Bank of India' })
    ).apiKey;
    apiKeys.issuer = (await createIssuerApiKey({ ...app.deps, issuer: 'UIDAI' })).apiKey;
    operations = operationsOf((await app.inject({ url: '/docs/json' })).json() as OpenApiDocument);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  /** The operation's URL for the primary holder, path parameters `params` (default valid). */
  const urlOf = (operation: Operation, params: Record<string, string> = {}) =>
    operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(params[name] ?? (name === 'userId' ? PRIMARY.userId : 'x')),
    );

  const send = (
    operation: Operation,
    options: { payload?: string; contentType?: string; url?: string } = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method: operation.method,
      url: options.url ?? urlOf(operation),
      headers: {
        ...(operation.bearer ? bearer(token) : {}),
        ...(operation.apiKey ? bearer(apiKeys[operation.apiKey]) : {}),
        ...(options.contentType ? { 'content-type': options.contentType } : {}),
      },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });

  /** Runs `check` for each operation; collects failures so one run names them all. */
  const eachOperation = async (
    filter: (operation: Operation) => boolean,
    check: (operation: Operation) => Promise<void>,
  ) => {
    const chosen = operations.filter(filter);
    expect(chosen.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const operation of chosen) {
      try {
        await check(operation);
      } catch (error) {
        failures.push(`${operation.key}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    expect(failures).toEqual([]);
  };
  const withBody = (operation: Operation) => operation.body !== undefined;

  /**
   * A 400 of `operation`: the problem `code`, or, where the operation documents its 400 as the
   * OAuth error JSON (the OpenID4VCI endpoints: RFC 6749 5.2, OpenID4VCI 1.0 8.3.1.2), that
   * error: `{ error, error_description }` only, application/json.
   */
  const expectBadRequest = (
    operation: Operation,
    response: LightMyRequestResponse,
    ...problem: Parameters<typeof expectProblem> extends [unknown, ...infer Rest] ? Rest : never
  ) => {
    if (!operation.shapedErrors.includes(400)) {
      expectProblem(response, ...problem);
      return;
    }
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({
      error: expect.stringMatching(/^invalid_[a-z_]*request$/),
      error_description: expect.any(String),
    });
  };

  it('answers malformed JSON with 400 malformed_json on every operation with a body', async () => {
    await eachOperation(withBody, async (operation) => {
      const response = await send(operation, {
        payload: '{"a": ',
        contentType: 'application/json',
      });
      expectBadRequest(operation, response, 'malformed_json', 'Malformed JSON in request body');
    });
  });

  it('answers another media type with 415 unsupported_media_type', async () => {
    await eachOperation(withBody, async (operation) => {
      const response = await send(operation, { payload: 'a=1', contentType: 'text/plain' });
      expectProblem(
        response,
        'unsupported_media_type',
        'Unsupported Media Type: send application/json',
      );
    });
  });

  it('answers an oversized body with 413 body_too_large', async () => {
    await eachOperation(withBody, async (operation) => {
      // Every body is limited to 64 KiB but a restore's (received credentials, up to 2 MiB).
      const limit =
        operation.key === 'POST /user/{userId}/restore' ? RESTORE_BODY_LIMIT_BYTES : 64 * 1024;
      const response = await send(operation, {
        payload: JSON.stringify({ padding: 'x'.repeat(limit + 1000) }),
        contentType: 'application/json',
      });
      expectProblem(response, 'body_too_large', 'Request body is too large');
    });
  });

  it('answers a body that is not an object with 400 invalid_request at /body', async () => {
    await eachOperation(withBody, async (operation) => {
      const response = await send(operation, { payload: '[]', contentType: 'application/json' });
      expectBadRequest(
        operation,
        response,
        'invalid_request',
        'Request body must be a JSON object',
        expect.arrayContaining([{ pointer: '/body', code: 'invalid_type' }]),
      );
    });
  });

  it('answers an over-long holder id with 403 forbidden: authorization comes before validation', async () => {
    // An id that fails its schema is never the session's holder: the holder check answers first
    // (api-contract "Errors"), so nothing about the input is told to a caller it is not for.
    const withUserId = (operation: Operation) => operation.path.includes('{userId}');
    await eachOperation(withUserId, async (operation) => {
      const response = await send(operation, {
        url: urlOf(operation, { userId: 'x'.repeat(65) }),
        ...(withBody(operation) ? { payload: '{}', contentType: 'application/json' } : {}),
      });
      expectProblem(response, 'forbidden');
    });
  });

  it('answers a path segment beyond the router limit with 414 path_segment_too_long', async () => {
    const withParams = (operation: Operation) => operation.pathParams.length > 0;
    await eachOperation(withParams, async (operation) => {
      for (const param of operation.pathParams) {
        const response = await send(operation, {
          url: urlOf(operation, { [param.name]: 'x'.repeat(129) }),
        });
        expectProblem(response, 'path_segment_too_long', 'A path segment of the URL is too long');
      }
    });
  });

  it('answers an unknown route with 404 not_found', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['POST', '/user/user-001/unknown'],
      ['DELETE', '/credentials/verify'],
    ] as const) {
      expectProblem(await app.inject({ method, url }), 'not_found', 'Not Found');
    }
  });

  it('answers unknown records with their own 404 codes', async () => {
    const user = `/user/${PRIMARY.userId}`;
    const cases = [
      ['GET', `${user}/credentials/cred-none/document`, 'credential_not_found'],
      ['DELETE', `${user}/credentials/cred-none`, 'credential_not_found'],
      ['POST', `${user}/consent-requests/consent-none/approve`, 'consent_request_not_found'],
      ['POST', `${user}/consent-requests/consent-none/reject`, 'consent_request_not_found'],
      ['DELETE', `${user}/sessions/sess-none`, 'session_not_found'],
      ['GET', '/api/verify/cred-none', 'credential_not_found'],
    ] as const;
    for (const [method, url, code] of cases) {
      expectProblem(await app.inject({ method, url, headers: bearer(token) }), code);
    }
  });

  it('answers the domain conflicts with 409 and their codes', async () => {
    const user = `/user/${PRIMARY.userId}`;
    const approve = () =>
      app.inject({
        method: 'POST',
        url: `${user}/consent-requests/consent-user-001-bank/approve`,
        headers: bearer(token),
      });
    expect((await approve()).statusCode).toBe(200);
    expectProblem(
      await approve(),
      'consent_already_decided',
      'This consent request was already approved. Decisions are final.',
    );

    const generate = () =>
      app.inject({
        method: 'POST',
        url: `/identity/generate-credential?user_id=${PRIMARY.userId}&document_type=pan`,
        headers: bearer(token),
      });
    expect((await generate()).statusCode).toBe(200);
    expectProblem(
      await generate(),
      'duplicate_document',
      'You already have a PAN Card. Only one document of each type is allowed.',
    );

    const profileOf = async (userId: string, auth: string) => {
      const { profile } = (
        await app.inject({ url: `/user/${userId}/profile`, headers: bearer(auth) })
      ).json();
      return {
        name: profile.name,
        email: profile.email,
        phone: profile.phone,
        username: profile.username ?? '',
        bio: profile.bio ?? '',
        dob: profile.dob,
        gender: profile.gender,
        address: profile.address,
      };
    };
    const setUsername = async (userId: string, auth: string) =>
      app.inject({
        method: 'PUT',
        url: `/user/${userId}/profile`,
        headers: bearer(auth),
        payload: { ...(await profileOf(userId, auth)), username: 'same.name' },
      });
    expect((await setUsername(PRIMARY.userId, token)).statusCode).toBe(200);
    const other = await loginDemo(app, SECONDARY);
    expectProblem(await setUsername(SECONDARY.userId, other), 'username_taken');
  });
});
