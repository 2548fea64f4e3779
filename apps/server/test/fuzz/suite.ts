/**
 * Property-based fuzzing of every operation of the API (docs/security.md; OWASP
 * ASVS 5.0 V1 encoding and injection, V2 validation, V16.5 error handling), with fast-check.
 *
 * The operations come from the OpenAPI document at /docs/json, so a route added later is fuzzed
 * as soon as it exists. For each one, RUNS_PER_OPERATION requests are generated from its request
 * schema (test/fuzz/requests.ts, values in test/fuzz/values.ts): schema-valid bodies and the
 * known-good SEED_BODIES with mutated fields, wrong types, extra and prototype-polluting keys
 * (__proto__, constructor), 1 MiB strings, JSON nested 30,000 deep, unicode edge cases (lone
 * surrogates, NUL, RTL override), SQL / NoSQL / script / template injection, huge numbers
 * (1e400), invalid JSON, random bytes, wrong content types; path ids with traversal, invalid
 * percent-escapes, unicode and 1 MiB; odd query strings and headers (Idempotency-Key). Most go
 * with a live session of user-001 addressing user-001's own data and real ids (harvested from
 * the API before each operation), so they reach the handlers; the rest carry no token, a
 * revoked one or a malformed Authorization header. The verifier API (Bearer API key) is fuzzed the
 * same way with a key minted for State Bank of India, a revoked one, Bharti Airtel's key and a
 * holder's session token; another verifier's key never reads the bank's requests. The W3C VC API
 * issuer likewise with UIDAI's issuer key, a revoked one and the Income Tax Department's, which
 * never issues as UIDAI.
 *
 * Before each operation the actor's activity log is cut by the product's retention, run as if
 * years later (cutActorLog): what earlier operations wrote would otherwise make every export and
 * backup carry thousands of entries.
 *
 * The verifier and OpenID4VP operations get fresh verifier requests before each operation
 * (their ids for the path, the state of each for a form answer `error=access_denied&state=...`,
 * their wallet links for POST /user/{userId}/presentation-requests) and GET /vct/{type} the
 * document types. The app also listens on a loopback port, which is its PUBLIC_ORIGIN; the
 * wallet takes a request_uri on it from its own verifier in process (loopback fetching stays off,
 * as in a deployment), and refuses every other loopback address a generated link names.
 *
 * Asserted for every answer (test/fuzz/answers.ts): status below 500; JSON with the security
 * headers; an error is an RFC 9457 problem with a known code, without stack traces, internal wording or Aadhaar
 * numbers. Per operation: at least one success, so the generators demonstrably reach the
 * handler (a new operation whose body the schema cannot describe well enough needs an entry in
 * SEED_BODIES). Afterwards: GET /health answers 200, demo logins work, Object.prototype is
 * unpolluted, and user-002's data (never addressed with their own token) is exactly what it was.
 *
 * PGlite only in CI (one instance for the file, app.inject, rate limits off as in the other
 * suites but the rate-limit and authorization ones), with OTP_PROVIDER=console so the real OTP
 * code runs; FUZZ_BACKEND=postgresql (with TEST_DATABASE_URL) runs it on PostgreSQL instead. fast-check prints the seed of a failure: FUZZ_SEED=<seed> FUZZ_ONLY=<regex of the
 * operation key> replays it (the data may differ, as earlier operations do not run);
 * FUZZ_RUNS=<n> raises the count for a longer local run. FUZZ_PROFILE=<file> writes a V8 CPU
 * profile of the part's requests (node:inspector, from the first operation to the last) to
 * `<file>-<part>.cpuprofile`, for Chrome DevTools or scripts/cpuprofile-top.mjs. The summary
 * printed at the end gives each operation's CPU (its set-up and its requests apart).
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { createServer } from 'node:net';
import {
  buildCredentialDocument,
  createEddsaJcs2022Proof,
  createEddsaRdfc2022Proof,
  createVerifierRequestAnswerSchema,
  DEFAULT_SETTINGS,
  DEMO_ACCOUNTS,
  DEMO_OTP,
  DOCUMENT_TYPE_KEYS,
  didKeyVerificationMethod,
  ed25519PublicKeyToDidKey,
  type JsonObject,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { CompactEncrypt, decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  issuerApiKeys,
  passkeys,
  pendingLogins,
  userSettings,
  users,
  verifierApiKeys,
} from '../../src/db/schema';
import { createIssuerApiKey } from '../../src/issuer/create-issuer-api-key';
import { applyDataRetention } from '../../src/lib/activity-retention';
import { hashSessionToken, newSessionToken } from '../../src/lib/ids';
import { hashPassword } from '../../src/lib/password-hash';
import {
  INVALID_UNICODE_DETAIL,
  MAX_JSON_DEPTH,
  NUMBER_OUT_OF_RANGE_DETAIL,
  TOO_DEEP_DETAIL,
} from '../../src/plugins/body-parser';
import { createVerifierApiKey } from '../../src/verifier/create-verifier-api-key';
import {
  bearer,
  buildTestApp,
  holderSnapshot,
  loginDemo,
  PRIMARY,
  SECONDARY,
} from '../helpers/app';
import { backends } from '../helpers/backends';
import { startOutsideIssuer } from '../helpers/outside-issuer';
import { expectProblem } from '../helpers/problem';
import { SoftAuthenticator } from '../helpers/soft-authenticator';
import { answerProblems } from './answers';
import {
  type ApiKeyCaller,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from './operations';
import {
  type FuzzContext,
  type FuzzRequest,
  hugeRequests,
  requestArb,
  wellFormedRequests,
} from './requests';

// Thousands of account passwords are hashed here: scrypt at N = 2^12 instead of the product's
// 2^17 (the same code path; a stored hash names its own parameters).
vi.mock('../../src/lib/password-hash', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/lib/password-hash')>();
  return { ...actual, hashPassword: (password: string) => actual.hashPassword(password, 12) };
});

/** Generated requests per operation (at least 1,000 in CI). */
export const RUNS_PER_OPERATION = Math.max(1000, Number(process.env.FUZZ_RUNS ?? 0));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const ONLY = new RegExp(process.env.FUZZ_ONLY ?? '');

type Account = (typeof DEMO_ACCOUNTS)[number];
/** The fuzzing acts as this holder on every operation that addresses a holder. */
const ACTOR = PRIMARY;
/** Never addressed with their own token: their data must come out unchanged. */
const VICTIM = SECONDARY;
/**
 * The session of the operations that address no holder (logout, the own session), so the
 * hundreds of logins after fuzzed logouts do not grow ACTOR's activity log (which every export
 * then carries); also the account of the generated login bodies (not the victim: a login writes
 * to its log).
 */
const THIRD = DEMO_ACCOUNTS[2] as Account;

/** True when the operation addresses a holder by path or query (`userId`, `user_id`). */
const addressesHolder = (operation: Operation) =>
  [...operation.pathParams, ...operation.queryParams].some((p) => /^user_?id$/i.test(p.name));
const accountFor = (operation: Operation): Account => (addressesHolder(operation) ? ACTOR : THIRD);

const V2 = 'https://www.w3.org/ns/credentials/v2';
const UNDEFINED_TERMS = 'https://www.w3.org/ns/credentials/undefined-terms/v2';
const CHALLENGE = 'fuzz-challenge';
const DOMAIN = 'verifier.example';

interface Signed {
  /** The actor's PAN credential id (shares are made of it). */
  /** The fuzzing holder's Basic Identity credential (permanent: never deleted by the fuzzing). */
  basicIdentityId: string;
  jcsCredential: JsonObject;
  rdfcCredential: JsonObject;
  presentation: JsonObject;
}

/** Fresh verifier requests of the bank (POST /verifier/requests), made before an operation. */
interface VerifierRequests {
  ids: string[];
  /** Each request's `state` (from its signed request object), by index. */
  states: string[];
  /** Each request's links for a wallet: wallet_url (/present?...) and openid4vp_url. */
  links: string[];
}

