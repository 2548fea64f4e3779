/**
 * Credentials received over OpenID4VCI are presented over OpenID4VP 1.0 to an outside verifier
 * (DCQL, section 6; IETF SD-JWT VC; docs/oid4vp.md "Received credentials"), on every backend.
 * Nothing on the issuing or verifying side is the product's code:
 * - the OUTSIDE issuer (test/helpers/outside-issuer.ts, jose + @sd-jwt) gives the holder UIDAI's
 *   ES256 `vc+sd-jwt` Aadhaar bound to the holder's P-256 key, and a `dc+sd-jwt` Library Card
 *   (EdDSA; a type outside the SPEC's ten);
 * - the OUTSIDE verifier here (node:http on 127.0.0.1, jose, @sd-jwt/sd-jwt-vc) asks with a
 *   signed request object (decentralized_identifier: did:key) or an unsigned by-value request
 *   (redirect_uri:), DCQL format `dc+sd-jwt` with the credential's vct, and checks the vp_token
 *   itself: the issuer's signature by the issuer's published keys, the KB-JWT (nonce, aud,
 *   sd_hash) by the credential's `cnf.jwk`, and that only the chosen disclosures arrived.
 * The consent screen shows the received credential by its own name and claim labels; a request
 * no credential of the holder answers behaves as before (not held, Approve refused).
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  consentDecisionAnswerSchema,
  consentRequestListSchema,
  ed25519PublicKeyToDidKey,
  presentationRequestAnswerSchema,
} from '@pehchaan/core';
import { digest } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import type { FastifyInstance } from 'fastify';
import {
  type CryptoKey,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginDemo, PRIMARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { jwsValid } from './helpers/independent-sd-jwt-verifier';
import { type OutsideIssuer, startOutsideIssuer } from './helpers/outside-issuer';
import { expectProblem } from './helpers/problem';

const clock = new TestClock();
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
const UIDAI_VCT = 'https://uidai.example/vct/aadhaar';

// ---------------------------------------------------------------- the outside issuer

let issuer: OutsideIssuer;

// ---------------------------------------------------------------- the outside verifier

let server: Server;
let origin: string;
const requestObjects = new Map<string, string>();
const posted: URLSearchParams[] = [];
let verifierDid: string;
let verifierKid: string;
let verifierKey: CryptoKey;
let serial = 0;

beforeAll(async () => {
  issuer = await startOutsideIssuer(clock.now);
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const { x } = await exportJWK(publicKey);
  verifierDid = ed25519PublicKeyToDidKey(Buffer.from(x as string, 'base64url'));
  verifierKid = `${verifierDid}#${verifierDid.slice('did:key:'.length)}`;
  verifierKey = privateKey;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] as string;
      const jwt = requestObjects.get(path);
      if (req.method === 'GET' && jwt) {
        res.writeHead(200, { 'content-type': 'application/oauth-authz-req+jwt' }).end(jwt);
        return;
      }
      if (req.method === 'POST' && path === '/response') {
        posted.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      res.writeHead(404).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  issuer.close();
  server.closeAllConnections();
  server.close();
});

beforeEach(() => {
  posted.length = 0;
  clock.advance(1000);
});

const clientId = () => `decentralized_identifier:${verifierDid}`;

/** A signed request object by reference (request_uri), as an openid4vp:// link. */
async function signedLink(dcqlQuery: unknown): Promise<{ link: string; nonce: string }> {
  serial += 1;
  const nonce = `nonce-${serial}-${Math.random().toString(36).slice(2)}`;
  const jwt = await new SignJWT({
    client_id: clientId(),
    response_type: 'vp_token',
    response_mode: 'direct_post',
    response_uri: `${origin}/response`,
    nonce,
    state: `state-${serial}`,
    dcql_query: dcqlQuery,
    aud: 'https://self-issued.me/v2',
    iat: nowSeconds(),
    exp: nowSeconds() + 300,
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'oauth-authz-req+jwt', kid: verifierKid })
    .sign(verifierKey);
  const path = `/request/${serial}`;
  requestObjects.set(path, jwt);
  const query = new URLSearchParams({ client_id: clientId(), request_uri: `${origin}${path}` });
  return { link: `openid4vp://?${query}`, nonce };
}

