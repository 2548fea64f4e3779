/**
 * The verifier portal at /verifier (issue 16), rendered in the real app: sign-in with an API key
 * (sent as Bearer, kept in sessionStorage only, an invalid key refused in plain words, Sign out
 * forgets it); the form offers the registered purpose's claims and posts the DCQL query of the
 * ticked ones with the server's vct; the request view follows the status live and shows exactly
 * the verified claims and the checks; a wallet's error answer reads "The wallet declined" while
 * the request keeps waiting; expired reads in plain words; a shared request keeps being
 * followed, and the holder's withdrawal reads as withdrawn with the claims 'Erased on
 * withdrawal' and the consent's uses (issue 17). The organisation's requests are listed from
 * the server (GET /verifier/requests): a reload shows the same list and the request it showed,
 * and the list filters by status.
 */
import type {
  VerifierOrganisation,
  VerifierRequestAnswer,
  VerifierRightsRequest,
} from '@pehchaan/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Handler, json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

const KEY = `pvk_0123abcd_${'x'.repeat(43)}`;
const REQUEST_ID = 'vpreq-0123';

const SBI: VerifierOrganisation = {
  id: 'verifier-sbi',
  name: 'State Bank of India',
  grievance_contact: 'grievance@sbi.example',
  did: 'did:key:z6MkExample',
  purposes: [
    {
      code: 'open_savings_account',
      text: 'Open savings account',
      text_hi: 'बचत खाता खोलना',
      retention_days: 1825,
      claims: {
        aadhaar: ['name', 'aadhaar_number'],
        pan: ['name', 'pan_number', 'date_of_birth'],
      },
    },
  ],
  notification_url: null,
  wallet_did: 'did:key:z6MkWallet',
};

const VCT_LIST = {
  types: [
    { document_type: 'pan', vct: 'https://bank.example/vct/pan', name: 'PAN Card', claims: [] },
    {
      document_type: 'aadhaar',
      vct: 'https://bank.example/vct/aadhaar',
      name: 'Aadhaar Card',
      claims: [],
    },
  ],
  count: 2,
};

const CREATED = {
  id: REQUEST_ID,
  request_uri: `https://bank.example/oid4vp/requests/${REQUEST_ID}`,
  openid4vp_url: `openid4vp://?client_id=x&request_uri=y`,
  wallet_url: `https://bank.example/present?client_id=x&request_uri=y`,
  expires_at: '2999-01-01T10:10:00.000Z',
};

function statusAnswer(overrides: Partial<VerifierRequestAnswer>): VerifierRequestAnswer {
  return {
    id: REQUEST_ID,
    request_uri: CREATED.request_uri,
    openid4vp_url: CREATED.openid4vp_url,
    wallet_url: CREATED.wallet_url,
    purpose: 'open_savings_account',
    status: 'pending',
    created_at: '2999-01-01T10:00:00.000Z',
    expires_at: CREATED.expires_at,
    answered_at: null,
    credentials: null,
    checks: null,
    wallet_errors: [],
    erased_at: null,
    consent: null,
    ...overrides,
  };
}

/** GET /verifier/requests: `requests` as one page, filtered by ?status= like the server. */
function listHandler(requests: () => VerifierRequestAnswer[]): Handler {
  return ({ query }) => {
    const status = query.get('status');
    const page = requests().filter((request) => !status || request.status === status);
    return json({ requests: page, count: page.length, next_cursor: null });
  };
}

const SHARED = statusAnswer({
  status: 'shared',
  answered_at: '2999-01-01T10:01:00.000Z',
  credentials: {
    pan: [
      {
        vct: 'https://bank.example/vct/pan',
        issuer: 'did:key:z6MkIssuer',
        issuer_name: 'Income Tax Department',
        claims: { name: 'Rajesh Kumar' },
      },
    ],
  },
  checks: [
    { credential_query_id: null, check: 'credentials_requested', passed: true },
    { credential_query_id: 'pan', check: 'issuer_signature', passed: true },
  ],
});

// The portal keeps its key in sessionStorage, which the shared test setup does not clear.
beforeEach(() => window.sessionStorage.clear());

function portalApi(extra: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /verifier/me': ({ headers }) =>
      headers.authorization === `Bearer ${KEY}`
        ? json(SBI)
        : problem('unauthenticated', 401, 'The verifier API key is not valid.'),
    'GET /vct': () => json(VCT_LIST),
    'POST /verifier/requests': () => json(CREATED, 201),
    'GET /verifier/rights-requests': () => json({ rights_requests: [], count: 0 }),
    'GET /verifier/requests': listHandler(() => []),
    ...extra,
  });
}

/** `text` in the request panel (the list below repeats statuses). */
async function inPanel(text: string, timeout = 5000) {
  const panel = await screen.findByRole('region', { name: 'Request' }, { timeout });
  return within(panel).findByText(text, {}, { timeout });
}

