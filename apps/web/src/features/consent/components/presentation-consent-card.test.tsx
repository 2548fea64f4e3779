/**
 * The /consent card of a verifier's OpenID4VP request (issue 16) and the /present entry point:
 * verified or not, purpose, claims in plain words, required claims ticked and disabled, optional
 * ones tickable and what Approve sends, retention, a missing credential, the verifier's answer;
 * /present posts its query and lands on /consent, or keeps it through /login when signed out.
 */
import type { ConsentRequest } from '@pehchaan/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const BASE = '/user/user-001/consent-requests';
const PRESENT = '/user/user-001/presentation-requests';

function presentationRequest(
  overrides: Partial<ConsentRequest['presentation']> = {},
): ConsentRequest {
  return {
    id: 'consent-oid4vp-1',
    userId: 'user-001',
    requester: 'Outside Bank Ltd',
    purpose: 'Open a savings account',
    requested_at: '2025-03-01T08:00:00.000Z',
    status: 'pending',
    fields: ['Name', 'Date of Birth'],
    status_updated_at: null,
    status_updated_by: null,
    last_viewed: null,
    presentation: {
      verifier: {
        name: 'Outside Bank Ltd',
        verified: true,
        client_id: 'decentralized_identifier:did:key:z6Mk',
      },
      purpose: 'Open a savings account',
      retention_days: 30,
      grievance_contact: null,
      expires_at: '2999-01-01T00:00:00.000Z',
      credentials: [
        {
          query_id: 'pan_credential',
          document_type: 'pan',
          document_name: 'PAN Card',
          document_name_hi: 'पैन कार्ड',
          held: true,
          required: true,
          claims: [
            { path: ['name'], name: 'name', label: 'Name', label_hi: 'नाम', required: true },
            {
              path: ['date_of_birth'],
              name: 'date_of_birth',
              label: 'Date of Birth',
              label_hi: 'जन्म तिथि',
              required: false,
            },
          ],
        },
      ],
      ...overrides,
    },
  };
}

const listOf =
  (...requests: ConsentRequest[]): Handler =>
  () =>
    json({ consent_requests: requests, count: requests.length, user_id: 'user-001' });

async function openConsent(handlers: Record<string, Handler>) {
  signIn();
  const fetch = mockFetch(handlers);
  const view = renderApp('/consent');
  const card = await screen.findByRole('article', { name: 'Outside Bank Ltd' });
  return { ...view, ...fetch, card };
}

