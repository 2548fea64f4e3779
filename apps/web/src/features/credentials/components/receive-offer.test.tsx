import type { CredentialOfferView, CredentialRecord } from '@pehchaan/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { credential } from '@/testing/fixtures';
import { type Handler, json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const OFFERS = '/user/user-001/credential-offers';
const OFFER_LINK =
  'openid-credential-offer://?credential_offer_uri=https%3A%2F%2Funiversity.example%2Foffers%2F7';

function offerView(overrides: Partial<CredentialOfferView> = {}): CredentialOfferView {
  return {
    id: 'offer-1',
    credential_issuer: 'https://university.example',
    issuer: { name: 'Anna University', trusted: true, logo: null },
    credentials: [
      {
        configuration_id: 'degree_sd_jwt',
        format: 'dc+sd-jwt',
        name: 'Degree Certificate',
        claims: [
          { path: 'degree', label: 'Degree' },
          { path: 'graduation_year', label: 'Year of graduation' },
          { path: 'address.locality', label: 'Town' },
        ],
      },
    ],
    tx_code: { length: 6, input_mode: 'numeric', description: null },
    grant: 'pre-authorized_code',
    expires_at: '2099-01-01T10:00:00.000Z',
    ...overrides,
  };
}

function receivedDegree(state: 'issued' | 'pending' = 'issued', trusted = true): CredentialRecord {
  return credential('degree-1', {
    type: ['VerifiableCredential', 'DegreeCredential'],
    issuer: 'https://university.example',
    credential_subject: {
      id: 'did:key:z6MkHolder',
      name: 'Rajesh Kumar',
      document_type: 'Degree Certificate',
      degree: 'B.Tech Computer Science',
      graduation_year: 2012,
      address: { locality: 'Chennai' },
    },
    received: {
      format: 'dc+sd-jwt',
      credential_issuer: 'https://university.example',
      issuer_name: 'Anna University',
      trusted,
      name: 'Degree Certificate',
      vct: 'https://university.example/vct/degree',
      claim_labels: {
        degree: 'Degree',
        graduation_year: 'Year of graduation',
        'address.locality': 'Town',
      },
      state,
    },
  });
}

/** GET .../credentials answering whatever `held` holds at the time. */
function listing(held: { list: CredentialRecord[] }): Handler {
  return () => json({ credentials: held.list, count: held.list.length, user_id: 'user-001' });
}

async function openCredentials(handlers: Record<string, Handler>) {
  signIn();
  const fetch = mockFetch(handlers);
  const view = renderApp('/credentials');
  await screen.findByRole('heading', { level: 1, name: /Verifiable Credentials \(\d+\)/ });
  return { ...view, ...fetch };
}

/** Opens "Add from an issuer" and pastes the offer link. */
async function pasteOffer(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add from an issuer' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a credential from an issuer' });
  const field = within(dialog).getByLabelText('Paste an openid-credential-offer:// or https link');
  expect(field).toHaveFocus();
  await user.type(field, OFFER_LINK);
  await user.click(within(dialog).getByRole('button', { name: 'Open offer' }));
  return screen.findByRole('dialog', { name: 'Review the offer' });
}