/** What the seed bodies are made of. */
interface SeedInputs {
  signed: Signed;
  requests: VerifierRequests;
  /** Fresh credential offer links of the outside issuer (by value and by uri). */
  offerLinks: string[];
  /** The outside issuer's returns (`state`, `code`, `iss`) of authorization-code offers ACTOR accepted. */
  authorizationReturns: Record<string, string>[];
  /** The DID the W3C VC API issuer is fuzzed as (ISSUER's). */
  issuerDid: string;
  /** What the security operations' seeds need, made before the operation (securitySetup). */
  security: SecuritySeeds;
  /** The OpenID4VCI operations' seeds, made fresh before each (oid4vciSetup). */
  oid4vci: unknown[];
}

/** Made fresh before a security operation (issue 19): see securitySetup. */
interface SecuritySeeds {
  /** A sign-in waiting for its second factor, and the factor's answer when known. */
  loginToken?: string;
  /** A registration answer for this session's passkey options. */
  registration?: unknown;
  /** An unlock answer for this session's unlock options. */
  unlockAssertion?: unknown;
  /** The answer of a passkey ACTOR holds to its Biometric unlock options (passkeys/unlock). */
  adoptAssertion?: unknown;
  /** A valid backup key body. */
  backupKey?: unknown;
  /** Path values that reach a success first (a passkey id, a backup id). */
  pathValues?: string[];
}

/** Beyond the longest retention period (5 years, SPEC 9): see cutActorLog. */
const RETENTION_LATER_MS = 20 * 365 * 24 * 3_600_000;

/** The account password the fuzzing sets where an operation needs one. */
const FUZZ_PASSWORD = 'fuzz-password-1';
/** A sample user signing in by a real OTP, whose pending second-factor sign-ins are fuzzed. */
const SECOND_FACTOR_HOLDER = 'user-004';

/** `text` percent-decoded where it can be (a malformed escape leaves it as it is). */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** The verifier the verifier API is fuzzed as (seeded, packages/core verifier-seeds.ts). */
const VERIFIER = 'State Bank of India';
/** Another seeded verifier: its key is a wrong one for the bank's requests. */
const OTHER_VERIFIER = 'Bharti Airtel';
/** The issuer the W3C VC API issuer is fuzzed as, and another whose key may not issue as it. */
const ISSUER = 'UIDAI';
const OTHER_ISSUER = 'Income Tax Department';
/** The bank's purpose of the seeded requests, and the PAN claims it covers. */
const PURPOSE = 'open_savings_account';
/** The actor's seeded consent request of the bank (approved before the rights-request walks). */
const BANK_CONSENT = `consent-${PRIMARY.userId}-bank`;
/** Fresh verifier requests per operation that uses them (one success each at most). */
const VERIFIER_REQUESTS = 3;

/** Operations that need fresh verifier requests: their ids, states or links. */
const usesVerifierRequests = (operation: Operation) =>
  operation.path.startsWith('/oid4vp/') ||
  operation.path.startsWith('/verifier/') ||
  operation.path.endsWith('/presentation-requests');

/** A DCQL query (OpenID4VP 1.0 section 6) for PAN's name and date of birth. */
const panQuery = (vct: string, withClaimSets = false) => ({
  credentials: [
    {
      id: 'pan',
      format: 'dc+sd-jwt',
      meta: { vct_values: [vct] },
      claims: withClaimSets
        ? [
            { id: 'name', path: ['name'] },
            { id: 'dob', path: ['date_of_birth'] },
          ]
        : [{ path: ['name'] }, { path: ['date_of_birth'] }],
      ...(withClaimSets ? { claim_sets: [['name', 'dob'], ['name']] } : {}),
    },
  ],
});

/**
 * Known-good bodies per operation, where values generated from the schema alone rarely pass the
 * handler's own rules (a demo Aadhaar/phone pair, a valid profile, signed documents, a DCQL
 * query within the purpose, a request's state, a wallet link that resolves). The generators
 * use them as they are and mutated.
 */
const SEED_BODIES: Record<string, (inputs: SeedInputs) => unknown[]> = {
  'POST /api/auth/send-otp': () => [
    { phoneNumber: THIRD.phoneNumber },
    { phoneNumber: THIRD.phoneNumber, aadhaarNumber: THIRD.aadhaarNumber },
    { phoneNumber: '9000000001', aadhaarNumber: '999999999999' },
  ],
  'POST /api/auth/verify-otp': () => [
    { aadhaarNumber: THIRD.aadhaarNumber, phoneNumber: THIRD.phoneNumber, otp: DEMO_OTP },
    { aadhaarNumber: '999999999999', phoneNumber: '9000000001', otp: '000000' },
  ],
  'PUT /user/{userId}/profile': () => [
    { display_name: 'Fuzzy Holder', email: 'fuzz@example.in', username: 'fuzzy', bio: '' },
  ],
  'PUT /user/{userId}/settings': () => [DEFAULT_SETTINGS],
  // Only a test entry is the holder's to write (any other type: 403 activity_type_reserved).
  'POST /user/{userId}/activity-logs': () => [
    { type: 'test_manual', description: 'Fuzzed test entry' },
    { type: 'test_manual', description: 'Coded', message_code: 'test_manual' },
  ],
  'POST /user/{userId}/shares': ({ signed }) => [
    { credential_id: signed.basicIdentityId, fields: ['name'], lifetime: '7d' },
    {
      credential_id: signed.basicIdentityId,
      fields: ['name', 'nationality'],
      lifetime: '1h',
      max_views: 3,
    },
  ],
  'POST /user/{userId}/credentials/{id}/status-check': () => [{}, { if_due: true }],
  'POST /user/{userId}/credentials/{id}/offline-presentation': () => [
    { fields: ['name'] },
    { fields: ['name', 'nationality'], medium: 'print' },
  ],
  'POST /credentials/verify': ({ signed }) => [
    { verifiableCredential: signed.jcsCredential },
    { verifiableCredential: signed.rdfcCredential },
  ],
  'POST /credentials/issue': ({ issuerDid }) => [
    {
      credential: {
        '@context': ['https://www.w3.org/ns/credentials/v2'],
        type: ['VerifiableCredential'],
        issuer: issuerDid,
        validFrom: '2026-01-01T00:00:00Z',
        credentialSubject: { id: 'did:example:fuzz-holder', name: 'Fuzzy Holder' },
      },
    },
    {
      credential: {
        '@context': ['https://www.w3.org/2018/credentials/v1'],
        type: ['VerifiableCredential'],
        issuer: { id: issuerDid, name: ISSUER },
        issuanceDate: '2026-01-01T00:00:00Z',
        credentialSubject: { id: 'did:example:fuzz-holder' },
      },
      options: { cryptosuite: 'eddsa-jcs-2022' },
    },
  ],
  'POST /presentations/verify': ({ signed }) => [
    {
      verifiablePresentation: signed.presentation,
      options: { challenge: CHALLENGE, domain: DOMAIN },
    },
    { verifiablePresentation: signed.presentation },
  ],
  'POST /verifier/requests': () => [
    { purpose: PURPOSE, dcql_query: panQuery(`${PUBLIC_ORIGIN}/vct/pan`) },
    { purpose: PURPOSE, dcql_query: panQuery(`${PUBLIC_ORIGIN}/vct/pan`, true) },
  ],
  'POST /oid4vp/requests/{requestId}': () => [
    { wallet_nonce: 'fuzz-wallet-nonce' },
    {},
    {
      wallet_metadata: JSON.stringify({ vp_formats_supported: { 'dc+sd-jwt': {} } }),
      wallet_nonce: 'fuzz-wallet-nonce-2',
    },
  ],
  // The holder declines: a success for the request whose id is in the path, once.
  'POST /oid4vp/responses/{requestId}': ({ requests }) =>
    requests.states.map((state) => ({ error: 'access_denied', state })),
  // Each link is received once (then 409: the same client_id and nonce again).
  'POST /user/{userId}/presentation-requests': ({ requests }) =>
    requests.links.map((link) => ({ link })),
  // OpenID4VCI: an outside issuer's offers; accepting one with no transaction code.
  'POST /user/{userId}/credential-offers': ({ offerLinks }) =>
    offerLinks.map((offer) => ({ offer })),
  'POST /user/{userId}/credential-offers/{offerId}/accept': () => [{}],
  // The holder back from the outside issuer (authorization code grant): each return succeeds once.
  'POST /user/{userId}/credential-offers/authorization': ({ authorizationReturns }) => [
    ...authorizationReturns,
    ...authorizationReturns.map(({ state, iss }) => ({ state, iss, error: 'access_denied' })),
  ],
  // The settings that act (issue 19): answers made for this run in securitySetup.
  'POST /api/auth/second-factor/passkey-options': ({ security }) => [
    { login_token: security.loginToken },
  ],
  'POST /api/auth/second-factor': ({ security }) => [
    { login_token: security.loginToken, password: FUZZ_PASSWORD },
  ],
  'POST /api/auth/unlock': ({ security }) => [{ passkey: security.unlockAssertion }],
  'POST /user/{userId}/passkeys/options': () => [{ attachment: 'any' }, { attachment: 'platform' }],
  'POST /user/{userId}/passkeys': ({ security }) => [{ response: security.registration }],
  'POST /user/{userId}/passkeys/unlock': ({ security }) => [{ response: security.adoptAssertion }],
  'PUT /user/{userId}/password': () => [
    { new_password: FUZZ_PASSWORD, confirm_password: FUZZ_PASSWORD },
  ],
  'POST /user/{userId}/password/remove': () => [{ current_password: FUZZ_PASSWORD }],
  'PUT /user/{userId}/backup-key': ({ security }) => [security.backupKey],
  'POST /user/{userId}/restore': () => [
    { settings: DEFAULT_SETTINGS, verifiable_credentials: [] },
    // A card's SD-JWT VC naming no document of the body: backup_invalid, never a 500.
    {
      settings: DEFAULT_SETTINGS,
      verifiable_credentials: [],
      credential_sd_jwts: [{ document_id: 'urn:pehchaan:credential:cred-fuzz', sd_jwt: 'a.b.c~' }],
    },
  ],
  // Issue 17: about the bank's consent, decided in contextFor (it has a receipt).
  'POST /user/{userId}/rights-requests': () => [
    { kind: 'grievance', consent_request_id: BANK_CONSENT, message: 'Fuzz grievance' },
    { kind: 'erasure', consent_request_id: BANK_CONSENT, message: 'Fuzz erasure request' },
  ],
  'POST /verifier/rights-requests/{requestId}/resolve': () => [{}, { note: 'Done by fuzzing' }],
  // OpenID4VCI (the product's issuers): an offer as UIDAI, and what oid4vciSetup made for the
  // wallet-facing endpoints (a live code, fresh proofs, a transaction id, a notification id).
  'POST /issuer/offers': () => [
    { document_type: 'Aadhaar Card', claims: AADHAAR_CLAIMS },
    { document_type: 'aadhaar', claims: AADHAAR_CLAIMS, formats: ['dc+sd-jwt'], tx_code: true },
  ],
  'POST /oid4vci/issuers/{slug}/token': ({ oid4vci }) => oid4vci,
  'POST /oid4vci/issuers/{slug}/credential': ({ oid4vci }) => oid4vci,
  'POST /oid4vci/issuers/{slug}/deferred_credential': ({ oid4vci }) => oid4vci,
  'POST /oid4vci/issuers/{slug}/notification': ({ oid4vci }) => oid4vci,
  // Status lists: the issuer API's status change (ids the fuzzing makes up answer 404).
  'POST /issuer/credentials/{id}/status': () => [
    { status: 'suspended', reason: 'Fuzz suspension' },
    { status: 'valid' },
  ],
};