describe('presentation consent card', () => {
  it('shows the verifier, purpose, claims and retention; required claims are ticked and disabled', async () => {
    const { card } = await openConsent({ [`GET ${BASE}`]: listOf(presentationRequest()) });
    expect(within(card).getByText('Verified verifier')).toBeInTheDocument();
    expect(within(card).getByText('Open a savings account')).toBeInTheDocument();
    expect(within(card).getByText('30 days')).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'From your PAN Card' })).toBeInTheDocument();
    const name = within(card).getByRole('checkbox', { name: /Name/ });
    expect(name).toBeChecked();
    expect(name).toBeDisabled();
    const dob = within(card).getByRole('checkbox', { name: /Date of Birth/ });
    expect(dob).toBeChecked();
    expect(dob).toBeEnabled();
  });

  it('unticking the optional claim sends only the required one, then shows the verifier answer', async () => {
    const approved: ConsentRequest = {
      ...presentationRequest(),
      status: 'approved',
      status_updated_at: '2025-03-02T09:30:00.000Z',
      status_updated_by: 'user-001',
    };
    const { card, user, calls } = await openConsent({
      [`GET ${BASE}`]: listOf(presentationRequest()),
      [`POST ${BASE}/consent-oid4vp-1/approve`]: () =>
        json({
          message: 'Consent request approved',
          consent_request: approved,
          activity_log: {
            id: 'log-1',
            userId: 'user-001',
            type: 'consent_approved',
            description:
              'Approved consent request from Outside Bank Ltd for Open a savings account',
            timestamp: '2025-03-02T09:30:00.000Z',
            last_viewed: null,
          },
          redirect_uri: 'https://bank.example/done',
        }),
    });
    await user.click(within(card).getByRole('checkbox', { name: /Date of Birth/ }));
    expect(within(card).getByRole('checkbox', { name: /Date of Birth/ })).not.toBeChecked();
    await user.click(within(card).getByRole('button', { name: 'Share with Outside Bank Ltd' }));
    await within(card).findByRole('button', { name: 'Continue to Outside Bank Ltd' });
    const post = calls.find((call) => call.path === `${BASE}/consent-oid4vp-1/approve`);
    // With the language the holder read it in: the consent receipt's notice language.
    expect(post?.body).toEqual({ claims: ['name'], notice_language: 'en' });
    expect(within(card).getAllByText('Shared with Outside Bank Ltd').length).toBeGreaterThan(0);
  });

  it('an unverified verifier, an unstated retention and a missing credential are said plainly', async () => {
    const request = presentationRequest({
      verifier: { name: '127.0.0.1:9000', verified: false, client_id: 'redirect_uri:http://x' },
      retention_days: null,
    });
    const credential = request.presentation?.credentials[0];
    if (credential) credential.held = false;
    request.requester = '127.0.0.1:9000';
    signIn();
    mockFetch({ [`GET ${BASE}`]: listOf(request) });
    renderApp('/consent');
    const card = await screen.findByRole('article', { name: '127.0.0.1:9000' });
    expect(
      within(card).getByText("Not verified: this verifier's identity could not be checked"),
    ).toBeInTheDocument();
    expect(within(card).getByText('Not stated')).toBeInTheDocument();
    expect(within(card).getByText(/You do not have a PAN Card yet/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Add your PAN Card' })).toHaveAttribute(
      'href',
      '/credentials',
    );
    expect(within(card).getByRole('button', { name: 'Share with 127.0.0.1:9000' })).toBeDisabled();
  });

  it("shows the server's plain-language reason when the verifier cannot be reached", async () => {
    const { card, user } = await openConsent({
      [`GET ${BASE}`]: listOf(presentationRequest()),
      [`POST ${BASE}/consent-oid4vp-1/approve`]: () =>
        problem(
          'verifier_unreachable',
          502,
          'The verifier could not be reached. Check your connection or try again later.',
        ),
    });
    await user.click(within(card).getByRole('button', { name: 'Share with Outside Bank Ltd' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The verifier could not be reached. Check your connection or try again later.',
    );
  });
});

describe('/present', () => {
  it('posts exactly its query and goes to /consent', async () => {
    signIn();
    const { calls } = mockFetch({
      [`POST ${PRESENT}`]: () =>
        json(
          { message: 'Presentation request received', consent_request: presentationRequest() },
          201,
        ),
      [`GET ${BASE}`]: listOf(presentationRequest()),
    });
    const { router } = renderApp('/present?client_id=x&request_uri=https%3A%2F%2Fv.example%2Fr');
    await waitFor(() => expect(router.state.location.pathname).toBe('/consent'));
    expect(calls.find((call) => call.path === PRESENT)?.body).toEqual({
      link: 'client_id=x&request_uri=https%3A%2F%2Fv.example%2Fr',
    });
    expect(await screen.findByRole('article', { name: 'Outside Bank Ltd' })).toBeInTheDocument();
  });

  it('signed out: goes to /login and keeps the link for after sign-in', async () => {
    mockFetch({});
    const { router } = renderApp('/present?client_id=x&request_uri=y');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('pehchaan.pendingPresentation')).toBe(
      'client_id=x&request_uri=y',
    );
    window.sessionStorage.clear();
  });

  it('shows why a link is refused', async () => {
    signIn();
    mockFetch({
      [`POST ${PRESENT}`]: () =>
        problem(
          'presentation_request_expired',
          410,
          'This request has expired. Ask the verifier for a new one.',
        ),
    });
    renderApp('/present?client_id=x&request_uri=y');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This request has expired. Ask the verifier for a new one.',
    );
  });
});
