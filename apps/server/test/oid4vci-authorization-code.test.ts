/**
 * The wallet receives credentials by the OpenID4VCI 1.0 authorization code grant with PKCE
 * (sections 3.4, 5, 6; RFC 6749 4.1; RFC 7636 S256; RFC 9126; core api/credential-offers.ts;
 * docs/oid4vci.md "Authorization code"), on every backend, from the OUTSIDE issuer of
 * test/helpers/outside-issuer.ts (node:http, jose and @sd-jwt/*, no product code). Its
 * authorization endpoint approves at once and redirects to the wallet's redirect_uri with `code`
 * and `state`, after checking the client_id, redirect_uri, S256 code_challenge, issuer_state and
 * authorization_details; its token endpoint takes the code once, only with a code_verifier whose
 * S256 is the challenge, and answers credential_identifiers the credential endpoint requires.
 *
 * The holder stores an authorization-code offer, accepts it and gets `{ redirect_to }`; the test
 * plays the browser (it follows redirect_to to the issuer and reads the redirect back), then
 * posts `{ state, code }` as the web page /oid4vci/callback does, and finds the credential in the
 * list. With pushed authorization requests too. Each bad return (a wrong, replayed or another
 * holder's state, error=access_denied, a code the token endpoint refuses, an expired offer) is a
 * problem with its code, nothing stored, and the offer left to accept again.
 */

import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { credentialOffers } from '../src/db/schema';
import {
  bearer,
  buildTestApp,
  loginDemo,
  MINUTE_MS,
  PRIMARY,
  SECONDARY,
  TestClock,
} from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { type OutsideIssuer, startOutsideIssuer } from './helpers/outside-issuer';
import { expectProblem } from './helpers/problem';

const PUBLIC_ORIGIN = 'http://localhost:5000';
const REDIRECT_URI = `${PUBLIC_ORIGIN}/oid4vci/callback`;

const clock = new TestClock();
let issuer: OutsideIssuer;

beforeAll(async () => {
  issuer = await startOutsideIssuer(clock.now);
  issuer.setClient(PUBLIC_ORIGIN, REDIRECT_URI);
});

afterAll(() => issuer.close());

beforeEach(() => {
  issuer.setTamper('none');
  issuer.setPar('off');
  issuer.setAuthorizationProfile('details');
  issuer.notifications.length = 0;
});

/** What the holder's browser does at the issuer: follows redirect_to, reads where it is sent back. */
async function visitIssuer(redirectTo: string): Promise<URL> {
  const response = await fetch(redirectTo, { redirect: 'manual' });
  expect(response.status, await response.clone().text()).toBe(302);
  return new URL(response.headers.get('location') as string);
}

/** What the web page /oid4vci/callback posts: every parameter the issuer sent back (state, code or error, iss). */
const returned = (back: URL): Record<string, string> => Object.fromEntries(back.searchParams);

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