/** UIDAI's offers in the fuzzing: the actor's Aadhaar Card claims. */
const AADHAAR_CLAIMS = {
  name: 'Fuzzy Holder',
  aadhaar_number: PRIMARY.aadhaarNumber,
  phone: PRIMARY.phoneNumber,
  date_of_birth: '1990-01-01',
  address: 'Fuzz Lane, Pune',
  gender: 'Female',
  nationality: 'Indian',
};

/** The OpenID4VCI operations (issue 27): they get fresh offers, tokens and proofs. */
const usesOid4vci = (operation: Operation) =>
  operation.path.startsWith('/oid4vci/') || operation.path.startsWith('/.well-known/');

/** A free loopback port: the app listens there and calls it its PUBLIC_ORIGIN. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no loopback port');
  return address.port;
}

const backendName = process.env.FUZZ_BACKEND ?? 'pglite';
const backend = backends.find((b) => b.name === backendName);
if (!backend) throw new Error(`no ${backendName} backend (PostgreSQL needs TEST_DATABASE_URL)`);
const opened = await backend.open();
const port = await freePort();
const PUBLIC_ORIGIN = `http://127.0.0.1:${port}`;
// The wallet receiving over OpenID4VCI: an outside issuer on 127.0.0.1, which only
// OID4VCI_ALLOW_LOOPBACK lets it reach (test/helpers/outside-issuer.ts).
const outsideIssuer = await startOutsideIssuer(() => new Date());
outsideIssuer.setClient(PUBLIC_ORIGIN, `${PUBLIC_ORIGIN}/oid4vci/callback`);
const app = await buildTestApp(
  opened.database,
  {
    otpProvider: 'console',
    rateLimits: false,
    publicOrigin: PUBLIC_ORIGIN,
    oid4vciAllowLoopback: true,
  },
  { otpSender: { send() {} } },
);
// Listening on PUBLIC_ORIGIN as a deployment does (the wallet reaches it in process anyway).
await app.listen({ port, host: '127.0.0.1' });
const operations = operationsOf(
  (await app.inject({ url: '/docs/json' })).json() as OpenApiDocument,
);

/** GET operations that address only a holder: read before each operation to harvest real ids. */
const readOperations = operations.filter(
  (o) =>
    o.method === 'GET' &&
    o.bearer &&
    o.queryParams.length === 0 &&
    o.pathParams.length > 0 &&
    o.pathParams.every((p) => p.name === 'userId'),
);

const IDS_PER_LIST = 12;

/** Every string under a key named `id`, `*_id` or `*Id` in `value`. */
/** A backup key body as the browser makes it (core's backupKeyBodySchema). */
async function makeBackupKey() {
  const { publicKey, privateKey } = await generateKeyPair('ECDH-ES+A256KW', { extractable: true });
  const jwk = await exportJWK(publicKey);
  const wrapped = await new CompactEncrypt(
    new TextEncoder().encode(JSON.stringify(await exportJWK(privateKey))),
  )
    .setProtectedHeader({ alg: 'PBES2-HS512+A256KW', enc: 'A256GCM' })
    .setKeyManagementParameters({ p2c: 1000 })
    .encrypt(new TextEncoder().encode('fuzz passphrase'));
  return {
    public_jwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y },
    wrapped_private_key: wrapped,
  };
}

function idsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) idsIn(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string' && /(^id|_id|Id)$/.test(key)) into.add(child);
      else idsIn(child, into);
    }
  }
  return into;
}

interface OperationStats {
  requests: number;
  statuses: Map<number, number>;
  maxMs: number;
  /** CPU of this process (user + system, ms) for the operation's set-up (contextFor). */
  setupCpuMs: number;
  /** CPU of this process (user + system, ms) for the operation's generated requests. */
  cpuMs: number;
}

/** CPU of this process since `since` (process.cpuUsage), in ms. */
const cpuMsSince = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/**
 * Defines the suite for part `index` (0-based) of `count`: the operations in document order are
 * cut into `count` contiguous parts, so the test files fuzz-1.test.ts and fuzz-2.test.ts, each
 * with its own server and database, run side by side. The document check and the regressions
 * run in part 0; every part ends by checking the server is healthy and the victim untouched.
 */