describe('Add from an issuer (/credentials)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('paste -> review -> code -> accept: a toast and the new card in the list', async () => {
    const held = { list: [] as CredentialRecord[] };
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': listing(held),
      [`POST ${OFFERS}`]: () => json(offerView(), 201),
      [`POST ${OFFERS}/offer-1/accept`]: () => {
        held.list = [receivedDegree()];
        return json({ credentials: held.list }, 201);
      },
    });
    const review = await pasteOffer(user);
    expect(calls.find((c) => c.method === 'POST' && c.path === OFFERS)?.body).toEqual({
      offer: OFFER_LINK,
    });

    // The issuer by name, trusted; the credential's name and every claim label.
    expect(within(review).getByRole('heading', { name: 'Anna University' })).toBeInTheDocument();
    expect(within(review).getByText('Trusted issuer')).toBeInTheDocument();
    expect(within(review).queryByText('Not a trusted issuer')).toBeNull();
    expect(within(review).getByText('Degree Certificate')).toBeInTheDocument();
    const claims = within(review).getByRole('list', { name: 'Degree Certificate: It contains' });
    expect(
      within(claims)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Degree', 'Year of graduation', 'Town']);

    // The code field: numeric keyboard, six digits, the default hint; it has the focus.
    const code = within(review).getByLabelText('Transaction code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAccessibleDescription(
      'The issuer sent you this code by SMS or e-mail. (6 digits)',
    );
    await waitFor(() => expect(code).toHaveFocus());

    // Too short: said at the field, nothing sent.
    await user.type(code, '12a3');
    expect(code).toHaveValue('123');
    await user.click(within(review).getByRole('button', { name: 'Accept' }));
    expect(within(review).getByRole('alert')).toHaveTextContent(
      'The code has 6 digits. Type all of it.',
    );
    expect(calls.some((c) => c.path.endsWith('/accept'))).toBe(false);

    await user.type(code, '456');
    await user.click(within(review).getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText('Degree Certificate added to your credentials'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/accept'))?.body).toEqual({ tx_code: '123456' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const card = await screen.findByRole('article', { name: 'Degree Certificate' });
    expect(within(card).getByText('Anna University')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Verifiable Credentials (1)' }),
    ).toBeVisible();
  });

  it("says whose end the offer's time is: the issuer's when it said so, else the wallet's keeping", async () => {
    const { user } = await openCredentials({
      'GET /user/user-001/credentials': listing({ list: [] }),
      [`POST ${OFFERS}`]: () => json(offerView({ expires_by: 'wallet' }), 201),
    });
    const review = await pasteOffer(user);
    expect(
      within(review).getByText(
        /^Kept in your wallet until 01\/01\/2099, .*; the issuer may end it sooner$/,
      ),
    ).toBeInTheDocument();
    expect(within(review).queryByText(/Offer valid until/)).toBeNull();
  });

  it("the issuer's own end of the offer reads as the offer's validity", async () => {
    const { user } = await openCredentials({
      'GET /user/user-001/credentials': listing({ list: [] }),
      [`POST ${OFFERS}`]: () => json(offerView({ expires_by: 'issuer' }), 201),
    });
    const review = await pasteOffer(user);
    expect(within(review).getByText(/^Offer valid until/)).toBeInTheDocument();
    expect(within(review).queryByText(/Kept in your wallet/)).toBeNull();
  });

  it('a wrong code is said at the field; the dialog stays open and the holder types again', async () => {
    let tries = 0;
    const held = { list: [] as CredentialRecord[] };
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': listing(held),
      [`POST ${OFFERS}`]: () => json(offerView(), 201),
      [`POST ${OFFERS}/offer-1/accept`]: () => {
        tries += 1;
        if (tries === 1) return problem('tx_code_invalid', 400, 'The transaction code is wrong.');
        held.list = [receivedDegree()];
        return json({ credentials: held.list }, 201);
      },
    });
    const review = await pasteOffer(user);
    const code = within(review).getByLabelText('Transaction code');
    await user.type(code, '000000');
    await user.click(within(review).getByRole('button', { name: 'Accept' }));

    const message = 'That code is not right. Check the code the issuer sent you and type it again.';
    expect(await within(review).findByRole('alert')).toHaveTextContent(message);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(
      `The issuer sent you this code by SMS or e-mail. (6 digits) ${message}`,
    );
    expect(code).toHaveFocus();
    expect(within(review).getByRole('button', { name: 'Accept' })).toBeEnabled();

    await user.clear(code);
    expect(within(review).queryByRole('alert')).toBeNull();
    await user.type(code, '424242');
    await user.click(within(review).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('article', { name: 'Degree Certificate' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/accept')).map((c) => c.body)).toEqual([
      { tx_code: '000000' },
      { tx_code: '424242' },
    ]);
  });

  it('warns plainly about an issuer not on the trust list, and the holder may still accept', async () => {
    const held = { list: [] as CredentialRecord[] };
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': listing(held),
      [`POST ${OFFERS}`]: () =>
        json(
          offerView({
            issuer: { name: 'Quick Certs Pvt Ltd', trusted: false, logo: null },
            tx_code: null,
          }),
          201,
        ),
      [`POST ${OFFERS}/offer-1/accept`]: () => {
        held.list = [receivedDegree('issued', false)];
        return json({ credentials: held.list }, 201);
      },
    });
    const review = await pasteOffer(user);
    expect(within(review).queryByText('Trusted issuer')).toBeNull();
    expect(within(review).getByText('Not a trusted issuer')).toBeInTheDocument();
    expect(
      within(review).getByText(
        /Quick Certs Pvt Ltd is not on Pehchaan's list of trusted issuers.*Accept only if you know this issuer/,
      ),
    ).toBeInTheDocument();
    // No code asked for: no field, and Accept has the focus.
    expect(within(review).queryByLabelText('Transaction code')).toBeNull();
    const accept = within(review).getByRole('button', { name: 'Accept' });
    await waitFor(() => expect(accept).toHaveFocus());
    await user.click(accept);
    const card = await screen.findByRole('article', { name: 'Degree Certificate' });
    expect(within(card).getByText('Not a trusted issuer')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/accept'))?.body).toEqual({});
  });

  it('an expired offer says so and leaves only Close', async () => {
    const { user } = await openCredentials({
      'GET /user/user-001/credentials': listing({ list: [] }),
      [`POST ${OFFERS}`]: () => json(offerView({ tx_code: null }), 201),
      [`POST ${OFFERS}/offer-1/accept`]: () =>
        problem('offer_expired', 410, 'The credential offer has expired.'),
    });
    const review = await pasteOffer(user);
    await user.click(within(review).getByRole('button', { name: 'Accept' }));
    expect(await within(review).findByRole('alert')).toHaveTextContent(
      'This offer has expired. Ask the issuer for a new one.',
    );
    expect(within(review).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(review).queryByRole('button', { name: 'Decline' })).toBeNull();
    // The footer's Close (the dialog's own close button is named alike).
    const closes = within(review).getAllByRole('button', { name: 'Close' });
    expect(closes).toHaveLength(2);
    await user.click(closes[1] as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows SPEC 5's one-per-type text with the offered credential's name, and why a link is refused", async () => {
    const text = 'You already have a Aadhaar Card. Only one document of each type is allowed.';
    let answer: Handler = () =>
      problem('invalid_credential_offer', 400, 'This link is not a credential offer.');
    const { user } = await openCredentials({
      'GET /user/user-001/credentials': listing({ list: [] }),
      [`POST ${OFFERS}`]: (request) => answer(request),
      [`POST ${OFFERS}/offer-1/accept`]: () => problem('credential_exists', 409, text),
    });
    await user.click(screen.getByRole('button', { name: 'Add from an issuer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a credential from an issuer' });
    await user.type(within(dialog).getByRole('textbox'), 'https://example.com/nothing');
    await user.click(within(dialog).getByRole('button', { name: 'Open offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This credential offer is not valid.',
    );
    // The server's own words only under "Technical details".
    expect(within(dialog).getByText(/This link is not a credential offer\./)).not.toBeVisible();

    answer = () => json(offerView({ tx_code: null }), 201);
    await user.click(within(dialog).getByRole('button', { name: 'Open offer' }));
    const review = await screen.findByRole('dialog', { name: 'Review the offer' });
    await user.click(within(review).getByRole('button', { name: 'Accept' }));
    expect(await within(review).findByRole('alert')).toHaveTextContent(
      'You already have a Degree Certificate. Only one document of each type is allowed.',
    );
    expect(within(review).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('Decline drops the offer; Escape closes the dialog without deciding', async () => {
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': listing({ list: [] }),
      [`POST ${OFFERS}`]: () => json(offerView(), 201),
      [`POST ${OFFERS}/offer-1/decline`]: () => new Response(null, { status: 204 }),
    });
    await pasteOffer(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add from an issuer' })).toHaveFocus();
    expect(calls.some((c) => c.path.endsWith('/decline'))).toBe(false);

    const review = await pasteOffer(user);
    await user.click(within(review).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Offer declined')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/decline'))).toHaveLength(1);
  });

  it('the authorization code grant sends the browser to the issuer', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { user } = await openCredentials({
      'GET /user/user-001/credentials': listing({ list: [] }),
      [`POST ${OFFERS}`]: () =>
        json(offerView({ tx_code: null, grant: 'authorization_code' }), 201),
      [`POST ${OFFERS}/offer-1/accept`]: () =>
        json({ redirect_to: 'https://university.example/authorize?request_uri=urn%3Ax' }, 201),
    });
    const review = await pasteOffer(user);
    expect(
      within(review).getByText(
        "You will continue at the issuer's site to sign in, then come back here.",
      ),
    ).toBeInTheDocument();
    // The button says where it goes.
    expect(within(review).queryByRole('button', { name: 'Accept' })).toBeNull();
    await user.click(within(review).getByRole('button', { name: 'Continue at the issuer' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://university.example/authorize?request_uri=urn%3Ax',
      ),
    );
  });
});

describe('/receive', () => {
  afterEach(() => window.sessionStorage.clear());

  it('posts exactly its query and opens the review over /credentials', async () => {
    signIn();
    const { calls } = mockFetch({
      'GET /user/user-001/credentials': listing({ list: [] }),
      [`POST ${OFFERS}`]: () => json(offerView(), 201),
      [`POST ${OFFERS}/offer-1/decline`]: () => new Response(null, { status: 204 }),
    });
    const { router, user } = renderApp(
      '/receive?credential_offer_uri=https%3A%2F%2Funiversity.example%2Foffers%2F7',
    );
    const review = await screen.findByRole('dialog', { name: 'Review the offer' });
    expect(router.state.location.pathname).toBe('/credentials');
    expect(router.state.location.search).toBe('?offer=offer-1');
    expect(calls.find((c) => c.method === 'POST' && c.path === OFFERS)?.body).toEqual({
      offer: '?credential_offer_uri=https%3A%2F%2Funiversity.example%2Foffers%2F7',
    });
    // The view came with the POST: no second read of the offer.
    expect(calls.some((c) => c.method === 'GET' && c.path === `${OFFERS}/offer-1`)).toBe(false);
    expect(within(review).getByRole('heading', { name: 'Anna University' })).toBeInTheDocument();

    await user.click(within(review).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('signed out: goes to /login, keeps the offer, and comes back to it after sign-in', async () => {
    mockFetch({});
    const { router, unmount } = renderApp('/receive?credential_offer=%7B%7D');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('pehchaan.pendingCredentialOffer')).toBe(
      'credential_offer=%7B%7D',
    );
    unmount();

    // Signed in (/login sends a signed-in visitor on): back to /receive, which sends the offer.
    signIn();
    const { calls } = mockFetch({
      'GET /user/user-001/credentials': listing({ list: [] }),
      [`POST ${OFFERS}`]: () => json(offerView(), 201),
    });
    const again = renderApp('/login');
    expect(await screen.findByRole('dialog', { name: 'Review the offer' })).toBeInTheDocument();
    expect(again.router.state.location.pathname).toBe('/credentials');
    expect(calls.find((c) => c.method === 'POST' && c.path === OFFERS)?.body).toEqual({
      offer: '?credential_offer=%7B%7D',
    });
    expect(window.sessionStorage.getItem('pehchaan.pendingCredentialOffer')).toBeNull();
  });

  it('an offer opened again from its address is read from the server', async () => {
    signIn();
    mockFetch({
      'GET /user/user-001/credentials': listing({ list: [] }),
      [`GET ${OFFERS}/offer-1`]: () => json(offerView()),
    });
    renderApp('/credentials?offer=offer-1');
    const review = await screen.findByRole('dialog', { name: 'Review the offer' });
    expect(await within(review).findByText('Degree Certificate')).toBeInTheDocument();
  });

  it('shows why an offer is refused, with a way to the credentials', async () => {
    signIn();
    mockFetch({
      [`POST ${OFFERS}`]: () => problem('offer_expired', 410, 'The credential offer has expired.'),
    });
    renderApp('/receive?credential_offer_uri=https%3A%2F%2Funiversity.example%2Foffers%2F7');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This offer has expired. Ask the issuer for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Go to Verifiable Credentials' })).toHaveAttribute(
      'href',
      '/credentials',
    );
  });
});

describe('received credential cards', () => {
  it("name the credential and issuer as the issuer does, and label claims with the issuer's labels", async () => {
    const { user } = await openCredentials({
      'GET /user/user-001/credentials': listing({ list: [receivedDegree()] }),
    });
    const card = screen.getByRole('article', { name: 'Degree Certificate' });
    expect(within(card).getByText('Anna University')).toBeInTheDocument();
    expect(within(card).getByText('Valid')).toBeInTheDocument();
    expect(within(card).queryByText('Not a trusted issuer')).toBeNull();
    // No share link or QR of it (the server makes those of its own signed documents only); the
    // credential leaves as issued, over OpenID4VP. Its download (as issued) and Delete stay.
    expect(within(card).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Show QR Code' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Download SD-JWT' })).toBeInTheDocument();
    await user.click(
      within(card).getByRole('button', { name: 'Show details of Degree Certificate' }),
    );
    const claims = within(card).getByText('B.Tech Computer Science').closest('dl');
    if (!claims) throw new Error('no claims list');
    expect(within(claims).getByText('Degree')).toBeInTheDocument();
    expect(within(claims).getByText('Year of graduation')).toBeInTheDocument();
    expect(within(claims).getByText('Town')).toBeInTheDocument();
    expect(within(claims).getByText('Chennai')).toBeInTheDocument();
    // A year is written as issued, not grouped like an amount.
    expect(within(claims).getByText('2012')).toBeInTheDocument();
  });

  it('Download saves a received SD-JWT VC exactly as issued, as a .sd-jwt file', async () => {
    const issued =
      'eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJodHRwczovL3VuaS5leGFtcGxlIn0.c2ln~WyJzIiwiZCJd~';
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': listing({ list: [receivedDegree()] }),
      'GET /user/user-001/credentials/degree-1/sd-jwt': () =>
        new Response(issued, { status: 200, headers: { 'Content-Type': 'application/dc+sd-jwt' } }),
    });
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: vi.fn((made: Blob) => {
        blob = made;
        return 'blob:issued';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (blob) saved.push({ name: this.download, blob });
    });
    try {
      const card = screen.getByRole('article', { name: 'Degree Certificate' });
      await user.click(within(card).getByRole('button', { name: 'Download SD-JWT' }));
      expect(await screen.findByText('Credential downloaded')).toBeInTheDocument();
      expect(saved.map((file) => file.name)).toEqual([
        'pehchaan-degree-certificate-2025-01-01.sd-jwt',
      ]);
      expect(saved[0]?.blob.type).toBe('application/dc+sd-jwt');
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(saved[0]?.blob as Blob);
      });
      expect(text).toBe(issued);
      // Not the screen record, and not the product's W3C document endpoint.
      expect(calls.some((c) => c.path.endsWith('/document'))).toBe(false);
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it("a received ldp_vc's Download JSON saves the issuer's signed document from the server", async () => {
    const degree = receivedDegree();
    const ldpVc = {
      ...degree,
      received: {
        ...(degree.received as NonNullable<CredentialRecord['received']>),
        format: 'ldp_vc' as const,
      },
    };
    const issued = {
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      type: ['VerifiableCredential', 'DegreeCredential'],
      issuer: 'did:key:z6MkIssuer',
      credentialSubject: { id: 'did:key:z6MkHolder', degree: 'B.Tech Computer Science' },
      proof: { type: 'DataIntegrityProof', cryptosuite: 'eddsa-jcs-2022', proofValue: 'z3x' },
    };
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': listing({ list: [ldpVc] }),
      'GET /user/user-001/credentials/degree-1/document': () =>
        json({ verifiable_credential: issued }),
      'POST /user/user-001/credentials/degree-1/activity': () => json({}, 201),
    });
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:credential';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const card = screen.getByRole('article', { name: 'Degree Certificate' });
      await user.click(within(card).getByRole('button', { name: 'Download JSON' }));
      expect(await screen.findByText('Credential downloaded')).toBeInTheDocument();
      expect(
        calls.some((call) => call.path === '/user/user-001/credentials/degree-1/document'),
      ).toBe(true);
      // jsdom's Blob has no text(): read it as a user agent would.
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blobs[0] as Blob);
      });
      expect(JSON.parse(text)).toEqual(issued);
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('while issuance is deferred: Waiting for the issuer, no share or QR, Delete stays', async () => {
    const { user } = await openCredentials({
      'GET /user/user-001/credentials': listing({ list: [receivedDegree('pending', false)] }),
    });
    const card = screen.getByRole('article', { name: 'Degree Certificate' });
    expect(within(card).getByText('Waiting for the issuer')).toBeInTheDocument();
    expect(within(card).getByText('Not a trusted issuer')).toBeInTheDocument();
    expect(within(card).queryByText('Valid')).toBeNull();
    expect(within(card).queryByText('Awaiting issuer')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Show QR Code' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await user.click(
      within(card).getByRole('button', { name: 'Show details of Degree Certificate' }),
    );
    expect(
      within(card).getByText(
        'The issuer is still preparing this credential. It will be ready to use once the issuer sends it.',
      ),
    ).toBeInTheDocument();
    // Nothing to open to the public yet.
    expect(within(card).queryByRole('switch', { name: 'Public verify link' })).toBeNull();
  });
});
