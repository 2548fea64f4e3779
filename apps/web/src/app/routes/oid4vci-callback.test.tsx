/**
 * /oid4vci/callback: where the issuer's sign-in sends the holder's browser back (OpenID4VCI
 * authorization code grant). The page hands the code (or the error) to the server once, takes it
 * out of the address bar, says it is receiving, then shows the received credential with a way to
 * /credentials, or the refusal in plain words; signed out, it keeps the return for after sign-in.
 */
import type { CredentialRecord } from '@pehchaan/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { credential } from '@/testing/fixtures';
import { json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const AUTHORIZATION = '/user/user-001/credential-offers/authorization';
const STATE = `offer-1.${'s'.repeat(43)}`;

function receivedDegree(state: 'issued' | 'pending' = 'issued'): CredentialRecord {
  return credential('degree-1', {
    type: ['VerifiableCredential', 'DegreeCredential'],
    issuer: 'https://university.example',
    credential_subject: {
      id: 'did:key:z6MkHolder',
      name: 'Rajesh Kumar',
      document_type: 'Degree Certificate',
      degree: 'B.Tech Computer Science',
    },
    received: {
      format: 'dc+sd-jwt',
      credential_issuer: 'https://university.example',
      issuer_name: 'Anna University',
      trusted: true,
      name: 'Degree Certificate',
      vct: 'https://university.example/vct/degree',
      claim_labels: { degree: 'Degree' },
      state,
    },
  });
}

describe('/oid4vci/callback', () => {
  afterEach(() => window.sessionStorage.clear());

  it('sends the code and state once, shows it is receiving, then the received credential', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    const { calls } = mockFetch({
      [`POST ${AUTHORIZATION}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { router } = renderApp(
      `/oid4vci/callback?code=abc123&state=${STATE}&iss=https%3A%2F%2Funiversity.example`,
    );
    expect(
      await screen.findByText('Back from the issuer. Receiving your credential...'),
    ).toBeInTheDocument();
    // The one-use code leaves the address bar (a reload would not send it again).
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/oid4vci/callback');

    answer(json({ credentials: [receivedDegree()] }, 201));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Added to your credentials' }),
    ).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Degree Certificate' });
    expect(within(card).getByText('From Anna University')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Verifiable Credentials' })).toHaveAttribute(
      'href',
      '/credentials',
    );
    const posts = calls.filter((c) => c.method === 'POST' && c.path === AUTHORIZATION);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      state: STATE,
      code: 'abc123',
      iss: 'https://university.example',
    });
  });

  it('a deferred credential says the issuer is still preparing it', async () => {
    signIn();
    mockFetch({
      [`POST ${AUTHORIZATION}`]: () => json({ credentials: [receivedDegree('pending')] }, 201),
    });
    renderApp(`/oid4vci/callback?code=abc123&state=${STATE}`);
    const card = await screen.findByRole('article', { name: 'Degree Certificate' });
    expect(
      within(card).getByText(/The issuer is still preparing this credential/),
    ).toBeInTheDocument();
  });

  it('a sign-in cancelled at the issuer is sent on as an error and told in plain words', async () => {
    signIn();
    const { calls } = mockFetch({
      [`POST ${AUTHORIZATION}`]: () =>
        problem('authorization_denied', 400, 'The sign-in at the issuer was cancelled.'),
    });
    renderApp(
      `/oid4vci/callback?error=access_denied&error_description=The+holder+said+no&state=${STATE}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in at the issuer was cancelled or refused, so nothing was added. You can open the offer and try again.',
    );
    expect(calls.find((c) => c.path === AUTHORIZATION)?.body).toEqual({
      state: STATE,
      error: 'access_denied',
      error_description: 'The holder said no',
    });
    expect(screen.getByRole('link', { name: 'Go to Verifiable Credentials' })).toHaveAttribute(
      'href',
      '/credentials',
    );
  });

  it.each([
    [
      'authorization_state_invalid',
      'Pehchaan does not recognise this return from the issuer: it was already used, or it was started in another account. Open the offer and continue at the issuer again.',
    ],
    [
      'authorization_code_invalid',
      'The issuer did not accept its own sign-in back (it may have been used or have expired). Open the offer and continue at the issuer again.',
    ],
  ])('the server refusing with %s is told in plain words', async (code, words) => {
    signIn();
    mockFetch({ [`POST ${AUTHORIZATION}`]: () => problem(code, 400, 'Refused.') });
    renderApp(`/oid4vci/callback?code=abc123&state=${STATE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
  });

  it('another problem is said from its code, the server’s words under Technical details; an address without a state is not sent', async () => {
    signIn();
    mockFetch({
      [`POST ${AUTHORIZATION}`]: () =>
        problem('credential_exists', 409, 'You already have a PAN Card.'),
    });
    const first = renderApp(`/oid4vci/callback?code=abc123&state=${STATE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have this document. Only one document of each type is allowed.',
    );
    expect(screen.getByText('credential_exists: You already have a PAN Card.')).not.toBeVisible();
    first.unmount();

    const { calls } = mockFetch({});
    renderApp('/oid4vci/callback?code=abc123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This address is not a return from an issuer that Pehchaan can read.',
    );
    expect(calls.some((c) => c.path === AUTHORIZATION)).toBe(false);
  });

  it('signed out: goes to /login, keeps the return, and comes back to finish it after sign-in', async () => {
    mockFetch({});
    const query = `code=abc123&state=${STATE}`;
    const { router, unmount } = renderApp(`/oid4vci/callback?${query}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('pehchaan.pendingOfferCallback')).toBe(query);
    unmount();

    signIn();
    const { calls } = mockFetch({
      [`POST ${AUTHORIZATION}`]: () => json({ credentials: [receivedDegree()] }, 201),
    });
    const again = renderApp('/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Added to your credentials' }),
    ).toBeInTheDocument();
    expect(again.router.state.location.pathname).toBe('/oid4vci/callback');
    expect(calls.find((c) => c.path === AUTHORIZATION)?.body).toEqual({
      state: STATE,
      code: 'abc123',
    });
    expect(window.sessionStorage.getItem('pehchaan.pendingOfferCallback')).toBeNull();
  });
});