async function signInToPortal() {
  const view = renderApp('/verifier');
  await view.user.type(await screen.findByLabelText('API key'), KEY);
  await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByText('Signed in as State Bank of India');
  return view;
}

/** Signs in, asks for PAN name (required) and date of birth (optional), creates the request. */
async function createPanRequest() {
  const view = await signInToPortal();
  const pan = screen.getByRole('group', { name: 'PAN Card' });
  await view.user.click(within(pan).getByRole('checkbox', { name: 'Name' }));
  await view.user.click(within(pan).getByRole('checkbox', { name: 'Date of Birth' }));
  await view.user.click(within(pan).getByRole('checkbox', { name: 'Date of Birth is optional' }));
  await view.user.click(screen.getByRole('button', { name: 'Create request' }));
  return view;
}

describe('verifier portal sign-in', () => {
  it('refuses an invalid key in plain words and keeps nothing', async () => {
    const { calls } = portalApi();
    const view = renderApp('/verifier');
    await view.user.type(await screen.findByLabelText('API key'), 'pvk_00000000_wrong');
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This API key is not valid.');
    expect(calls.at(-1)?.headers.authorization).toBe('Bearer pvk_00000000_wrong');
    expect(window.sessionStorage.getItem('pehchaan.verifierApiKey')).toBeNull();
  });

  it('says what an API key looks like without asking the server', async () => {
    const { calls } = portalApi();
    const view = renderApp('/verifier');
    await view.user.type(await screen.findByLabelText('API key'), 'hello');
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An API key starts with pvk_');
    expect(calls).toHaveLength(0);
  });

  it('keeps a valid key in sessionStorage only; Sign out forgets it', async () => {
    portalApi();
    const view = await signInToPortal();
    expect(window.sessionStorage.getItem('pehchaan.verifierApiKey')).toBe(KEY);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(KEY);
    expect(screen.getByText('Grievance contact: grievance@sbi.example')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('API key')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('pehchaan.verifierApiKey')).toBeNull();
  });
});