/** An unsigned by-value request (client_id prefix redirect_uri:). */
function unsignedLink(dcqlQuery: unknown): { link: string; nonce: string; clientId: string } {
  serial += 1;
  const nonce = `nonce-ru-${serial}`;
  const id = `redirect_uri:${origin}/response`;
  const query = new URLSearchParams({
    client_id: id,
    response_type: 'vp_token',
    response_mode: 'direct_post',
    response_uri: `${origin}/response`,
    nonce,
    dcql_query: JSON.stringify(dcqlQuery),
  });
  return { link: `openid4vp://?${query}`, nonce, clientId: id };
}

/** UIDAI's Aadhaar asked as `dc+sd-jwt`: name and number required, date of birth optional. */
const aadhaarQuery = () => ({
  credentials: [
    {
      id: 'aadhaar',
      format: 'dc+sd-jwt',
      meta: { vct_values: [UIDAI_VCT] },
      claims: [
        { id: 'name', path: ['name'] },
        { id: 'number', path: ['aadhaar_number'] },
        { id: 'dob', path: ['date_of_birth'] },
      ],
      claim_sets: [
        ['name', 'number', 'dob'],
        ['name', 'number'],
      ],
    },
  ],
});

/** The issuer's published keys, as an outside verifier fetches them. */
async function issuerKeys(slug: 'uidai' | 'library'): Promise<JWK[]> {
  if (slug === 'uidai') {
    const jwks = (await (await fetch(`${issuer.issuerId('uidai')}/jwks`)).json()) as {
      keys: JWK[];
    };
    return jwks.keys;
  }
  const metadata = (await (
    await fetch(`${issuer.origin}/.well-known/jwt-vc-issuer/issuers/library`)
  ).json()) as { jwks: { keys: JWK[] } };
  return metadata.jwks.keys;
}

/**
 * The outside verifier's check of one presentation: the issuer's signature by the key its `kid`
 * names among the issuer's published keys, the KB-JWT by `cnf.jwk` (nonce, aud, sd_hash, typ),
 * through @sd-jwt/sd-jwt-vc; answers the disclosed claims (name -> value) and the payload.
 */
async function verifyOutside(
  presentation: string,
  expected: { slug: 'uidai' | 'library'; nonce: string; audience: string },
): Promise<{ disclosed: Record<string, unknown>; payload: Record<string, unknown> }> {
  const keys = await issuerKeys(expected.slug);
  const instance = new SDJwtVcInstance({
    hasher: digest,
    verifier: async (signingInput, signature) => {
      const header = decodeProtectedHeader(`${signingInput}.${signature}`);
      const key = keys.find((candidate) => candidate.kid === header.kid);
      return key !== undefined && jwsValid(signingInput, signature, key, String(header.alg));
    },
    kbVerifier: async (signingInput, signature, payload) => {
      const jwk = payload.cnf?.jwk as JWK | undefined;
      const { alg } = decodeProtectedHeader(`${signingInput}.${signature}`);
      return jwk !== undefined && jwsValid(signingInput, signature, jwk, String(alg));
    },
  });
  // The outside issuer serves no status list (its `status` names uidai.example): this verifier
  // leaves the status step out, as the product's own does offline.
  Object.assign(instance, { verifyStatus: async () => undefined });
  const result = await instance.verify(presentation, {
    currentDate: nowSeconds(),
    keyBindingNonce: expected.nonce,
  });
  const payload = result.payload as Record<string, unknown>;
  // The KB-JWT once more with jose alone: signed by cnf.jwk, aud, nonce and sd_hash.
  const kbJwt = presentation.slice(presentation.lastIndexOf('~') + 1);
  const header = decodeProtectedHeader(kbJwt);
  expect(header.typ).toBe('kb+jwt');
  const cnf = (payload.cnf as { jwk: JWK }).jwk;
  const { payload: kb } = await jwtVerify(kbJwt, await importJWK(cnf, String(header.alg)), {
    audience: expected.audience,
    currentDate: clock.now(),
  });
  expect(kb.nonce).toBe(expected.nonce);
  expect(kb.sd_hash).toBe(
    createHash('sha256')
      .update(presentation.slice(0, presentation.lastIndexOf('~') + 1))
      .digest('base64url'),
  );
  const disclosed = Object.fromEntries(
    presentation
      .split('~')
      .slice(1, -1)
      .map((d) => JSON.parse(Buffer.from(d, 'base64url').toString('utf8')) as unknown[])
      .map(([, name, value]) => [name as string, value]),
  );
  return { disclosed, payload };
}

// ---------------------------------------------------------------- the wallet

