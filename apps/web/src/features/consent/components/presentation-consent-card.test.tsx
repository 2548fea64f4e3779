/**
 * The /consent card of a verifier's OpenID4VP request (issue 16) and the /present entry point:
 * verified or not, purpose, claims in plain words, required claims ticked and disabled, optional
 * ones tickable and what Approve sends, retention, a missing credential, the verifier's answer;
 * /present posts its query and lands on /consent, or keeps it through /login when signed out.
 * SPEC 3's seeded requests on the same card: each field with its reason, required or optional;
 * an optional one unticked; Approve's summary of what leaves (Cancel goes back, Confirm sends);
 * the decided cards showing what was sent, never what was asked, offline too.
 */
import {
  type ConsentRequest,
  type PresentationClaim,
  type SentCredential,
  VERIFIER_SEEDS,
} from '@pehchaan/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '@/lib/i18n';
import { readOutbox } from '@/lib/sync/outbox';
import { type Handler, json, mockFetch, problem, type RecordedRequest } from '@/testing/mock-fetch';
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
    // The summary first: only the name leaves; the date of birth is left out.
    const summary = screen.getByRole('dialog', { name: 'Share with Outside Bank Ltd?' });
    expect(
      within(within(summary).getByRole('list', { name: 'From your PAN Card' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Name']);
    expect(
      within(summary).getByRole('list', { name: 'Left out (you unticked these)' }),
    ).toHaveTextContent('Date of Birth');
    await user.click(within(summary).getByRole('button', { name: 'Confirm' }));
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

  it("a received credential is shown by its own name and its issuer's claim labels, and sent as such", async () => {
    const request = presentationRequest({
      credentials: [
        {
          query_id: 'card',
          document_type: null,
          document_name: 'Library Card',
          document_name_hi: 'Library Card',
          held: true,
          required: true,
          claims: [
            {
              path: ['given_name'],
              name: 'given_name',
              label: 'GIVEN NAME',
              label_hi: 'GIVEN NAME',
              required: true,
            },
            {
              path: ['member_no'],
              name: 'member_no',
              label: 'MEMBER NO',
              label_hi: 'MEMBER NO',
              required: false,
            },
          ],
          received: { credential_id: 'cred-1', claims: ['given_name', 'member_no'] },
        },
      ],
    });
    const { card, user, calls } = await openConsent({
      [`GET ${BASE}`]: listOf(request),
      [`POST ${BASE}/consent-oid4vp-1/approve`]: () => problem('verifier_unreachable', 502, 'x'),
    });
    const group = within(card).getByRole('group', { name: 'From your Library Card' });
    expect(within(group).getByRole('checkbox', { name: /GIVEN NAME/ })).toBeDisabled();
    await user.click(within(group).getByRole('checkbox', { name: /MEMBER NO/ }));
    await user.click(within(card).getByRole('button', { name: 'Share with Outside Bank Ltd' }));
    const summary = screen.getByRole('dialog', { name: 'Share with Outside Bank Ltd?' });
    expect(
      within(within(summary).getByRole('list', { name: 'From your Library Card' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['GIVEN NAME']);
    expect(
      within(summary).getByRole('list', { name: 'Left out (you unticked these)' }),
    ).toHaveTextContent('MEMBER NO');
    await user.click(within(summary).getByRole('button', { name: 'Confirm' }));
    await within(card).findByRole('alert');
    const post = calls.find((call) => call.path === `${BASE}/consent-oid4vp-1/approve`);
    expect(post?.body).toEqual({ claims: ['given_name'], notice_language: 'en' });
  });

  it("says plainly, from the problem's code, that the verifier cannot be reached", async () => {
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
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The verifier could not be reached. Please try again later.',
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

// ---------------------------------------------------------------- SPEC 3's seeded requests

const SBI = VERIFIER_SEEDS[0]?.purposes[0];

/** A claim of the seeded bank request, with the reason its registered purpose gives. */
function sbiClaim(name: string, label: string, required = true): PresentationClaim {
  const reason = SBI?.claimReasons[name];
  return {
    path: [name],
    name,
    label,
    label_hi: label,
    required,
    reason: reason?.en ?? null,
    reason_hi: reason?.hi ?? null,
  };
}

/** State Bank of India's seeded request as the server lists it for a holder of Aadhaar and PAN. */
function seededBank(overrides: Partial<ConsentRequest> = {}): ConsentRequest {
  return {
    id: 'consent-user-001-bank',
    userId: 'user-001',
    requester: 'State Bank of India',
    purpose: 'Open savings account',
    requested_at: '2025-03-01T08:00:00.000Z',
    status: 'pending',
    fields: ['Name', 'Aadhaar', 'Phone', 'Address', 'Date of Birth', 'PAN'],
    status_updated_at: null,
    status_updated_by: null,
    last_viewed: null,
    presentation: {
      seeded: true,
      verifier: {
        name: 'State Bank of India',
        verified: true,
        client_id: 'decentralized_identifier:did:key:z6MkSbi',
      },
      purpose: 'Open savings account',
      retention_days: 1825,
      grievance_contact: 'grievance@sbi.example',
      expires_at: '2999-01-01T00:00:00.000Z',
      credentials: [
        {
          query_id: 'aadhaar',
          document_type: 'aadhaar',
          document_name: 'Aadhaar Card',
          document_name_hi: 'आधार कार्ड',
          held: true,
          required: false,
          claims: [
            sbiClaim('name', 'Name'),
            sbiClaim('aadhaar_number', 'Aadhaar number'),
            sbiClaim('phone', 'Phone', false),
            sbiClaim('address', 'Address'),
            sbiClaim('date_of_birth', 'Date of Birth'),
          ],
        },
        {
          query_id: 'pan',
          document_type: 'pan',
          document_name: 'PAN Card',
          document_name_hi: 'पैन कार्ड',
          held: true,
          required: false,
          claims: [sbiClaim('pan_number', 'PAN Number')],
        },
        {
          query_id: 'basic_identity',
          document_type: 'basic_identity',
          document_name: 'Basic Identity',
          document_name_hi: 'मूल पहचान',
          held: true,
          required: false,
          claims: [sbiClaim('name', 'Name'), sbiClaim('date_of_birth', 'Date of Birth')],
        },
      ],
      credential_sets: [
        { options: [['aadhaar'], ['basic_identity']], required: true },
        { options: [['pan']], required: false },
      ],
    },
    ...overrides,
  };
}

/** What the bank received when Phone was left out (the approval receipt's items). */
const SENT_WITHOUT_PHONE: SentCredential[] = [
  {
    query_id: 'aadhaar',
    document_type: 'aadhaar',
    document_name: 'Aadhaar Card',
    claims: [
      { name: 'name', label: 'Name' },
      { name: 'aadhaar_number', label: 'Aadhaar number' },
      { name: 'address', label: 'Address' },
      { name: 'date_of_birth', label: 'Date of Birth' },
    ],
  },
  {
    query_id: 'pan',
    document_type: 'pan',
    document_name: 'PAN Card',
    claims: [{ name: 'pan_number', label: 'PAN Number' }],
  },
];

function decidedBank(
  status: 'approved' | 'rejected' | 'withdrawn',
  sent: SentCredential[] | undefined,
): ConsentRequest {
  const request = seededBank({
    status,
    status_updated_at: '2025-03-02T09:30:00.000Z',
    status_updated_by: 'user-001',
    ...(status === 'withdrawn' ? { withdrawn_at: '2025-03-03T09:30:00.000Z' } : {}),
  });
  const presentation = request.presentation;
  return presentation
    ? { ...request, presentation: { ...presentation, ...(sent ? { sent } : {}) } }
    : request;
}

function bankDecisionAnswer(request: ConsentRequest) {
  return json({
    message: 'Consent request approved',
    consent_request: request,
    activity_log: {
      id: 'log-2',
      userId: 'user-001',
      type: 'consent_approved',
      description: 'Approved consent request from State Bank of India for Open savings account',
      timestamp: '2025-03-02T09:30:00.000Z',
      last_viewed: null,
    },
  });
}

/** The decisions posted (approve or reject) among `calls`. */
const decisions = (calls: readonly RecordedRequest[]) =>
  calls.filter((c) => c.method === 'POST' && /\/(approve|reject)$/.test(c.path));

/** The texts of the items of the list named `name` inside `within`. */
function items(container: HTMLElement, name: string): (string | null)[] {
  return within(within(container).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
}

describe('seeded requests on the same card', () => {
  const openBank = async (handlers: Record<string, Handler> = {}) => {
    signIn();
    const fetch = mockFetch({ [`GET ${BASE}`]: listOf(seededBank()), ...handlers });
    const view = renderApp('/consent');
    const pending = await screen.findByRole('region', { name: 'Pending (1)' });
    const card = within(pending).getByRole('article', { name: 'State Bank of India' });
    return { ...view, ...fetch, card };
  };

  it('shows every field with its reason, required or optional; only the optional one can be unticked', async () => {
    const { card } = await openBank();
    const aadhaar = within(card).getByRole('group', { name: 'From your Aadhaar Card' });
    const phone = within(aadhaar).getByRole('checkbox', { name: /Phone/ });
    expect(phone).toBeChecked();
    expect(phone).toBeEnabled();
    expect(phone).toHaveAccessibleName('Phone (optional)');
    // The reason describes the checkbox: the purpose's own words.
    expect(phone).toHaveAccessibleDescription(SBI?.claimReasons.phone?.en ?? '');
    const number = within(aadhaar).getByRole('checkbox', { name: /Aadhaar number/ });
    expect(number).toBeDisabled();
    expect(number).toHaveAccessibleName('Aadhaar number (required)');
    expect(number).toHaveAccessibleDescription(SBI?.claimReasons.aadhaar_number?.en ?? '');
    const pan = within(card).getByRole('group', { name: 'From your PAN Card' });
    expect(within(pan).getByText(SBI?.claimReasons.pan_number?.en ?? '')).toBeInTheDocument();
    // The fallback is not sent while the Aadhaar Card answers: said so, and nothing to tick.
    const basic = within(card).getByRole('group', { name: 'From your Basic Identity' });
    expect(
      within(basic).getByText('Not sent: your Aadhaar Card is used instead.'),
    ).toBeInTheDocument();
    expect(within(basic).queryAllByRole('checkbox')).toEqual([]);
    expect(within(basic).queryByText('(required)')).toBeNull();
    expect(
      within(basic).getAllByText(SBI?.claimReasons.date_of_birth?.en ?? '').length,
    ).toBeGreaterThan(0);
    expect(within(card).getByText('Verified verifier')).toBeInTheDocument();
    expect(within(card).getByText('1,825 days')).toBeInTheDocument();
  });

  it('Approve shows exactly what leaves; Cancel goes back, Confirm sends only the ticked claims and the Approved card shows them', async () => {
    let requests = [seededBank()];
    const { card, user, calls } = await openBank({
      [`GET ${BASE}`]: () =>
        json({ consent_requests: requests, count: requests.length, user_id: 'user-001' }),
      [`POST ${BASE}/consent-user-001-bank/approve`]: () => {
        requests = [decidedBank('approved', SENT_WITHOUT_PHONE)];
        return bankDecisionAnswer(requests[0] as ConsentRequest);
      },
    });
    await user.click(within(card).getByRole('checkbox', { name: /Phone/ }));
    await user.click(within(card).getByRole('button', { name: 'Approve State Bank of India' }));

    const summary = screen.getByRole('dialog', { name: 'Share with State Bank of India?' });
    expect(summary).toHaveTextContent('State Bank of India (Verified verifier)');
    expect(within(summary).getByText('Open savings account')).toBeInTheDocument();
    expect(within(summary).getByText('1,825 days')).toBeInTheDocument();
    expect(items(summary, 'From your Aadhaar Card')).toEqual([
      'Name',
      'Aadhaar number',
      'Address',
      'Date of Birth',
    ]);
    expect(items(summary, 'From your PAN Card')).toEqual(['PAN Number']);
    expect(within(summary).queryByRole('list', { name: 'From your Basic Identity' })).toBeNull();
    expect(items(summary, 'Left out (you unticked these)')).toEqual(['Phone']);
    // Focus starts on Cancel; nothing has been sent yet.
    expect(within(summary).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(decisions(calls)).toEqual([]);

    await user.click(within(summary).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(decisions(calls)).toEqual([]);
    expect(within(card).getByRole('checkbox', { name: /Phone/ })).not.toBeChecked();

    await user.click(within(card).getByRole('button', { name: 'Approve State Bank of India' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Consent approved for State Bank of India')).toBeInTheDocument();
    const [post] = decisions(calls);
    expect(post?.path).toBe(`${BASE}/consent-user-001-bank/approve`);
    expect(post?.body).toEqual({
      claims: ['name', 'aadhaar_number', 'address', 'date_of_birth', 'pan_number'],
      notice_language: 'en',
    });

    const approved = within(await screen.findByRole('region', { name: 'Approved (1)' })).getByRole(
      'article',
      { name: 'State Bank of India' },
    );
    const sent = within(approved).getByRole('region', {
      name: 'What was sent to State Bank of India',
    });
    expect(items(sent, 'From your Aadhaar Card')).toEqual([
      'Name',
      'Aadhaar number',
      'Address',
      'Date of Birth',
    ]);
    expect(items(sent, 'From your PAN Card')).toEqual(['PAN Number']);
    // What was asked is not shown any more: no Phone, no checkboxes.
    expect(within(approved).queryByText('Phone')).toBeNull();
    expect(within(approved).queryAllByRole('checkbox')).toEqual([]);
  });

  it('works by keyboard: Enter opens the summary, Escape goes back', async () => {
    const { card, user, calls } = await openBank();
    within(card).getByRole('button', { name: 'Approve State Bank of India' }).focus();
    await user.keyboard('{Enter}');
    const summary = screen.getByRole('dialog', { name: 'Share with State Bank of India?' });
    // Phone left ticked: it is in what leaves.
    expect(items(summary, 'From your Aadhaar Card')).toContain('Phone');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(decisions(calls)).toEqual([]);
  });

  it('decided cards show what was sent, never what was asked; a rejected one sent nothing', async () => {
    signIn();
    const rejected = { ...decidedBank('rejected', []), id: 'consent-user-001-x' };
    mockFetch({
      [`GET ${BASE}`]: listOf(decidedBank('withdrawn', SENT_WITHOUT_PHONE), rejected),
    });
    renderApp('/consent');
    const ended = within(
      await screen.findByRole('region', { name: 'Withdrawn or expired (1)' }),
    ).getByRole('article', { name: 'State Bank of India' });
    const sent = within(ended).getByRole('region', {
      name: 'What was sent to State Bank of India',
    });
    expect(items(sent, 'From your Aadhaar Card')).not.toContain('Phone');
    expect(within(ended).queryByText('Phone')).toBeNull();
    const refused = within(screen.getByRole('region', { name: 'Rejected (1)' })).getByRole(
      'article',
      { name: 'State Bank of India' },
    );
    expect(
      within(refused).getByText('Nothing was sent: you rejected this request.'),
    ).toBeInTheDocument();
    expect(within(refused).queryAllByRole('checkbox')).toEqual([]);
  });

  it('offline: the approval waits with the ticked claims, and the card says what will be sent', async () => {
    const { card, user } = await openBank();
    // From now on the API is unreachable (no handler answers).
    mockFetch({});
    await user.click(within(card).getByRole('checkbox', { name: /Phone/ }));
    await user.click(within(card).getByRole('button', { name: 'Approve State Bank of India' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Approved on this device; not yet synced')).toBeInTheDocument();
    expect(readOutbox().entries.map((entry) => [entry.path, entry.body])).toEqual([
      [
        `${BASE}/consent-user-001-bank/approve`,
        expect.objectContaining({
          claims: ['name', 'aadhaar_number', 'address', 'date_of_birth', 'pan_number'],
        }),
      ],
    ]);
    const approved = within(screen.getByRole('region', { name: 'Approved (1)' })).getByRole(
      'article',
      { name: 'State Bank of India' },
    );
    const sent = within(approved).getByRole('region', {
      name: 'What will be sent to State Bank of India once synced',
    });
    expect(items(sent, 'From your Aadhaar Card')).toEqual([
      'Name',
      'Aadhaar number',
      'Address',
      'Date of Birth',
    ]);
  });

  it("an outside verifier's claim without a reason says so; reasons come in the holder's language", async () => {
    const { card } = await openConsent({ [`GET ${BASE}`]: listOf(presentationRequest()) });
    expect(within(card).getAllByText('No reason given')).toHaveLength(2);
    await loadLanguage('ta');
    await i18n.changeLanguage('ta');
    signIn();
    mockFetch({ [`GET ${BASE}`]: listOf(seededBank()) });
    renderApp('/consent');
    // The registered bank by its Tamil name (core's organisation names).
    const bank = await screen.findAllByRole('article', { name: 'பாரத ஸ்டேட் வங்கி' });
    expect(
      within(bank[0] as HTMLElement).getAllByText(
        'கணக்கு அறிவிப்புகளுக்கும் OTP-க்கும். கணக்கு தொடங்கத் தேவையில்லை; கிளையில் கொடுக்கலாம்.',
      ).length,
    ).toBeGreaterThan(0);
  });
});