describe.each(backends)(
  'OpenID4VCI authorization code: the wallet receives on $name',
  (backend) => {
    let opened: OpenedDatabase;
    let app: FastifyInstance;
    let token: string;
    const userId = PRIMARY.userId;
    const base = () => `/user/${userId}`;

    beforeAll(async () => {
      opened = await backend.open();
      app = await buildTestApp(opened.database, {
        now: clock.now,
        oid4vciAllowLoopback: true,
        publicOrigin: PUBLIC_ORIGIN,
      });
      token = await loginDemo(app);
    });

    afterAll(async () => {
      await app.close();
      await opened.dispose();
    });

    const receive = (offer: string) =>
      app.inject({
        method: 'POST',
        url: `${base()}/credential-offers`,
        headers: bearer(token),
        payload: { offer },
      });
    const accept = (id: string) =>
      app.inject({
        method: 'POST',
        url: `${base()}/credential-offers/${id}/accept`,
        headers: bearer(token),
        payload: {},
      });
    const callback = (payload: Record<string, string>, as = { userId, token }) =>
      app.inject({
        method: 'POST',
        url: `/user/${as.userId}/credential-offers/authorization`,
        headers: bearer(as.token),
        payload,
      });
    const view = (id: string) =>
      app.inject({ url: `${base()}/credential-offers/${id}`, headers: bearer(token) });
    const list = async () => {
      const response = await app.inject({ url: `${base()}/credentials`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      return response.json().credentials as Record<string, unknown>[];
    };

    /** Stores an authorization-code offer of `slug`: its id and issuer_state. */
    async function storedOffer(slug: 'library' | 'uidai' = 'library') {
      const offer = issuer.makeAuthorizationOffer(slug);
      const received = await receive(offer.link);
      expect(received.statusCode, received.body).toBe(201);
      return { id: received.json().id as string, issuerState: offer.issuerState };
    }

    /** Accepts offer `id`: the redirect_to it answers. */
    async function redirectOf(id: string): Promise<string> {
      const accepted = await accept(id);
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(Object.keys(accepted.json())).toEqual(['redirect_to']);
      return accepted.json().redirect_to as string;
    }

    /** Accepts offer `id` and plays the browser at the issuer: the state and code it came back with. */
    async function authorized(id: string): Promise<Record<string, string>> {
      const back = await visitIssuer(await redirectOf(id));
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      return returned(back);
    }

    it('receives by authorization code with PKCE S256: redirect_to, the issuer, the callback, the list', async () => {
      const { id, issuerState } = await storedOffer('library');
      const offerView = (await view(id)).json();
      expect(offerView).toMatchObject({
        grant: 'authorization_code',
        tx_code: null,
        issuer: { name: 'City Library', trusted: false },
        credentials: [{ configuration_id: 'LibraryCard', format: 'dc+sd-jwt' }],
      });

      const redirectTo = new URL(await redirectOf(id));
      expect(`${redirectTo.origin}${redirectTo.pathname}`).toBe(
        `${issuer.issuerId('library')}/authorize`,
      );
      const params = Object.fromEntries(redirectTo.searchParams);
      expect(params).toEqual({
        response_type: 'code',
        client_id: PUBLIC_ORIGIN,
        redirect_uri: REDIRECT_URI,
        code_challenge: expect.stringMatching(/^[\w-]{43}$/),
        code_challenge_method: 'S256',
        state: expect.stringMatching(new RegExp(`^${id}\\.[\\w-]{43}$`)),
        issuer_state: issuerState,
        authorization_details: JSON.stringify([
          {
            type: 'openid_credential',
            credential_configuration_id: 'LibraryCard',
            locations: [issuer.issuerId('library')],
          },
        ]),
      });
      // The verifier and state are kept encrypted with the offer, never in plaintext.
      const [row] = await app.deps.db
        .select()
        .from(credentialOffers)
        .where(and(eq(credentialOffers.id, id), eq(credentialOffers.userId, userId)));
      expect(row?.stateCiphertext).not.toContain(params.state?.split('.')[1]);
      expect(row?.stateCiphertext).not.toContain('codeVerifier');

      const back = await visitIssuer(redirectTo.toString());
      expect(back.searchParams.get('state')).toBe(params.state);
      const before = (await list()).length;
      const completed = await callback(returned(back));
      expect(completed.statusCode, completed.body).toBe(201);
      const [record] = completed.json().credentials;
      expect(record).toMatchObject({
        id: expect.stringMatching(/^cred-/),
        issuer: issuer.issuerId('library'),
        credential_subject: { document_type: 'Library Card' },
        received: {
          format: 'dc+sd-jwt',
          credential_issuer: issuer.issuerId('library'),
          issuer_name: 'City Library',
          state: 'issued',
        },
      });

      // The issuer checked PKCE itself: the verifier the wallet sent hashes to the challenge.
      const tokenRequest = issuer.codeTokenRequests.at(-1);
      expect(tokenRequest).toMatchObject({ pkceMatched: true, granted: true });
      expect(tokenRequest?.form).toMatchObject({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code'),
        redirect_uri: REDIRECT_URI,
        client_id: PUBLIC_ORIGIN,
      });
      expect(s256(tokenRequest?.form.code_verifier as string)).toBe(params.code_challenge);

      const listed = await list();
      expect(listed).toHaveLength(before + 1);
      expect(listed.some((credential) => credential.id === record.id)).toBe(true);
      const sdJwt = await app.inject({
        url: `${base()}/credentials/${record.id}/sd-jwt`,
        headers: bearer(token),
      });
      expect(sdJwt.body).toBe(issuer.issued.at(-1));
      expect(issuer.notifications.at(-1)?.body.event).toBe('credential_accepted');
      // The offer is used up: it is gone, and the same return a second time is not recognised.
      await expectProblem(await view(id), 'offer_not_found');
      await expectProblem(await callback(returned(back)), 'authorization_state_invalid');
      expect(await list()).toHaveLength(before + 1);
    });

    it("takes the offer as /receive sends it (the link's query, '?...') and sends the browser on", async () => {
      const offer = issuer.makeAuthorizationOffer('library');
      const received = await receive(`?${offer.link.split('?')[1]}`);
      expect(received.statusCode, received.body).toBe(201);
      expect(received.json().grant).toBe('authorization_code');
      const back = await authorized(received.json().id);
      expect((await callback(back)).statusCode).toBe(201);
    });

    it('pushes the authorization request first when the issuer requires it (ES256 Aadhaar, vc+sd-jwt)', async () => {
      issuer.setPar('required');
      const { id, issuerState } = await storedOffer('uidai');
      const redirectTo = new URL(await redirectOf(id));
      expect([...redirectTo.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
      expect(redirectTo.searchParams.get('client_id')).toBe(PUBLIC_ORIGIN);
      expect(issuer.pushedRequests.at(-1)).toMatchObject({
        response_type: 'code',
        client_id: PUBLIC_ORIGIN,
        redirect_uri: REDIRECT_URI,
        code_challenge_method: 'S256',
        issuer_state: issuerState,
      });
      const back = await visitIssuer(redirectTo.toString());
      const completed = await callback(returned(back));
      expect(completed.statusCode, completed.body).toBe(201);
      expect(completed.json().credentials[0].received).toMatchObject({
        format: 'vc+sd-jwt',
        vct: 'https://uidai.example/vct/aadhaar',
      });
      // Bound to the holder's P-256 key, as the ES256-only issuer asked.
      const issued = issuer.issued.at(-1) as string;
      const payload = JSON.parse(
        Buffer.from(issued.split('~')[0]?.split('.')[1] as string, 'base64url').toString(),
      );
      expect(payload.cnf.jwk.crv).toBe('P-256');
    });

    it('asks by scope when the authorization server takes no openid_credential details', async () => {
      issuer.setAuthorizationProfile('scope');
      const { id } = await storedOffer('library');
      const redirectTo = new URL(await redirectOf(id));
      expect(redirectTo.searchParams.get('scope')).toBe('librarycard_scope');
      expect(redirectTo.searchParams.get('authorization_details')).toBeNull();
      const back = await visitIssuer(redirectTo.toString());
      expect(back.searchParams.get('code')).not.toBeNull();
      expect((await callback(returned(back))).statusCode).toBe(201);
    });

    it('refuses to store an offer whose authorization server has no authorization endpoint', async () => {
      issuer.setAuthorizationProfile('no_endpoint');
      const offer = issuer.makeAuthorizationOffer('library');
      await expectProblem(await receive(offer.link), 'invalid_credential_offer');
    });

    describe('bad returns: refused with a code, nothing stored, the offer left to accept again', () => {
      it("a state that is wrong, malformed, or another holder's", async () => {
        const { id } = await storedOffer();
        const back = await authorized(id);
        const state = back.state as string;
        const before = await list();
        const forged = `${state.split('.')[0]}.${'A'.repeat(43)}`;
        await expectProblem(
          await callback({ ...back, state: forged }),
          'authorization_state_invalid',
        );
        await expectProblem(
          await callback({ ...back, state: 'not-a-state' }),
          'authorization_state_invalid',
        );
        const other = { userId: SECONDARY.userId, token: await loginDemo(app, SECONDARY) };
        await expectProblem(await callback(back, other), 'authorization_state_invalid');
        // Neither a body without code or error.
        await expectProblem(await callback({ state }), 'invalid_request');
        expect(await list()).toEqual(before);
        // None of them used the authorization up: the holder's own return still completes.
        const completed = await callback(back);
        expect(completed.statusCode, completed.body).toBe(201);
      });

      it('error=access_denied at the issuer; accepting again signs in once more', async () => {
        const { id } = await storedOffer();
        const offerView = (await view(id)).json();
        issuer.denyNext();
        const back = await visitIssuer(await redirectOf(id));
        expect(back.searchParams.get('error')).toBe('access_denied');
        expect(back.searchParams.get('code')).toBeNull();
        const before = await list();
        expect(returned(back)).toEqual({
          state: expect.any(String),
          error: 'access_denied',
          error_description: 'The holder said no',
          iss: issuer.issuerId('library'),
        });
        await expectProblem(await callback(returned(back)), 'authorization_denied');
        await expectProblem(await callback(returned(back)), 'authorization_state_invalid');
        expect(await list()).toEqual(before);
        expect((await view(id)).json()).toEqual(offerView);
        // The issuer's issuer_state was not spent by the refusal: a second try goes through.
        const again = await authorized(id);
        expect((await callback(again)).statusCode).toBe(201);
      });

      it('another error at the issuer (server_error, or any text the browser brings back) is a 400, never a 5xx', async () => {
        const { id } = await storedOffer();
        const back = await visitIssuer(await redirectOf(id));
        const before = await list();
        const { code: _granted, ...withoutCode } = returned(back);
        const answer = await callback({ ...withoutCode, error: 'server_error}\u{1e3c9}' });
        await expectProblem(answer, 'authorization_denied');
        expect(answer.json().detail).toContain('server_error');
        expect(await list()).toEqual(before);
      });

      it("a code the token endpoint refuses (another authorization's code: PKCE does not match)", async () => {
        const first = await storedOffer();
        const second = await storedOffer();
        const fromFirst = await authorized(first.id);
        const fromSecond = await authorized(second.id);
        const before = await list();
        const offerView = (await view(second.id)).json();
        // The second offer's state with the first's code: the issuer sees the wrong verifier.
        await expectProblem(
          await callback({ ...fromSecond, code: fromFirst.code as string }),
          'authorization_code_invalid',
        );
        expect(issuer.codeTokenRequests.at(-1)).toMatchObject({
          pkceMatched: false,
          granted: false,
        });
        expect(await list()).toEqual(before);
        expect((await view(second.id)).json()).toEqual(offerView);
        // That return is used up; the first completes with its own code.
        await expectProblem(await callback(fromSecond), 'authorization_state_invalid');
        expect((await callback(fromFirst)).statusCode).toBe(201);
      });

      it('a return that names another authorization server, or none where this one always names itself (RFC 9207)', async () => {
        const { id } = await storedOffer();
        const back = await authorized(id);
        expect(back.iss).toBe(issuer.issuerId('library'));
        const before = await list();
        await expectProblem(
          await callback({ ...back, iss: 'https://mix-up.example' }),
          'authorization_state_invalid',
        );
        expect(await list()).toEqual(before);
        // The pending sign-in is used up by it; a fresh one without iss is refused too.
        const again = await authorized(id);
        const { iss: _iss, ...withoutIss } = again;
        await expectProblem(await callback(withoutIss), 'authorization_state_invalid');
        expect(await list()).toEqual(before);
        expect((await view(id)).statusCode).toBe(200);
      });

      it('an offer that expired while the holder was at the issuer', async () => {
        const { id } = await storedOffer();
        const back = await authorized(id);
        const before = await list();
        clock.advance(61 * MINUTE_MS);
        try {
          token = await loginDemo(app);
          await expectProblem(await callback(back), 'offer_expired');
          expect(await list()).toEqual(before);
        } finally {
          clock.advance(-61 * MINUTE_MS);
          token = await loginDemo(app);
        }
      });
    });
  },
);