describe('verifier portal request', () => {
  it("offers the purpose's claims and posts the DCQL query of the ticked ones", async () => {
    const { calls } = portalApi({ [`GET /verifier/requests/${REQUEST_ID}`]: () => json(SHARED) });
    await createPanRequest();
    await inPanel('Shared and verified');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(post?.body).toEqual({
      purpose: 'open_savings_account',
      dcql_query: {
        credentials: [
          {
            id: 'pan',
            format: 'dc+sd-jwt',
            meta: { vct_values: ['https://bank.example/vct/pan'] },
            claims: [
              { id: 'name', path: ['name'] },
              { id: 'date_of_birth', path: ['date_of_birth'] },
            ],
            claim_sets: [['name', 'date_of_birth'], ['name']],
          },
        ],
      },
    });
  });

  it('refuses to send only optional claims of a document', async () => {
    const { calls } = portalApi();
    const view = await signInToPortal();
    const pan = screen.getByRole('group', { name: 'PAN Card' });
    await view.user.click(within(pan).getByRole('checkbox', { name: 'Date of Birth' }));
    await view.user.click(within(pan).getByRole('checkbox', { name: 'Date of Birth is optional' }));
    await view.user.click(screen.getByRole('button', { name: 'Create request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Each document needs at least one claim that is not optional: PAN Card.',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the link, follows the status live and then exactly the verified claims', async () => {
    let answer = statusAnswer({});
    portalApi({ [`GET /verifier/requests/${REQUEST_ID}`]: () => json(answer) });
    await createPanRequest();
    expect(await inPanel('Waiting for the holder')).toBeInTheDocument();
    // The form is gone; the focus is on the status, which is announced as it changes.
    expect(document.activeElement).toHaveAttribute('aria-live', 'polite');
    expect(document.activeElement).toHaveTextContent('Waiting for the holder');
    expect(screen.getByRole('link', { name: CREATED.wallet_url })).toHaveAttribute(
      'href',
      CREATED.wallet_url,
    );
    answer = SHARED;
    expect(await inPanel('Shared and verified')).toBeVisible();
    const claims = screen.getByRole('region', { name: 'Verified claims' });
    expect(within(claims).getByText('PAN Card')).toBeInTheDocument();
    expect(within(claims).getByText('Issued by Income Tax Department')).toBeInTheDocument();
    expect(within(claims).getByText('Name')).toBeInTheDocument();
    expect(within(claims).getByText('Rajesh Kumar')).toBeInTheDocument();
    expect(within(claims).queryByText('Date of Birth')).toBeNull();
    const checks = screen.getByRole('region', { name: 'Checks made' });
    expect(within(checks).getAllByText('Passed')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: CREATED.wallet_url })).toBeNull();
  });

  it('says "The wallet declined" and keeps waiting: an error answer does not end a request', async () => {
    const declined = statusAnswer({
      wallet_errors: [
        { error: 'access_denied', received_at: '2999-01-01T10:02:00.000Z' },
        { error: 'access_denied', received_at: '2999-01-01T10:03:00.000Z' },
      ],
    });
    portalApi({ [`GET /verifier/requests/${REQUEST_ID}`]: () => json(declined) });
    await createPanRequest();
    expect(await screen.findByText(/The wallet declined/)).toHaveTextContent(
      '2 error answers in all.',
    );
    expect(screen.getByText(/anyone holding the QR code could send such an answer/)).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Request' })).getByText('Waiting for the holder'),
    ).toBeVisible();
    // The link to answer it is still offered.
    expect(screen.getByRole('link', { name: CREATED.wallet_url })).toBeVisible();
  });

  it("says 'Credential revoked' when a holder's presentation was refused on its status", async () => {
    const refused = statusAnswer({
      wallet_errors: [
        {
          error: 'credential_revoked',
          error_description: 'Credential revoked: The issuer revoked the credential.',
          received_at: '2999-01-01T10:02:00.000Z',
        },
      ],
    });
    portalApi({ [`GET /verifier/requests/${REQUEST_ID}`]: () => json(refused) });
    await createPanRequest();
    expect(
      await screen.findByText(
        /Credential revoked: a holder presented a credential its issuer has revoked/,
      ),
    ).toHaveTextContent('Nothing was shared.');
    expect(
      within(screen.getByRole('region', { name: 'Request' })).getByText('Waiting for the holder'),
    ).toBeVisible();
  });

  it('explains an expired request in plain words', async () => {
    portalApi({
      [`GET /verifier/requests/${REQUEST_ID}`]: () => json(statusAnswer({ status: 'expired' })),
    });
    await createPanRequest();
    expect(await screen.findByText(/Nobody answered within 10 minutes./)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Verified claims' })).toBeNull(),
    );
  });

  it('follows a shared request until the holder withdraws: the claims read erased on withdrawal', async () => {
    let answer: VerifierRequestAnswer = {
      ...SHARED,
      consent: {
        status: 'approved',
        valid_until: '2999-06-30T10:01:00.000Z',
        withdrawn_at: null,
        uses: 3,
        last_used_at: '2999-03-12T10:00:00.000Z',
      },
    };
    portalApi({ [`GET /verifier/requests/${REQUEST_ID}`]: () => json(answer) });
    await createPanRequest();
    expect(await inPanel('Shared and verified')).toBeVisible();
    const consent = screen.getByRole('region', { name: 'Consent' });
    expect(within(consent).getByText('Used 3 times, last on 12/03/2999')).toBeInTheDocument();
    expect(within(consent).getByText('Valid until 30/06/2999')).toBeInTheDocument();

    answer = statusAnswer({
      status: 'withdrawn',
      answered_at: SHARED.answered_at,
      checks: SHARED.checks,
      erased_at: '2999-03-13T09:00:00.000Z',
      consent: {
        status: 'withdrawn',
        valid_until: '2999-06-30T10:01:00.000Z',
        withdrawn_at: '2999-03-13T09:00:00.000Z',
        uses: 3,
        last_used_at: '2999-03-12T10:00:00.000Z',
      },
    });
    expect(await inPanel('Consent withdrawn', 8000)).toBeVisible();
    const claims = screen.getByRole('region', { name: 'Verified claims' });
    expect(within(claims).getByText('Erased on withdrawal, 13/03/2999.')).toBeInTheDocument();
    expect(within(claims).queryByText('Rajesh Kumar')).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Consent' })).getByText('Withdrawn on 13/03/2999'),
    ).toBeInTheDocument();
  }, 15_000);
});