export function describeFuzzSuite(part: { index: number; count: number }): void {
  const selected = operations.filter((o) => ONLY.test(o.key));
  const size = Math.ceil(selected.length / part.count);
  const mine = selected.slice(part.index * size, (part.index + 1) * size);
  const first = part.index === 0;
  describe(`fuzzing the operations of the OpenAPI document, part ${part.index + 1} of ${part.count} (${backendName})`, () => {
    const stats = new Map<string, OperationStats>();
    const statsOf = (operation: Operation): OperationStats => {
      let entry = stats.get(operation.key);
      if (!entry) {
        entry = { requests: 0, statuses: new Map(), maxMs: 0, setupCpuMs: 0, cpuMs: 0 };
        stats.set(operation.key, entry);
      }
      return entry;
    };
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    /** The live session token of each account the fuzzing uses, by user id. */
    const tokens = new Map<string, string>();
    const tokenOf = (account: Account) => tokens.get(account.userId) ?? '';
    let revokedToken: string;
    let victimToken: string;
    let victimBefore: Record<string, unknown>;
    let victimIds: string[];
    let signed: Signed;
    /**
     * Per kind of organisation caller: the live API key the operations are fuzzed with (the
     * bank's, UIDAI's), a revoked one of the same organisation, and another organisation's (the
     * telecom's, the Income Tax Department's).
     */
    const apiKeys: Record<ApiKeyCaller, { own: string; revoked: string; other: string }> = {
      verifier: { own: '', revoked: '', other: '' },
      issuer: { own: '', revoked: '', other: '' },
      // A wallet's access token: made fresh per operation by oid4vciSetup.
      oid4vci: { own: '', revoked: 'expired-or-unknown-token', other: 'another-token' },
    };
    /** Ids of every verifier request made with the bank's key in contextFor. */
    const bankRequestIds = new Set<string>();

    const login = (account = ACTOR) => loginDemo(app, account);

    /**
     * The ids `userId` can see, read with `token` through every holder GET operation: the first
     * IDS_PER_LIST of each answer, so the few credential ids are not drowned by hundreds of
     * activity-log and session ids.
     */
    const harvestIds = async (userId: string, token: string) => {
      const ids = new Set<string>();
      for (const operation of readOperations) {
        const url = operation.path.replace('{userId}', userId);
        const response = await app.inject({ url, headers: bearer(token) });
        if (response.statusCode !== 200) continue;
        for (const id of [...idsIn(response.json())].slice(0, IDS_PER_LIST)) ids.add(id);
      }
      ids.delete(userId);
      return [...ids];
    };

    /**
     * Empties ACTOR's activity log through the product's retention (lib/activity-retention.ts),
     * run as the housekeeping would run it RETENTION_LATER from now: every entry is then past
     * any period, so the whole log is cut from its oldest end and the anchor recorded, and the
     * hash chain still verifies. The fuzzing's own successes (and its sign-ins after fuzzed
     * logouts) add hundreds of entries per operation, thousands in a part, and each export and
     * backup reads, re-hashes and encrypts the whole log: a backup took 340 ms at 2,000 entries
     * against 90 ms at 300 (docs/performance.md, session 39). Set-up, not a request: the
     * requests and their checks are the same.
     */
    const cutActorLog = () =>
      applyDataRetention({
        db: app.deps.db,
        now: () => new Date(Date.now() + RETENTION_LATER_MS),
        userId: ACTOR.userId,
      });

    /** The acting holder's PAN Card (issued again when a fuzzed DELETE removed it): its id. */
    const panCredentialId = async (): Promise<string> => {
      await app.inject({
        method: 'POST',
        url: `/identity/generate-credential?user_id=${ACTOR.userId}&document_type=pan`,
        headers: bearer(tokenOf(ACTOR)),
      });
      const listed = await app.inject({
        url: `/user/${ACTOR.userId}/credentials`,
        headers: bearer(tokenOf(ACTOR)),
      });
      const pan = (
        listed.json().credentials as { id: string; credential_subject: { document_type: string } }[]
      ).find((credential) => credential.credential_subject.document_type === 'PAN Card');
      if (!pan) throw new Error('the fuzzing holder has no PAN Card');
      return pan.id;
    };

    /** Signed documents for the verification endpoints: the server's own and a holder's. */
    const signDocuments = async (): Promise<Signed> => {
      const issued = await app.inject({
        method: 'POST',
        url: `/identity/generate-credential?user_id=${ACTOR.userId}&document_type=pan`,
        headers: bearer(tokenOf(ACTOR)),
      });
      expect(issued.statusCode).toBe(200);
      const jcsCredential = issued.json().verifiable_credential as JsonObject;
      // The shares are made of the Basic Identity: the fuzzed DELETE .../credentials/{id} may
      // delete the PAN credential (and with it its shares) before the share operations run, but
      // never the permanent Basic Identity.
      const listed = await app.inject({
        url: `/user/${ACTOR.userId}/credentials`,
        headers: bearer(tokenOf(ACTOR)),
      });
      const basicIdentity = (
        listed.json().credentials as { id: string; credential_subject: { document_type: string } }[]
      ).find((credential) => credential.credential_subject.document_type === 'Basic Identity');
      if (!basicIdentity) throw new Error('the fuzzing holder has no Basic Identity');
      const basicIdentityId = basicIdentity.id;
      // A share, so the share routes have a real id to withdraw.
      const shared = await app.inject({
        method: 'POST',
        url: `/user/${ACTOR.userId}/shares`,
        headers: bearer(tokenOf(ACTOR)),
        payload: { credential_id: basicIdentityId, fields: ['name'], lifetime: '30d' },
      });
      expect(shared.statusCode).toBe(201);

      const issuer = app.deps.issuers.get('Election Commission of India');
      const document = buildCredentialDocument({
        credentialId: 'cred-fuzz-rdfc',
        documentType: 'voter_id',
        userId: ACTOR.userId,
        issuerDid: issuer.did,
        claims: { name: 'Demo User', voter_id: 'ABC1234567' },
        issuedAt: new Date(),
      });
      const rdfcCredential = await createEddsaRdfc2022Proof(
        { ...document, '@context': [V2, UNDEFINED_TERMS] },
        {
          verificationMethod: issuer.verificationMethod,
          created: document.validFrom,
          sign: (data) => issuer.sign(data),
        },
      );

      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      const did = ed25519PublicKeyToDidKey(
        new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)),
      );
      const presentation = await createEddsaJcs2022Proof(
        {
          '@context': [V2],
          type: ['VerifiablePresentation'],
          holder: did,
          verifiableCredential: [jcsCredential, rdfcCredential],
        },
        {
          verificationMethod: didKeyVerificationMethod(did),
          created: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
          proofPurpose: 'authentication',
          challenge: CHALLENGE,
          domain: DOMAIN,
          sign: (data) => new Uint8Array(sign(null, data, privateKey)),
        },
      );
      return { basicIdentityId, jcsCredential, rdfcCredential, presentation };
    };

    const started = { wall: performance.now(), cpu: process.cpuUsage() };
    /** The inspector session profiling this part when FUZZ_PROFILE names a file. */
    const profiler = process.env.FUZZ_PROFILE ? new Session() : null;

    beforeAll(async () => {
      if (profiler) {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 500 });
        await profiler.post('Profiler.start');
      }
      revokedToken = await login();
      await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(revokedToken) });
      tokens.set(ACTOR.userId, await login(ACTOR));
      tokens.set(THIRD.userId, await login(THIRD));
      victimToken = await login(VICTIM);
      victimBefore = await holderSnapshot(app, VICTIM.userId, victimToken);
      victimIds = await harvestIds(VICTIM.userId, victimToken);
      signed = await signDocuments();
      const verifierKey = (verifierName: string) =>
        createVerifierApiKey({ ...app.deps, verifierName });
      const issuerKey = (issuer: typeof ISSUER | typeof OTHER_ISSUER) =>
        createIssuerApiKey({ ...app.deps, issuer });
      const revokedVerifier = await verifierKey(VERIFIER);
      await app.deps.db
        .update(verifierApiKeys)
        .set({ revokedAt: new Date() })
        .where(eq(verifierApiKeys.prefix, revokedVerifier.prefix));
      apiKeys.verifier = {
        own: (await verifierKey(VERIFIER)).apiKey,
        revoked: revokedVerifier.apiKey,
        other: (await verifierKey(OTHER_VERIFIER)).apiKey,
      };
      const revokedIssuer = await issuerKey(ISSUER);
      await app.deps.db
        .update(issuerApiKeys)
        .set({ revokedAt: new Date() })
        .where(eq(issuerApiKeys.prefix, revokedIssuer.prefix));
      apiKeys.issuer = {
        own: (await issuerKey(ISSUER)).apiKey,
        revoked: revokedIssuer.apiKey,
        other: (await issuerKey(OTHER_ISSUER)).apiKey,
      };
    });

    afterAll(async () => {
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        await writeFile(
          `${process.env.FUZZ_PROFILE}-${part.index + 1}.cpuprofile`,
          JSON.stringify(profile),
        );
        profiler.disconnect();
      }
      outsideIssuer.close();
      const lines = [...stats].map(([key, s]) => {
        const statuses = [...s.statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}x${n}`)
          .join(' ');
        return (
          `${key}: ${s.requests} requests, CPU ${s.cpuMs.toFixed(0)} ms (set-up ` +
          `${s.setupCpuMs.toFixed(0)} ms), slowest ${s.maxMs.toFixed(0)} ms, ${statuses}`
        );
      });
      const cpu = process.cpuUsage(started.cpu);
      const total = [...stats.values()].reduce((sum, s) => sum + s.requests, 0);
      console.info(
        `fuzz: ${total} requests to ${stats.size} operations in ` +
          `${((performance.now() - started.wall) / 1000).toFixed(1)} s ` +
          `(${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU); answers per operation:\n` +
          lines.join('\n'),
      );
      await app.close();
      await opened.dispose();
    });

    /**
     * The Authorization header of `request`, with the live tokens filled in: for an operation
     * called with an organisation's API key, that key, a revoked one, or a wrong credential
     * (another organisation's key, a holder's session).
     */
    const authorization = (
      operation: Operation,
      request: FuzzRequest,
      account: Account,
    ): Record<string, string> => {
      const keys = operation.apiKey ? apiKeys[operation.apiKey] : null;
      const own = keys ? keys.own : tokenOf(account);
      switch (request.auth.kind) {
        case 'own':
          return bearer(own);
        case 'revoked':
          return bearer(keys ? keys.revoked : revokedToken);
        case 'other': {
          const wrong = [keys?.other ?? apiKeys.verifier.other, tokenOf(THIRD)];
          return bearer(wrong[request.auth.index % wrong.length] as string);
        }
        case 'none':
          return {};
        case 'header':
          return { authorization: request.auth.template.replaceAll('{token}', own) };
      }
    };

    /** Sends `request` and counts its answer; logs in again when a request ended the session. */
    /**
     * The Accept header an operation's documented answer needs unless the request sets its own:
     * the verifier page's URL answers its JSON form only to a client that prefers JSON (the page
     * itself is the SPA's, served by the web build, which these tests do not have).
     */
    const acceptFor = (operation: Operation): Record<string, string> =>
      operation.key === 'GET /verify/{credentialId}' ? { accept: 'application/json' } : {};

    const send = async (operation: Operation, request: FuzzRequest) => {
      const account = accountFor(operation);
      const started = performance.now();
      const response = await app.inject({
        method: request.method,
        url: request.url,
        headers: {
          ...acceptFor(operation),
          ...request.headers,
          ...authorization(operation, request, account),
        },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      const ms = performance.now() - started;
      const entry = statsOf(operation);
      entry.requests += 1;
      entry.statuses.set(response.statusCode, (entry.statuses.get(response.statusCode) ?? 0) + 1);
      entry.maxMs = Math.max(entry.maxMs, ms);
      // A live token answers 401 only once a fuzzed logout or session revocation ended it (a
      // organisation's key is never revoked: the property fails on such a 401).
      if (request.auth.kind === 'own' && response.statusCode === 401 && !operation.apiKey) {
        tokens.set(account.userId, await login(account));
      }
      return response;
    };

    /**
     * VERIFIER_REQUESTS new requests of the bank for PAN claims, with the state of each (read
     * from its signed request object, as a wallet would) and its two wallet links.
     */
    const createVerifierRequests = async (): Promise<VerifierRequests> => {
      const requests: VerifierRequests = { ids: [], states: [], links: [] };
      for (let i = 0; i < VERIFIER_REQUESTS; i++) {
        const created = await app.inject({
          method: 'POST',
          url: '/verifier/requests',
          headers: bearer(apiKeys.verifier.own),
          payload: { purpose: PURPOSE, dcql_query: panQuery(`${PUBLIC_ORIGIN}/vct/pan`) },
        });
        expect(created.statusCode, created.body).toBe(201);
        const answer = createVerifierRequestAnswerSchema.parse(created.json());
        const requestObject = await app.inject({ url: `/oid4vp/requests/${answer.id}` });
        expect(requestObject.statusCode, requestObject.body).toBe(200);
        requests.ids.push(answer.id);
        requests.states.push(String(decodeJwt(requestObject.body).state));
        requests.links.push(answer.wallet_url, answer.openid4vp_url);
        bankRequestIds.add(answer.id);
      }
      return requests;
    };

    /** POST (or PUT) `body` to `url` as `account`; the JSON answer. */
    const call = async (account: Account, method: 'POST' | 'PUT', url: string, body?: unknown) => {
      const response = await app.inject({
        method,
        url,
        headers: bearer(tokenOf(account)),
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response.json() as Record<string, unknown>;
    };

    /** Registers a passkey of `account` through the API with a software authenticator. */
    const addPasskey = async (account: Account, attachment: 'any' | 'platform') => {
      const authenticator = new SoftAuthenticator();
      const made = await call(account, 'POST', `/user/${account.userId}/passkeys/options`, {
        attachment,
      });
      await call(account, 'POST', `/user/${account.userId}/passkeys`, {
        response: authenticator.register(made.options as Record<string, unknown>),
      });
      return authenticator;
    };

    /**
     * The settings that act (issue 19) before each operation. First what would stop the fuzzing
     * from signing its accounts in again is undone (an account password, passkeys, two-factor of
     * ACTOR and THIRD: a fuzzed PUT may have turned them on). Then, for the operations that need
     * state to succeed: a pending sign-in of SECOND_FACTOR_HOLDER (who never signs in otherwise)
     * owing a passkey or the password; THIRD's Biometric unlock with a platform passkey and the
     * unlock answer (the unlock routes act on THIRD's session); ACTOR's registration options and
     * their answer, a passkey and its answer to the Biometric unlock options (passkeys/unlock), a
     * passkey to delete, a password to remove, a backup key and a backup.
     */
    const securitySetup = async (operation: Operation): Promise<SecuritySeeds> => {
      const { db } = app.deps;
      for (const account of [ACTOR, THIRD]) {
        await db.update(users).set({ passwordHash: null }).where(eq(users.id, account.userId));
        if (operation.key.includes('/unlock') && account === THIRD) continue;
        await db.delete(passkeys).where(eq(passkeys.userId, account.userId));
        await db
          .update(userSettings)
          .set({ settings: { ...DEFAULT_SETTINGS } })
          .where(eq(userSettings.userId, account.userId));
      }
      const key = operation.key;
      if (key.startsWith('POST /api/auth/second-factor')) {
        const passkey = key.endsWith('passkey-options');
        await db.delete(passkeys).where(eq(passkeys.userId, SECOND_FACTOR_HOLDER));
        if (passkey) {
          await db.insert(passkeys).values({
            id: `fuzz-passkey-${Date.now()}`,
            userId: SECOND_FACTOR_HOLDER,
            name: 'Fuzz key',
            publicKey: 'AA',
            deviceType: 'singleDevice',
            backedUp: false,
            createdAt: new Date(),
          });
        } else {
          await db
            .update(users)
            .set({ passwordHash: await hashPassword(FUZZ_PASSWORD) })
            .where(eq(users.id, SECOND_FACTOR_HOLDER));
        }
        const loginToken = newSessionToken();
        await db.insert(pendingLogins).values({
          id: `login-fuzz-${Date.now()}`,
          tokenHash: hashSessionToken(loginToken),
          userId: SECOND_FACTOR_HOLDER,
          kind: 'user',
          factors: [passkey ? 'passkey' : 'password'],
          done: [],
          deviceHash: 'fuzz-device',
          createdAt: new Date(),
          expiresAt: new Date(Date.now() + 3_600_000),
        });
        return { loginToken };
      }
      if (key.startsWith('POST /api/auth/unlock')) {
        if (!unlockKey) unlockKey = await addPasskey(THIRD, 'platform');
        await call(THIRD, 'PUT', `/user/${THIRD.userId}/settings`, {
          ...DEFAULT_SETTINGS,
          biometricEnabled: true,
        });
        if (key === 'POST /api/auth/unlock/options') return {};
        const made = await call(THIRD, 'POST', '/api/auth/unlock/options');
        return { unlockAssertion: unlockKey.authenticate(made.options as Record<string, unknown>) };
      }
      unlockKey = undefined;
      const own = `/user/${ACTOR.userId}`;
      if (key === 'POST /user/{userId}/passkeys') {
        const made = await call(ACTOR, 'POST', `${own}/passkeys/options`, { attachment: 'any' });
        return {
          registration: new SoftAuthenticator().register(made.options as Record<string, unknown>),
        };
      }
      if (key === 'POST /user/{userId}/passkeys/unlock') {
        const held = await addPasskey(ACTOR, 'any');
        const made = await call(ACTOR, 'POST', `${own}/passkeys/unlock/options`);
        return { adoptAssertion: held.authenticate(made.options as Record<string, unknown>) };
      }
      if (key === 'DELETE /user/{userId}/passkeys/{passkeyId}') {
        return { pathValues: [(await addPasskey(ACTOR, 'any')).id] };
      }
      if (key === 'POST /user/{userId}/password/remove') {
        await db
          .update(users)
          .set({ passwordHash: await hashPassword(FUZZ_PASSWORD) })
          .where(eq(users.id, ACTOR.userId));
        return {};
      }
      if (key.includes('/backup')) {
        const backupKey = await makeBackupKey();
        if (key === 'PUT /user/{userId}/backup-key') return { backupKey };
        await call(ACTOR, 'PUT', `${own}/backup-key`, backupKey);
        if (key !== 'GET /user/{userId}/backups/{backupId}') return {};
        const made = await app.inject({
          method: 'POST',
          url: `${own}/backups`,
          headers: bearer(tokenOf(ACTOR)),
        });
        return { pathValues: [made.json().id as string] };
      }
      return {};
    };
    /** THIRD's platform passkey while the unlock operations run. */
    let unlockKey: SoftAuthenticator | undefined;

    /** Real ids and strings for the generators, read afresh (earlier operations changed data). */
    /**
     * Before an OpenID4VCI operation: a fresh offer of UIDAI (its id for GET
     * /oid4vci/offers/{offerId}), redeemed for the credential, deferred and notification
     * endpoints (its access token is the operation's own key), and the seeds each needs: the live
     * pre-authorized code, two fresh proofs (Ed25519, fresh c_nonces), a transaction id of a
     * deferred offer, a notification id.
     */
    const oid4vciSetup = async (operation: Operation) => {
      const offer = async (extra: Record<string, unknown> = {}) => {
        const made = await app.inject({
          method: 'POST',
          url: '/issuer/offers',
          headers: bearer(apiKeys.issuer.own),
          payload: { document_type: 'aadhaar', claims: AADHAAR_CLAIMS, ...extra },
        });
        expect(made.statusCode, made.body).toBe(201);
        const uri = String(made.json().offer_uri);
        const body = (await app.inject({ url: new URL(uri).pathname })).json();
        const grant = body.grants['urn:ietf:params:oauth:grant-type:pre-authorized_code'];
        return { id: uri.split('/').pop() ?? '', code: String(grant['pre-authorized_code']) };
      };
      const base = '/oid4vci/issuers/uidai';
      const redeem = async (code: string) => {
        const answer = await app.inject({
          method: 'POST',
          url: `${base}/token`,
          payload: {
            grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
            'pre-authorized_code': code,
          },
        });
        expect(answer.statusCode, answer.body).toBe(200);
        return String(answer.json().access_token);
      };
      const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
      const jwk = await exportJWK(publicKey);
      const proof = async () => {
        const nonce = (await app.inject({ method: 'POST', url: `${base}/nonce` })).json().c_nonce;
        return new SignJWT({ aud: `${PUBLIC_ORIGIN}${base}`, nonce })
          .setProtectedHeader({ alg: 'EdDSA', typ: 'openid4vci-proof+jwt', jwk })
          .setIssuedAt()
          .sign(privateKey);
      };
      const credentialRequest = async (token: string, configuration: string) =>
        app.inject({
          method: 'POST',
          url: `${base}/credential`,
          headers: bearer(token),
          payload: { credential_configuration_id: configuration, proofs: { jwt: [await proof()] } },
        });
      const pathValues = { slug: ['uidai'], offerId: [(await offer()).id] };
      const grant = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
      let seeds: unknown[] = [];
      let token = '';
      if (operation.key === 'POST /oid4vci/issuers/{slug}/token') {
        seeds = [
          { grant_type: grant, 'pre-authorized_code': (await offer()).code },
          { grant_type: grant, 'pre-authorized_code': (await offer()).code },
        ];
      } else if (operation.key === 'POST /oid4vci/issuers/{slug}/credential') {
        token = await redeem((await offer()).code);
        seeds = [
          { credential_configuration_id: 'aadhaar_sd_jwt', proofs: { jwt: [await proof()] } },
          { credential_configuration_id: 'aadhaar_ldp_vc', proofs: { jwt: [await proof()] } },
        ];
      } else if (operation.key === 'POST /oid4vci/issuers/{slug}/deferred_credential') {
        token = await redeem((await offer({ deferred: true })).code);
        const pending = await credentialRequest(token, 'aadhaar_sd_jwt');
        expect(pending.statusCode, pending.body).toBe(202);
        seeds = [{ transaction_id: pending.json().transaction_id }];
      } else if (operation.key === 'POST /oid4vci/issuers/{slug}/notification') {
        token = await redeem((await offer()).code);
        const issued = await credentialRequest(token, 'aadhaar_sd_jwt');
        expect(issued.statusCode, issued.body).toBe(200);
        const notification_id = issued.json().notification_id;
        seeds = [
          { notification_id, event: 'credential_accepted' },
          { notification_id, event: 'credential_deleted', event_description: 'Fuzzed' },
        ];
      }
      apiKeys.oid4vci = { ...apiKeys.oid4vci, own: token };
      return { pathValues, seeds };
    };

    const contextFor = async (operation: Operation): Promise<FuzzContext> => {
      await cutActorLog();
      // Pending consent requests again, so approve and reject can succeed.
      await app.inject({
        method: 'POST',
        url: `/user/${ACTOR.userId}/consent-requests/reset`,
        headers: bearer(tokenOf(ACTOR)),
      });
      // An approved consent, so a withdrawal (issue 17) can succeed.
      if (operation.key === 'POST /user/{userId}/consent-requests/{id}/withdraw') {
        const approved = await app.inject({
          method: 'POST',
          url: `/user/${ACTOR.userId}/consent-requests/consent-${ACTOR.userId}-bank/approve`,
          headers: bearer(tokenOf(ACTOR)),
        });
        expect(approved.statusCode, approved.body).toBe(200);
      }
      const requests = usesVerifierRequests(operation)
        ? await createVerifierRequests()
        : { ids: [], states: [], links: [] };
      // OpenID4VCI: fresh offer links, and offers stored for the operations on one.
      const offerLinks = [
        outsideIssuer.makeOffer('library').link,
        outsideIssuer.makeOffer('library', { byUri: true }).link,
      ];
      const offerIds: string[] = [];
      if (operation.path.includes('/credential-offers/')) {
        for (let i = 0; i < 3; i += 1) {
          const stored = await app.inject({
            method: 'POST',
            url: `/user/${ACTOR.userId}/credential-offers`,
            headers: bearer(tokenOf(ACTOR)),
            payload: { offer: outsideIssuer.makeOffer('library').link },
          });
          expect(stored.statusCode, stored.body).toBe(201);
          offerIds.push(String(stored.json().id));
        }
      }
      // The authorization code grant: offers accepted, the browser's visit to the issuer played.
      const authorizationReturns: Record<string, string>[] = [];
      if (operation.path.endsWith('/credential-offers/authorization')) {
        const headers = bearer(tokenOf(ACTOR));
        for (let i = 0; i < 3; i += 1) {
          const stored = await app.inject({
            method: 'POST',
            url: `/user/${ACTOR.userId}/credential-offers`,
            headers,
            payload: { offer: outsideIssuer.makeAuthorizationOffer('library').link },
          });
          expect(stored.statusCode, stored.body).toBe(201);
          const accepted = await app.inject({
            method: 'POST',
            url: `/user/${ACTOR.userId}/credential-offers/${stored.json().id}/accept`,
            headers,
            payload: {},
          });
          expect(accepted.statusCode, accepted.body).toBe(201);
          const visit = await fetch(String(accepted.json().redirect_to), { redirect: 'manual' });
          const back = new URL(visit.headers.get('location') ?? '');
          authorizationReturns.push(Object.fromEntries(back.searchParams));
        }
      }
      const security = await securitySetup(operation);
      // Status lists: a fresh UIDAI offer (its entry opens list 1; its id for the status API).
      const statusValues =
        operation.path.startsWith('/status-lists') || operation.path.includes('/issuer/credentials')
          ? await (async () => {
              const made = await app.inject({
                method: 'POST',
                url: '/issuer/offers',
                headers: bearer(apiKeys.issuer.own),
                payload: { document_type: 'aadhaar', claims: AADHAAR_CLAIMS },
              });
              expect(made.statusCode, made.body).toBe(201);
              return {
                slug: ['uidai'],
                n: ['1'],
                purpose: ['revocation', 'suspension'],
                id: [String(made.json().credential_id)],
              };
            })()
          : undefined;
      const oid4vci = usesOid4vci(operation) ? await oid4vciSetup(operation) : undefined;
      // Issue 17: a decided consent (with its receipt) to send a grievance about, and a grievance
      // to the bank for its verifier to resolve.
      const rightsRequestIds: string[] = [];
      if (operation.path.includes('/rights-requests')) {
        const headers = bearer(tokenOf(ACTOR));
        const base = `/user/${ACTOR.userId}`;
        await app.inject({
          method: 'POST',
          url: `${base}/consent-requests/${BANK_CONSENT}/approve`,
          headers,
        });
        const sent = await app.inject({
          method: 'POST',
          url: `${base}/rights-requests`,
          headers,
          payload: { kind: 'grievance', consent_request_id: BANK_CONSENT, message: 'Seed' },
        });
        expect(sent.statusCode, sent.body).toBe(201);
        rightsRequestIds.push(String(sent.json().rights_request.id));
      }
      // Path values that reach a success first: the fresh requests' ids, the document types, a
      // passkey or backup of the holder.
      const pathValues = operation.pathParams.some((p) => p.name === 'type')
        ? [...DOCUMENT_TYPE_KEYS]
        : [...(security.pathValues ?? []), ...rightsRequestIds, ...requests.ids, ...offerIds];
      // A credential's field (the reveal of one identity number): the holder's PAN Card first.
      const revealsField = operation.pathParams.some((p) => p.name === 'field');
      if (revealsField) pathValues.unshift(await panCredentialId());
      return {
        ownUserId: ACTOR.userId,
        otherUserIds: [VICTIM.userId, THIRD.userId],
        knownIds: [
          ...pathValues,
          ...(await harvestIds(ACTOR.userId, tokenOf(ACTOR))),
          ...victimIds,
          'cred-does-not-exist',
        ],
        knownStrings: [
          ACTOR.aadhaarNumber,
          ACTOR.phoneNumber,
          THIRD.aadhaarNumber,
          THIRD.phoneNumber,
          DEMO_OTP,
          '000000',
        ],
        ...(revealsField ? { pathValues: { field: ['pan_number'] } } : {}),
        ...(oid4vci ? { pathValues: oid4vci.pathValues } : {}),
        ...(statusValues ? { pathValues: statusValues } : {}),
        seeds:
          SEED_BODIES[operation.key]?.({
            signed,
            requests,
            offerLinks,
            authorizationReturns,
            issuerDid: app.deps.issuers.get(ISSUER).did,
            security,
            oid4vci: oid4vci?.seeds ?? [],
          }) ?? [],
      };
    };

    it.runIf(first)('finds the operations in the OpenAPI document', () => {
      expect(operations.length).toBeGreaterThanOrEqual(25);
      expect(operations.map((o) => o.key)).toEqual(
        expect.arrayContaining([
          'POST /api/auth/verify-otp',
          'DELETE /user/{userId}/credentials/{id}',
          'PUT /user/{userId}/settings',
          'POST /identity/generate-credential',
          'POST /presentations/verify',
          'GET /health',
        ]),
      );
      for (const key of Object.keys(SEED_BODIES)) {
        expect(operations.map((o) => o.key)).toContain(key);
      }
    });

    for (const operation of mine) {
      it(`${operation.key}: ${RUNS_PER_OPERATION} generated requests, no 5xx, errors only problems`, async () => {
        const setupStarted = process.cpuUsage();
        const context = await contextFor(operation);
        statsOf(operation).setupCpuMs += cpuMsSince(setupStarted);
        const requestsStarted = process.cpuUsage();
        await fc.assert(
          fc.asyncProperty(requestArb(operation, context), async (request) => {
            const response = await send(operation, request);
            // The path the server saw: light-my-request resolved dot segments with a URL parser
            // and handed the server its pathname and search (read here, not parsed again).
            const seen = response.raw.req.url ?? '';
            const query = seen.indexOf('?');
            const pathname = query === -1 ? seen : seen.slice(0, query);
            const sent = () =>
              `${request.url} ${safeDecode(request.url)} ${String(request.payload ?? '')}`;
            const problems = answerProblems(operation, response, pathname, sent);
            if (operation.apiKey && request.auth.kind === 'own' && response.statusCode === 401) {
              problems.push(`the ${operation.apiKey}'s live API key was refused`);
            }
            // Another verifier (or a holder) never reads one of the bank's requests.
            if (
              operation.apiKey === 'verifier' &&
              request.auth.kind === 'other' &&
              response.statusCode < 300 &&
              [...bankRequestIds].some((id) => pathname.endsWith(`/${id}`))
            ) {
              problems.push(`a wrong credential read the bank's request at ${pathname}`);
            }
            // Another issuer's key (or a holder's session) never issues as UIDAI.
            if (
              operation.apiKey === 'issuer' &&
              request.auth.kind === 'other' &&
              response.statusCode < 300
            ) {
              problems.push('a wrong credential issued a credential as UIDAI');
            }
            if (problems.length > 0) {
              throw new Error(
                `${response.statusCode} ${response.body.slice(0, 300)}\n${problems.join('\n')}`,
              );
            }
          }),
          {
            numRuns: RUNS_PER_OPERATION,
            examples: [
              ...wellFormedRequests(operation, context),
              ...hugeRequests(operation, context),
            ].map((request) => [request]),
            ...(SEED === undefined ? {} : { seed: SEED }),
          },
        );
        statsOf(operation).cpuMs += cpuMsSince(requestsStarted);
        const entry = stats.get(operation.key);
        expect(entry?.requests).toBeGreaterThanOrEqual(RUNS_PER_OPERATION);
        const successes = [...(entry?.statuses ?? [])].filter(([status]) => status < 300);
        expect(successes, 'no request reached a success: add a body to SEED_BODIES').not.toEqual(
          [],
        );
        // A guard against a hang, not a timing check: 1,000 requests of the slowest operations
        // (POST .../backups encrypts a whole wallet each time) took 180 s on a loaded 2-core machine.
      }, 300_000);
    }

    it('leaves the server healthy: health, demo logins, no pollution, the victim untouched', async () => {
      const health = await app.inject({ url: '/health' });
      expect(health.statusCode).toBe(200);

      const token = await login(ACTOR);
      const own = await app.inject({
        url: `/user/${ACTOR.userId}/credentials`,
        headers: bearer(token),
      });
      expect(own.statusCode).toBe(200);
      await login(THIRD);
      // Whatever the fuzzing stored, every holder read still answers.
      for (const operation of readOperations) {
        const url = operation.path.replace('{userId}', ACTOR.userId);
        const response = await app.inject({ url, headers: bearer(token) });
        expect(response.statusCode, operation.key).toBe(200);
      }
      expect((await app.inject({ url: '/storage/status' })).statusCode).toBe(200);

      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();

      // The victim's session is still live and their data exactly as before, but for the views of
      // their credentials' public links (SPEC 2 opens /verify/{id} to anyone with the id, and
      // DECISIONS 9.6 logs each view for the holder): the log says so, nothing else changed.
      expect(withoutPublicLinkViews(await holderSnapshot(app, VICTIM.userId, victimToken))).toEqual(
        withoutPublicLinkViews(victimBefore),
      );
    });

    describe.runIf(first)('regressions the fuzzing found', () => {
      const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

      it('400 (not 500) for JSON nested too deep, also with an Idempotency-Key', async () => {
        // The Idempotency-Key fingerprint canonicalised the body recursively: stack overflow, 500.
        const token = await login(ACTOR);
        const requests = [
          {
            method: 'POST' as const,
            url: `/user/${ACTOR.userId}/seen`,
            headers: { ...bearer(token), 'idempotency-key': 'deep-1' },
            payload: `{"kinds":${deepArray(30_000)}}`,
          },
          {
            method: 'POST' as const,
            url: '/credentials/verify',
            headers: {},
            payload: `{"verifiableCredential":{"credentialSubject":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`,
          },
          {
            method: 'POST' as const,
            url: '/api/auth/logout',
            headers: bearer(token),
            payload: deepArray(MAX_JSON_DEPTH + 1),
          },
        ];
        for (const request of requests) {
          const response = await app.inject({
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json' },
          });
          expectProblem(response, 'body_too_deep', TOO_DEEP_DETAIL);
        }
        // Nesting up to the limit is still parsed (and refused by the schema, not the parser).
        const limit = await app.inject({
          method: 'POST',
          url: '/credentials/verify',
          headers: { 'content-type': 'application/json' },
          payload: `{"verifiableCredential":{"a":${deepArray(MAX_JSON_DEPTH - 2)}}}`,
        });
        expectProblem(limit, 'invalid_credential');
      });

      it('400 (not 500) for text with an unpaired surrogate; a valid pair is stored', async () => {
        // PGlite failed on the JSON text "\u0900\udc00" (invalid byte sequence for "UTF8"): 500.
        const token = await login(ACTOR);
        const post = (payload: string) =>
          app.inject({
            method: 'POST',
            url: `/user/${ACTOR.userId}/activity-logs`,
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload,
          });
        for (const payload of [
          '{"type":"test_manual","description":"\\u0900\\udc00"}',
          '{"type":"test_manual","description":"a\\ud800"}',
          '{"type":"test_manual","description":"x","\\udfff":1}',
        ]) {
          const response = await post(payload);
          expectProblem(response, 'invalid_text', INVALID_UNICODE_DETAIL);
        }
        const pair = await post('{"type":"test_manual","description":"\\u0900\\ud83d\\ude00"}');
        expect(pair.statusCode).toBe(201);
        expect(pair.json().activity_log.description).toBe('\u0900😀');
      });

      it('400 (not 500) for a number beyond a double, e.g. in a proof', async () => {
        // A proof whose @context held -1e400 (parsed as -Infinity) made JCS canonicalization
        // throw during verification: a 500.
        const withHugeContext = (document: JsonObject) =>
          JSON.stringify({
            ...document,
            proof: { ...(document.proof as JsonObject), '@context': 'HUGE' },
          }).replace('"HUGE"', '[-1e400]');
        const requests = [
          {
            url: '/credentials/verify',
            payload: `{"verifiableCredential":${withHugeContext(signed.jcsCredential)}}`,
          },
          {
            url: '/presentations/verify',
            payload: `{"verifiablePresentation":${withHugeContext(signed.presentation)}}`,
          },
        ];
        for (const { url, payload } of requests) {
          const response = await app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          expectProblem(response, 'number_out_of_range', NUMBER_OUT_OF_RANGE_DETAIL);
        }
      });

      it('names the field instead of zod wording for a missing or mistyped field', async () => {
        const cases = [
          { body: {}, detail: 'verifiableCredential is required' },
          { body: { verifiableCredential: [] }, detail: 'verifiableCredential must be an object' },
          { body: { verifiableCredential: 'x' }, detail: 'verifiableCredential must be an object' },
        ];
        for (const { body, detail } of cases) {
          const response = await app.inject({
            method: 'POST',
            url: '/credentials/verify',
            payload: body,
          });
          expectProblem(response, 'invalid_request', detail, [
            { pointer: '/body/verifiableCredential', code: 'invalid_type' },
          ]);
        }
        const token = await login(ACTOR);
        const seen = await app.inject({
          method: 'POST',
          url: `/user/${ACTOR.userId}/seen`,
          headers: bearer(token),
          payload: { kinds: 'credentials' },
        });
        expectProblem(
          seen,
          'invalid_request',
          'kinds must be a list',
          expect.arrayContaining([{ pointer: '/body/kinds', code: 'invalid_type' }]),
        );
      });

      it("names the field instead of zod's safe-integer bound for a whole number too large", async () => {
        const { apiKey } = await createIssuerApiKey({ ...app.deps, issuer: 'UIDAI' });
        const response = await app.inject({
          method: 'POST',
          url: '/issuer/offers',
          headers: { authorization: `Bearer ${apiKey}` },
          payload: {
            document_type: 'aadhaar',
            claims: {},
            deferred: true,
            ready_after_seconds: 1e300,
          },
        });
        expectProblem(
          response,
          'invalid_request',
          'ready_after_seconds is too large',
          expect.arrayContaining([{ pointer: '/body/ready_after_seconds', code: 'too_big' }]),
        );
      });
    });
  });
}

/**
 * A holder snapshot (helpers/app.ts holderSnapshot) without the activity entries of views of the
 * holder's public credential links, which any stranger may cause (SPEC 2, DECISIONS 9.6), and
 * without the count and chain fields those entries move.
 */
function withoutPublicLinkViews(snapshot: Record<string, unknown>): Record<string, unknown> {
  const part = snapshot['activity-logs'] as Record<string, unknown> & {
    activity_logs?: Record<string, unknown>[];
  };
  if (!part?.activity_logs) return snapshot;
  const kept = part.activity_logs
    .filter((entry) => entry.message_code !== 'credential_link_viewed')
    .map(({ hash: _hash, prev_hash: _prev, seq: _seq, ...entry }) => entry);
  return { ...snapshot, 'activity-logs': { ...part, activity_logs: kept, count: kept.length } };
}
