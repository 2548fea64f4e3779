/**
 * The OpenAPI document at /docs/json (plugins/openapi.ts, docs/api-contract.md): every operation
 * has a unique `operationId` and only tags the document declares, and every documented error
 * response is `application/problem+json` with the shared `Problem` component (RFC 9457; the
 * W3C VC API's verify refusals and the issuer's 400 extend it; /health's 503 health document is
 * the documented exception, as application/json).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

interface Operation {
  operationId?: string;
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

interface Document {
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> };
}

/** Error statuses documented with another body than a problem: /health's 503, which is the
 * health document itself (SPEC 7), and the OpenID4VCI endpoints' OAuth error JSON
 * ({ error, error_description }: RFC 6749 5.2, RFC 6750 3.1, OpenID4VCI 1.0 8.3.1.2). */
const OAUTH_ERRORS = [
  'post /oid4vci/issuers/{slug}/token 400',
  'post /oid4vci/issuers/{slug}/nonce 400',
  'post /oid4vci/issuers/{slug}/credential 400',
  'post /oid4vci/issuers/{slug}/credential 401',
  'post /oid4vci/issuers/{slug}/deferred_credential 400',
  'post /oid4vci/issuers/{slug}/deferred_credential 401',
  'post /oid4vci/issuers/{slug}/notification 400',
  'post /oid4vci/issuers/{slug}/notification 401',
];
const NOT_PROBLEMS = ['get /health 503', ...OAUTH_ERRORS];

/**
 * Error statuses whose problem carries extension members, so their schema is the Problem's
 * members and more, not the Problem component, with the extension members each must document:
 * the W3C VC API verify refusals carry the verdict, the issuer's refusal the broken rules;
 * a sign-in that owes a second factor its login_token.
 */
const VERDICT = ['verified', 'verification'];
const SECOND_FACTOR = ['login_token', 'factors', 'expires_at'];
const EXTENDED_PROBLEMS: Record<string, string[]> = {
  'post /credentials/verify 400': VERDICT,
  'post /credentials/verify 422': VERDICT,
  'post /presentations/verify 400': VERDICT,
  'post /presentations/verify 422': VERDICT,
  'post /api/auth/verify-otp 403': SECOND_FACTOR,
  'post /api/auth/second-factor 403': SECOND_FACTOR,
  'post /credentials/issue 400': ['reasons'],
  'post /issuer/offers 400': ['reasons'],
};

/**
 * What the W3C VC API operations answer besides success (W3C-CCG VC API; docs/api-contract.md):
 * each must be documented.
 */
const VC_API_ERRORS: Record<string, string[]> = {
  issueCredential: ['400', '401', '403', '413', '415'],
  verifyCredential: ['400', '413', '415', '422'],
  verifyPresentation: ['400', '413', '415', '422'],
};

describe('the OpenAPI document', () => {
  const [backend] = backends;
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let document: Document;
  let operations: [string, Operation][];

  beforeAll(async () => {
    opened = await (backend as (typeof backends)[number]).open();
    app = await buildTestApp(opened.database);
    document = (await app.inject({ url: '/docs/json' })).json();
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]): [string, Operation] => [
        `${method} ${path}`,
        operation,
      ]),
    );
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  it('gives every operation a unique operationId', () => {
    expect(operations.length).toBeGreaterThanOrEqual(28);
    const missing = operations.filter(([, op]) => !op.operationId).map(([key]) => key);
    expect(missing).toEqual([]);
    const ids = operations.map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses only declared tags, and every operation has one', () => {
    const declared = new Set((document.tags ?? []).map((tag) => tag.name));
    const problems = operations.flatMap(([key, op]) => {
      const tags = op.tags ?? [];
      if (tags.length === 0) return [`${key}: no tag`];
      return tags.filter((tag) => !declared.has(tag)).map((tag) => `${key}: undeclared ${tag}`);
    });
    expect(problems).toEqual([]);
  });

  it('documents every error response as application/problem+json with the Problem schema', () => {
    const problem = document.components?.schemas?.Problem;
    expect(Object.keys(problem?.properties ?? {}).sort()).toEqual([
      'code',
      'detail',
      'document_type',
      'errors',
      'status',
      'title',
      'type',
    ]);
    const problems: string[] = [];
    for (const [key, op] of operations) {
      const errors = Object.entries(op.responses ?? {}).filter(([status]) => Number(status) >= 400);
      for (const [status, response] of errors) {
        if (NOT_PROBLEMS.includes(`${key} ${status}`)) continue;
        const types = Object.keys(response.content ?? {});
        const extension = EXTENDED_PROBLEMS[`${key} ${status}`];
        if (extension) {
          const schema = response.content?.['application/problem+json']?.schema as
            | { properties?: Record<string, unknown> }
            | undefined;
          const members = Object.keys(schema?.properties ?? {});
          if (!['type', 'code', 'detail', ...extension].every((m) => members.includes(m))) {
            problems.push(`${key} ${status}: ${members.join()}`);
          }
          continue;
        }
        const ref = response.content?.['application/problem+json']?.schema?.$ref;
        if (types.join() !== 'application/problem+json' || ref !== '#/components/schemas/Problem') {
          problems.push(`${key} ${status}: ${types.join()} ${ref}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents the VC API issuer and verifier operations with their error answers', () => {
    for (const [operationId, statuses] of Object.entries(VC_API_ERRORS)) {
      const operation = operations.find(([, op]) => op.operationId === operationId)?.[1];
      expect(operation, operationId).toBeDefined();
      const documented = Object.keys(operation?.responses ?? {});
      expect(documented, operationId).toEqual(expect.arrayContaining(statuses));
    }
  });

  it('documents 401 on every authenticated operation, 403 on every holder-addressed one', () => {
    const missing = operations.flatMap(([key, op]) => {
      const { security, responses = {} } = op as Operation & { security?: unknown[] };
      const gaps: string[] = [];
      if (security && security.length > 0 && !responses['401']) gaps.push(`${key} 401`);
      const addressesHolder = key.includes('/user/{userId}') || key.endsWith('generate-credential');
      if (addressesHolder && !responses['403']) gaps.push(`${key} 403`);
      return gaps;
    });
    expect(missing).toEqual([]);
  });
});