describe('verifier portal: receipts and rights requests (issue 17)', () => {
  it("shows the holder's receipt with the request, and whether its digest matches", async () => {
    const digest = 'ab'.repeat(32);
    const answer = {
      ...SHARED,
      vp_token_sha256: digest,
      consent_receipts: [
        {
          id: `receipt-${'9'.repeat(32)}`,
          event: 'approved' as const,
          issued_at: '2999-01-01T10:01:00.000Z',
          url: `https://bank.example/verify/receipt-${'9'.repeat(32)}`,
          presentation_sha256: digest,
          receipt: { type: ['VerifiableCredential', 'ConsentReceipt'] },
        },
      ],
    };
    portalApi({ [`GET /verifier/requests/${REQUEST_ID}`]: () => json(answer) });
    await createPanRequest();
    const receipts = await screen.findByRole(
      'region',
      { name: 'Consent receipts' },
      { timeout: 5000 },
    );
    expect(within(receipts).getByText(/Consent given/)).toBeInTheDocument();
    expect(
      within(receipts).getByText('Its presentation digest (SHA-256) matches the one you received.'),
    ).toBeInTheDocument();
    expect(within(receipts).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      `/verify/receipt-${'9'.repeat(32)}`,
    );
  });

  it('lists a grievance with its data principal and marks it resolved with a note', async () => {
    const open: VerifierRightsRequest = {
      id: 'rights-1',
      kind: 'grievance',
      status: 'open',
      data_principal: `urn:pehchaan:data-principal:${'d'.repeat(32)}`,
      purpose: 'Open savings account',
      message: 'Why do you keep my PAN?',
      receipt_id: `receipt-${'9'.repeat(32)}`,
      receipt: null,
      verifier_request_id: REQUEST_ID,
      created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      resolved_at: null,
      resolution_note: null,
      erasure: null,
    };
    let list = [open];
    const { calls } = portalApi({
      'GET /verifier/rights-requests': () => json({ rights_requests: list, count: list.length }),
      'POST /verifier/rights-requests/rights-1/resolve': () => {
        list = [{ ...open, status: 'resolved', resolution_note: 'Deleted.' }];
        return json({ message: 'Request marked as resolved', rights_request: list[0] });
      },
    });
    const view = await signInToPortal();
    const section = await screen.findByRole('region', { name: 'Grievances and erasure requests' });
    expect(await within(section).findByText('Why do you keep my PAN?')).toBeInTheDocument();
    expect(within(section).getByText('received 3 hours ago')).toBeInTheDocument();
    expect(within(section).getByText(open.data_principal)).toBeInTheDocument();
    await view.user.type(
      within(section).getByLabelText('Note to the data principal (optional)'),
      'Deleted.',
    );
    await view.user.click(within(section).getByRole('button', { name: 'Mark as resolved' }));
    expect(await within(section).findByText('Your note: Deleted.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path.endsWith('/resolve'));
    expect(post?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(post?.body).toEqual({ note: 'Deleted.' });
  });
});

describe('verifier portal: the requests it made', () => {
  const ERASED: VerifierRequestAnswer = statusAnswer({
    id: 'vpreq-erased',
    status: 'shared',
    created_at: '2999-01-01T09:00:00.000Z',
    answered_at: '2999-01-01T09:01:00.000Z',
    erased_at: '2999-01-02T09:00:00.000Z',
  });
  const WAITING: VerifierRequestAnswer = statusAnswer({
    id: 'vpreq-waiting',
    created_at: '2999-01-01T08:00:00.000Z',
    wallet_errors: [{ error: 'access_denied', received_at: '2999-01-01T08:05:00.000Z' }],
  });

  it('lists them from the server, keeps the request shown across a reload, and filters by status', async () => {
    const history = () => [SHARED, ERASED, WAITING];
    const handlers = {
      'GET /verifier/requests': listHandler(history),
      [`GET /verifier/requests/${REQUEST_ID}`]: () => json(SHARED),
    };
    const { calls } = portalApi(handlers);
    await createPanRequest();
    expect(await inPanel('Shared and verified')).toBeVisible();
    const list = await screen.findByRole('region', { name: 'Your requests' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByText('Rajesh Kumar')).toBeVisible();
    expect(
      within(items[0] as HTMLElement).getByRole('button', { name: 'Shown above' }),
    ).toBeDisabled();
    expect(within(items[1] as HTMLElement).getByText('Claims erased on 02/01/2999.')).toBeVisible();
    expect(within(items[2] as HTMLElement).getByText(/The wallet declined/)).toBeVisible();
    const listCall = calls.find((c) => c.path === '/verifier/requests' && c.method === 'GET');
    expect(listCall?.headers.authorization).toBe(`Bearer ${KEY}`);

    // A reload: the key is kept for this tab, the address names the request shown.
    cleanup();
    const reloaded = renderApp(`/verifier?request=${REQUEST_ID}`);
    expect(await inPanel('Shared and verified')).toBeVisible();
    const again = await screen.findByRole('region', { name: 'Your requests' });
    expect(await within(again).findAllByRole('listitem')).toHaveLength(3);

    // Only the waiting ones.
    await reloaded.user.selectOptions(
      within(again).getByLabelText('Show'),
      'Waiting for the holder',
    );
    await waitFor(() => expect(within(again).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.at(-1)?.query.get('status')).toBe('pending');

    // Open shows it in the request panel, with its QR code again.
    await reloaded.user.click(
      within(again).getByRole('button', { name: /Open the request for Open savings account/ }),
    );
    expect(reloaded.router.state.location.search).toBe('?request=vpreq-waiting');
  });
});