describe.each(backends)('OpenID4VP: received credentials answer DCQL on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const userId = PRIMARY.userId;
  const base = () => `/user/${userId}`;
  let aadhaarId: string;
  let libraryId: string;

  /** Receives an offer of the outside issuer and accepts it: the stored record's id. */
  async function receiveCredential(slug: 'uidai' | 'library'): Promise<string> {
    const offered = await app.inject({
      method: 'POST',
      url: `${base()}/credential-offers`,
      headers: bearer(token),
      payload: { offer: issuer.makeOffer(slug).link },
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const accepted = await app.inject({
      method: 'POST',
      url: `${base()}/credential-offers/${offered.json().id}/accept`,
      headers: bearer(token),
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    return accepted.json().credentials[0].id as string;
  }

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, {
      now: clock.now,
      oid4vciAllowLoopback: true,
      oid4vpAllowLoopback: true,
    });
    token = await loginDemo(app);
    aadhaarId = await receiveCredential('uidai');
    libraryId = await receiveCredential('library');
  });

  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const receive = async (link: string) => {
    const response = await app.inject({
      method: 'POST',
      url: `${base()}/presentation-requests`,
      headers: bearer(token),
      payload: { link },
    });
    expect(response.statusCode, response.body).toBe(201);
    return presentationRequestAnswerSchema.parse(response.json()).consent_request;
  };
  const approve = (id: string, claims?: string[]) =>
    app.inject({
      method: 'POST',
      url: `${base()}/consent-requests/${id}/approve`,
      headers: bearer(token),
      ...(claims ? { payload: { claims } } : {}),
    });
  const listed = async (id: string) =>
    consentRequestListSchema
      .parse(
        (await app.inject({ url: `${base()}/consent-requests`, headers: bearer(token) })).json(),
      )
      .consent_requests.find((request) => request.id === id);

  it("UIDAI's vc+sd-jwt Aadhaar answers a dc+sd-jwt query: its own name and labels, only the chosen disclosures", async () => {
    const { link, nonce } = await signedLink(aadhaarQuery());
    const request = await receive(link);
    // The consent screen: the received credential by its own name and the issuer's claim labels.
    expect(request.fields).toEqual(['Name', 'Aadhaar', 'Date of Birth']);
    const shown = (await listed(request.id))?.presentation?.credentials;
    expect(shown).toEqual([
      {
        query_id: 'aadhaar',
        document_type: 'aadhaar',
        document_name: 'Aadhaar',
        document_name_hi: 'Aadhaar',
        held: true,
        required: true,
        claims: [
          expect.objectContaining({ name: 'name', label: 'NAME', required: true }),
          expect.objectContaining({
            name: 'aadhaar_number',
            label: 'AADHAAR NUMBER',
            required: true,
          }),
          expect.objectContaining({
            name: 'date_of_birth',
            label: 'DATE OF BIRTH',
            required: false,
          }),
        ],
        received: {
          credential_id: aadhaarId,
          claims: ['aadhaar_number', 'date_of_birth', 'name'],
        },
      },
    ]);

    // The holder leaves the optional date of birth out.
    const decided = await approve(request.id, ['name', 'aadhaar_number']);
    expect(decided.statusCode, decided.body).toBe(200);
    const answer = consentDecisionAnswerSchema.parse(decided.json());
    expect(answer.consent_request.status).toBe('approved');
    expect(answer.consent_request.presentation?.sent).toEqual([
      {
        query_id: 'aadhaar',
        document_type: 'aadhaar',
        document_name: 'Aadhaar',
        claims: [
          { name: 'name', label: 'NAME' },
          { name: 'aadhaar_number', label: 'AADHAAR NUMBER' },
        ],
      },
    ]);

    // The outside verifier's own checks.
    expect(posted).toHaveLength(1);
    const vpToken = JSON.parse(posted[0]?.get('vp_token') ?? '{}') as Record<string, string[]>;
    expect(Object.keys(vpToken)).toEqual(['aadhaar']);
    const presentation = vpToken.aadhaar?.[0] as string;
    const issued = (
      await app.inject({ url: `${base()}/credentials/${aadhaarId}/sd-jwt`, headers: bearer(token) })
    ).body;
    // The issuer JWT exactly as UIDAI signed it.
    expect(presentation.split('~')[0]).toBe(issued.split('~')[0]);
    expect(decodeProtectedHeader(presentation.split('~')[0] as string)).toMatchObject({
      alg: 'ES256',
      typ: 'vc+sd-jwt',
    });
    const { disclosed, payload } = await verifyOutside(presentation, {
      slug: 'uidai',
      nonce,
      audience: clientId(),
    });
    expect(disclosed).toEqual({ name: 'Rahul Sharma', aadhaar_number: '234567890125' });
    expect(payload).not.toHaveProperty('date_of_birth');
    expect(payload.vct).toBe(UIDAI_VCT);
    expect(payload.cnf).toMatchObject({ jwk: { kty: 'EC', crv: 'P-256' } });
    expect(decodeProtectedHeader(presentation.slice(presentation.lastIndexOf('~') + 1)).alg).toBe(
      'ES256',
    );
    // Another nonce fails the outside verifier: the KB-JWT is really bound to this request.
    await expect(
      verifyOutside(presentation, { slug: 'uidai', nonce: 'other', audience: clientId() }),
    ).rejects.toThrow();
  });

  it('a Library Card (no SPEC type) answers an unsigned query for its vct: every claim asked', async () => {
    const vct = `${issuer.origin}/vct/library-card`;
    const {
      link,
      nonce,
      clientId: unsignedClientId,
    } = unsignedLink({
      credentials: [
        {
          id: 'card',
          format: 'dc+sd-jwt',
          meta: { vct_values: ['https://other.example/vct/library', vct] },
          claims: [{ path: ['given_name'] }, { path: ['member_no'] }],
        },
      ],
    });
    const request = await receive(link);
    const [card] = (await listed(request.id))?.presentation?.credentials ?? [];
    expect(card).toMatchObject({
      document_type: null,
      document_name: 'Library Card',
      held: true,
      claims: [
        { name: 'given_name', label: 'GIVEN NAME' },
        { name: 'member_no', label: 'MEMBER NO' },
      ],
      received: { credential_id: libraryId },
    });

    const decided = await approve(request.id);
    expect(decided.statusCode, decided.body).toBe(200);
    const vpToken = JSON.parse(posted[0]?.get('vp_token') ?? '{}') as Record<string, string[]>;
    const presentation = vpToken.card?.[0] as string;
    expect(decodeProtectedHeader(presentation.split('~')[0] as string)).toMatchObject({
      alg: 'EdDSA',
      typ: 'dc+sd-jwt',
    });
    const { disclosed, payload } = await verifyOutside(presentation, {
      slug: 'library',
      nonce,
      audience: unsignedClientId,
    });
    expect(disclosed).toEqual({ given_name: 'Rahul', member_no: 'LIB-00042' });
    expect(payload).not.toHaveProperty('family_name');
    expect(payload.vct).toBe(vct);
  });

  it('a query no credential answers behaves as before: another vct, or a claim the credential lacks', async () => {
    const degree = 'https://university.example/vct/degree';
    const { link } = await signedLink({
      credentials: [
        {
          id: 'degree',
          format: 'dc+sd-jwt',
          meta: { vct_values: [degree] },
          claims: [{ path: ['name'] }],
        },
      ],
    });
    const request = await receive(link);
    expect((await listed(request.id))?.presentation?.credentials[0]).toMatchObject({
      document_type: null,
      document_name: degree,
      held: false,
    });
    expect((await listed(request.id))?.presentation?.credentials[0]).not.toHaveProperty('received');
    await expectProblem(await approve(request.id), 'credential_not_found');

    // UIDAI's vct, but a claim the holder's Aadhaar does not carry (DCQL matches claims too).
    const { link: photoLink } = await signedLink({
      credentials: [
        {
          id: 'aadhaar',
          format: 'dc+sd-jwt',
          meta: { vct_values: [UIDAI_VCT] },
          claims: [{ path: ['name'] }, { path: ['photo'] }],
        },
      ],
    });
    const photo = await receive(photoLink);
    expect((await listed(photo.id))?.presentation?.credentials[0]?.held).toBe(false);
    await expectProblem(await approve(photo.id), 'credential_not_found');
    expect(posted).toEqual([]);
  });

  it('a received credential deleted after the request arrived is no longer held', async () => {
    const { link } = await signedLink(aadhaarQuery());
    const request = await receive(link);
    expect((await listed(request.id))?.presentation?.credentials[0]?.held).toBe(true);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `${base()}/credentials/${aadhaarId}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await listed(request.id))?.presentation?.credentials[0]?.held).toBe(false);
    await expectProblem(await approve(request.id), 'credential_not_found');
    expect(posted).toEqual([]);
  });
});
