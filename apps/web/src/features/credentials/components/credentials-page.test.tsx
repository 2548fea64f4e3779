import {
  DEFAULT_SETTINGS,
  findSampleUser,
  ISSUABLE_DOCUMENT_TYPES,
  maskField,
} from '@pehchaan/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { credential } from '@/testing/fixtures';
import { type Handler, json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';

const DAY = 86_400_000;

// The PDF writer needs a canvas, which jsdom lacks: the content handed to it is checked here,
// the PDF itself in the browser test (e2e/tests/credentials-ui.spec.ts).
const pdf = vi.hoisted(() => ({
  build: vi.fn(async () => new TextEncoder().encode('%PDF-1.7')),
}));
vi.mock('../credential-pdf', () => ({ buildCredentialPdf: pdf.build }));
vi.mock('../pdf-fonts', () => ({ browserPdfFonts: {} }));

const basicIdentity = credential('basic-1', {
  type: ['VerifiableCredential', 'BasicIdentityCredential'],
  issuer: 'Digital Identity System',
  permanent: true,
  credential_subject: {
    id: 'did:key:z6MkHolder',
    name: 'Rajesh Kumar',
    document_type: 'Basic Identity',
    date_of_birth: '1990-01-15',
    nationality: 'Indian',
  },
});
const pan = credential('pan-1', {
  issuer: 'Income Tax Department',
  credential_subject: {
    id: 'did:key:z6MkHolder',
    name: 'Rajesh Kumar',
    document_type: 'PAN Card',
    pan_number: 'ABCPK1234K',
    date_of_birth: '1990-01-15',
    father_name: 'Suresh Kumar',
  },
});

function list(...credentials: ReturnType<typeof credential>[]): Handler {
  return () => json({ credentials, count: credentials.length, user_id: 'user-001' });
}

async function openCredentials(handlers: Record<string, Handler>) {
  signIn();
  const fetch = mockFetch(handlers);
  const view = renderApp('/credentials');
  await screen.findByRole('heading', { level: 1, name: /Verifiable Credentials \(\d+\)/ });
  return { ...view, ...fetch };
}

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('/credentials', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the count and the cards, Basic Identity without drag handle or Delete', async () => {
    await openCredentials({ 'GET /user/user-001/credentials': list(basicIdentity, pan) });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Verifiable Credentials (2)' }),
    ).toBeInTheDocument();
    const basic = card('Basic Identity');
    expect(within(basic).getByText('Permanent')).toBeInTheDocument();
    expect(within(basic).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(basic).queryByRole('button', { name: /Reorder/ })).toBeNull();
    const panCard = card('PAN Card');
    expect(within(panCard).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(panCard).getByRole('button', { name: 'Reorder PAN Card' })).toBeInTheDocument();
  });

  it('shows the masked number on the collapsed card; the eye asks the server for the full value and keeps it in memory only', async () => {
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': list(pan),
      'GET /user/user-001/credentials/pan-1/fields/pan_number': () =>
        json({ credential_id: 'pan-1', field: 'pan_number', value: 'ABCPK1234K' }),
    });
    const panCard = card('PAN Card');
    // Collapsed: the document's number, masked (issue 19).
    expect(within(panCard).getByText('ABXXXXXX4K')).toBeVisible();
    expect(within(panCard).queryByText('ABCPK1234K')).toBeNull();
    await user.click(within(panCard).getByRole('button', { name: 'Show details of PAN Card' }));
    const details = within(panCard).getByRole('button', { name: 'Show PAN Number' }).closest('dl');
    if (!details) throw new Error('no claims list');
    expect(within(details).getByText('ABXXXXXX4K')).toBeInTheDocument();
    // Not sensitive: shown as is, without a toggle; labels come from the document catalogue.
    expect(within(details).getByText("Father's name")).toBeInTheDocument();
    expect(within(details).getByText('Suresh Kumar')).toBeInTheDocument();
    expect(within(panCard).queryByRole('button', { name: "Show Father's name" })).toBeNull();

    const reveals = () => calls.filter((c) => c.path.endsWith('/fields/pan_number'));
    expect(reveals()).toHaveLength(0);
    await user.click(within(panCard).getByRole('button', { name: 'Show PAN Number' }));
    expect(await within(details).findByText('ABCPK1234K')).toBeInTheDocument();
    expect(reveals()).toHaveLength(1);
    await user.click(within(panCard).getByRole('button', { name: 'Hide PAN Number' }));
    expect(within(details).getByText('ABXXXXXX4K')).toBeInTheDocument();
    // Shown again from memory while the card is open: no second call (and log entry).
    await user.click(within(panCard).getByRole('button', { name: 'Show PAN Number' }));
    expect(within(details).getByText('ABCPK1234K')).toBeInTheDocument();
    expect(reveals()).toHaveLength(1);
    // The browser's store keeps the masked list only (DECISIONS 9.6).
    expect(window.localStorage.getItem('credentials')).toContain('ABXXXXXX4K');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('ABCPK1234K');
  });

  it('says why a number cannot be shown (limit reached, offline) and keeps it masked', async () => {
    let answer: Handler = () => problem('rate_limited', 429, 'Too many requests.');
    const { user } = await openCredentials({
      'GET /user/user-001/credentials': list(pan),
      'GET /user/user-001/credentials/pan-1/fields/pan_number': (request) => answer(request),
    });
    const panCard = card('PAN Card');
    await user.click(within(panCard).getByRole('button', { name: 'Show details of PAN Card' }));
    await user.click(within(panCard).getByRole('button', { name: 'Show PAN Number' }));
    expect(
      await screen.findByText(
        'You have shown many full numbers in a short time. Try again in a few minutes.',
      ),
    ).toBeInTheDocument();
    expect(within(panCard).getByText('ABXXXXXX4K', { selector: '[data-field] bdi' })).toBeVisible();
    expect(within(panCard).getByRole('button', { name: 'Show PAN Number' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(within(panCard).getByRole('button', { name: 'Show PAN Number' }));
    expect(
      await screen.findByText('You are offline. Showing a full number needs the server.'),
    ).toBeInTheDocument();
  });

  it("stores a server answer's identity numbers masked, even one an older server sent whole", async () => {
    const whole = credential('pan-1', {
      ...pan,
      credential_subject: { ...pan.credential_subject, pan_number: 'ABCPK1234K' },
    });
    await openCredentials({ 'GET /user/user-001/credentials': list(whole) });
    expect(within(card('PAN Card')).getByText('ABXXXXXX4K')).toBeVisible();
    await waitFor(() => expect(window.localStorage.getItem('credentials')).toContain('ABXXXXXX4K'));
    expect(window.localStorage.getItem('credentials')).not.toContain('ABCPK1234K');
  });

  it('turns the public verify link off and on with the card switch (PUT .../public-link)', async () => {
    let on = true;
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': () => list({ ...pan, public_link: on })({} as never),
      'PUT /user/user-001/credentials/pan-1/public-link': (request) => {
        on = (request.body as { enabled: boolean }).enabled;
        return json({ credential_id: 'pan-1', public_link: on });
      },
    });
    const panCard = card('PAN Card');
    await user.click(within(panCard).getByRole('button', { name: 'Show details of PAN Card' }));
    const toggle = within(panCard).getByRole('switch', { name: 'Public verify link' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription(
      'Anyone who has this credential’s own link can check that it is valid and see your name and masked numbers. Each view is recorded in your activity log.',
    );
    await user.click(toggle);
    expect(await screen.findByText('Public verify link turned off')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(toggle).toHaveAccessibleDescription(
      'This credential’s own link now answers “Link turned off”. Your share links still work.',
    );
    const puts = calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/public-link'));
    expect(puts.map((c) => c.body)).toEqual([{ enabled: false }]);
    await user.click(toggle);
    expect(await screen.findByText('Public verify link turned on')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
  });

  it("writes dates in the holder's chosen format and claim labels in their language", async () => {
    const settings = { ...DEFAULT_SETTINGS, dateFormat: 'YYYY-MM-DD' as const };
    const { user } = await openCredentials({
      'GET /user/user-001/credentials': list(pan),
      'GET /user/user-001/settings': () =>
        json({ settings, user_id: 'user-001', updated_at: null }),
    });
    const panCard = card('PAN Card');
    await user.click(within(panCard).getByRole('button', { name: 'Show details of PAN Card' }));
    expect(await within(panCard).findByText('1990-01-15')).toBeInTheDocument();
    expect(within(panCard).getByText('2025-01-01')).toBeInTheDocument();
    expect(within(panCard).queryByText('Pan number')).toBeNull();
  });

  it('gives each document type its own icon', async () => {
    await openCredentials({ 'GET /user/user-001/credentials': list(basicIdentity, pan) });
    const icon = (name: string) =>
      card(name).querySelector('[data-document-type]')?.getAttribute('data-document-type');
    expect(icon('Basic Identity')).toBe('basic_identity');
    expect(icon('PAN Card')).toBe('pan');
  });

  it('downloads the signed document as JSON under a readable name, and the card as a PDF', async () => {
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': list(pan),
      'GET /user/user-001/credentials/pan-1': () => json({ id: 'urn:pehchaan:credential:pan-1' }),
      'POST /user/user-001/credentials/pan-1/offline-presentation': () =>
        json({
          qr: 'PH1:ABC',
          qr_version: 9,
          nonce: 'K7Q2ZP',
          presented_at: '2026-12-07T05:00:00.000Z',
          expires_at: null,
          fields: ['name', 'father_name'],
        }),
    });
    const names: string[] = [];
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:credential';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      const panCard = card('PAN Card');
      await user.click(within(panCard).getByRole('button', { name: 'Download JSON' }));
      expect(await screen.findByText('Credential downloaded')).toBeInTheDocument();
      expect(names).toEqual(['pehchaan-pan-card-2025-01-01.json']);

      // Download PDF asks which fields to print: all ticked, the PAN printed masked.
      await user.click(within(panCard).getByRole('button', { name: 'Show details of PAN Card' }));
      await user.click(within(panCard).getByRole('button', { name: 'Download PDF' }));
      const dialog = await screen.findByRole('dialog', { name: 'Download PAN Card as PDF' });
      expect(within(dialog).getByRole('checkbox', { name: 'PAN Number' })).toBeChecked();
      expect(
        within(dialog).getByText(/PAN Number is printed masked \(ABXXXXXX4K\)/),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('checkbox', { name: 'Date of Birth' }));
      await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
      expect(await screen.findByText('Credential saved as PDF')).toBeInTheDocument();
      expect(names[1]).toBe('pehchaan-pan-card-2025-01-01.pdf');
      // The printed copy's QR: the ticked fields the code can carry (not the masked PAN).
      const asked = calls.filter((c) => c.path.endsWith('/offline-presentation'));
      expect(asked.map((c) => c.body)).toEqual([
        { fields: ['name', 'father_name'], medium: 'print' },
      ]);
      expect(pdf.build).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'PAN Card',
          issuer: 'Income Tax Department',
          summary: expect.arrayContaining([
            ['Holder', 'Rajesh Kumar'],
            ['Issued', '01/01/2025'],
          ]),
          fields: [
            ['Name', 'Rajesh Kumar'],
            ['PAN Number', 'ABXXXXXX4K'],
            ["Father's name", 'Suresh Kumar'],
          ],
          qr: expect.objectContaining({ text: 'PH1:ABC', nonce: 'K7Q2ZP' }),
        }),
        expect.anything(),
      );
      expect(blobs[1]?.type).toBe('application/pdf');
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('prints a PAN revealed on the card in full and carries it in the QR; offline, the PDF says it has no new QR', async () => {
    let reachable = true;
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': list(pan),
      'GET /user/user-001/credentials/pan-1/fields/pan_number': () =>
        json({ credential_id: 'pan-1', field: 'pan_number', value: 'ABCPK1234K' }),
      'POST /user/user-001/credentials/pan-1/offline-presentation': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return json({
          qr: 'PH1:ABC',
          qr_version: 9,
          nonce: 'K7Q2ZP',
          presented_at: '2026-12-07T05:00:00.000Z',
          expires_at: null,
          fields: ['name', 'pan_number'],
        });
      },
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const panCard = card('PAN Card');
      await user.click(within(panCard).getByRole('button', { name: 'Show details of PAN Card' }));
      await user.click(within(panCard).getByRole('button', { name: 'Show PAN Number' }));
      expect(await within(panCard).findByText('ABCPK1234K')).toBeInTheDocument();
      const download = async () => {
        await user.click(within(panCard).getByRole('button', { name: 'Download PDF' }));
        const dialog = await screen.findByRole('dialog', { name: 'Download PAN Card as PDF' });
        expect(within(dialog).queryByText(/printed masked/)).toBeNull();
        await user.click(within(dialog).getByRole('checkbox', { name: 'Date of Birth' }));
        await user.click(within(dialog).getByRole('checkbox', { name: "Father's name" }));
        await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
      };
      await download();
      expect(await screen.findByText('Credential saved as PDF')).toBeInTheDocument();
      const asked = calls.filter((c) => c.path.endsWith('/offline-presentation'));
      expect(asked.map((c) => c.body)).toEqual([
        { fields: ['name', 'pan_number'], full_values: ['pan_number'], medium: 'print' },
      ]);
      expect(pdf.build).toHaveBeenLastCalledWith(
        expect.objectContaining({
          fields: [
            ['Name', 'Rajesh Kumar'],
            ['PAN Number', 'ABCPK1234K'],
          ],
        }),
        expect.anything(),
      );

      reachable = false;
      await download();
      expect(await screen.findByText('PDF saved without a QR code (offline)')).toBeInTheDocument();
      expect(pdf.build).toHaveBeenLastCalledWith(
        expect.objectContaining({
          qr: {
            unavailable:
              'You are offline, so this PDF has no new QR code. Download it again when online to add one a verifier can check.',
          },
        }),
        expect.anything(),
      );
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('records Copy JSON and Download JSON through the server, which words the entry; Add Test Log posts a test entry', async () => {
    const answer = (type: string) => () =>
      json(
        {
          message: 'Activity logged',
          activity_log: {
            id: `log-${type}`,
            userId: 'user-001',
            type,
            description: type,
            timestamp: new Date().toISOString(),
            last_viewed: null,
            written_by: 'holder',
          },
        },
        201,
      );
    const activityPath = '/user/user-001/credentials/pan-1/activity';
    const bodies: unknown[] = [];
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': list(pan),
      'GET /user/user-001/credentials/pan-1': () => json({ id: 'urn:pehchaan:credential:pan-1' }),
      [`POST ${activityPath}`]: (request) => {
        bodies.push(request.body);
        return answer('credential_copied')();
      },
      'POST /user/user-001/activity-logs': answer('test_manual'),
    });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => {}) },
      configurable: true,
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const panCard = card('PAN Card');
      await user.click(within(panCard).getByRole('button', { name: 'Copy JSON' }));
      await user.click(within(panCard).getByRole('button', { name: 'Download JSON' }));
      await waitFor(() => expect(bodies).toHaveLength(2));
      // Only the type: the server writes the text from its own record of the credential.
      expect(bodies).toEqual([{ type: 'credential_copied' }, { type: 'credential_downloaded' }]);

      await user.click(screen.getByRole('button', { name: 'Developer tools' }));
      await user.click(screen.getByRole('button', { name: 'Add Test Log' }));
      await waitFor(() =>
        expect(
          calls.find((c) => c.method === 'POST' && c.path === '/user/user-001/activity-logs'),
        ).toBeDefined(),
      );
      const posted = calls.filter((c) => c.method === 'POST' && c.path.endsWith('/activity-logs'));
      expect(posted.map((c) => (c.body as { type: string }).type)).toEqual(['test_manual']);
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('shows the display statuses of SPEC 4', async () => {
    const now = Date.now();
    const expired = credential('e1', {
      expiration_date: new Date(now - DAY).toISOString(),
      credential_subject: { id: 'd', name: 'R', document_type: 'Passport' },
    });
    const expiring = credential('e2', {
      expiration_date: new Date(now + 10 * DAY).toISOString(),
      credential_subject: { id: 'd', name: 'R', document_type: 'Voter ID Card' },
    });
    const never = credential('e3', {
      expiration_date: '',
      credential_subject: { id: 'd', name: 'R', document_type: 'CKYC Number' },
    });
    await openCredentials({
      'GET /user/user-001/credentials': list(basicIdentity, expired, expiring, never),
    });
    expect(within(card('Basic Identity')).getByText('Permanent')).toBeInTheDocument();
    expect(within(card('Passport')).getByText('Expired')).toBeInTheDocument();
    expect(within(card('Voter ID Card')).getByText('Expiring soon')).toBeInTheDocument();
    expect(within(card('CKYC Number')).getByText('Valid')).toBeInTheDocument();
    // No proof: the issuer has not signed it.
    expect(within(card('Passport')).getByText('Awaiting issuer')).toBeInTheDocument();
  });

  it('lists the nine issuable types with issuers and disables the held ones', async () => {
    const { user } = await openCredentials({
      'GET /user/user-001/credentials': list(basicIdentity, pan),
    });
    await user.click(screen.getByRole('button', { name: 'Add Credentials' }));
    const menu = screen.getByRole('menu', { name: 'Credential types' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(9);
    for (const type of ISSUABLE_DOCUMENT_TYPES) {
      const item = within(menu).getByRole('menuitem', { name: new RegExp(`^${type.name}`) });
      expect(item).toHaveTextContent(type.issuer);
      if (type.key === 'pan') expect(item).toBeDisabled();
      else expect(item).toBeEnabled();
    }
    expect(menu.className).toContain('max-h-');
    expect(menu.className).toContain('overflow-y-auto');
  });

  it('adds a credential through the API and shows a 409 detail as is', async () => {
    let held = [basicIdentity];
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': () =>
        json({ credentials: held, count: held.length, user_id: 'user-001' }),
      'POST /identity/generate-credential': (request) => {
        if (request.query.get('document_type') === 'passport') {
          return problem(
            'duplicate_document',
            409,
            'You already have a Passport. Only one document of each type is allowed.',
          );
        }
        held = [...held, pan];
        return json({ credential_id: 'pan-1', message: 'Credential generated successfully' });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add Credentials' }));
    await user.click(screen.getByRole('menuitem', { name: /^PAN Card/ }));
    expect(await screen.findByText('Credential generated successfully')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'PAN Card' })).toBeInTheDocument();
    const generate = calls.find((c) => c.path === '/identity/generate-credential');
    expect(generate?.query.get('user_id')).toBe('user-001');
    expect(generate?.query.get('document_type')).toBe('pan');

    await user.click(screen.getByRole('button', { name: 'Add Credentials' }));
    await user.click(screen.getByRole('menuitem', { name: /^Passport/ }));
    expect(
      await screen.findByText(
        'You already have a Passport. Only one document of each type is allowed.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps a credential generated while the API is unreachable as Awaiting issuer', async () => {
    signIn();
    mockFetch({});
    const { user } = renderApp('/credentials');
    expect(await screen.findByText('Failed to load credentials')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add Credentials' }));
    await user.click(screen.getByRole('menuitem', { name: /^CKYC Number/ }));
    const ckyc = await screen.findByRole('article', { name: 'CKYC Number' });
    expect(within(ckyc).getByText('Awaiting issuer')).toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem('credentials') ?? '[]');
    expect(stored).toHaveLength(1);
    expect(stored[0].proof).toBeNull();
    // Stored masked like the server's list (DECISIONS 9.6); its eye rebuilds the sample value.
    const ckycNumber = findSampleUser('user-001')?.ckycNumber ?? '';
    expect(stored[0].credential_subject.ckyc_number).toBe(maskField('ckyc_number', ckycNumber));
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(ckycNumber);
    await user.click(within(ckyc).getByRole('button', { name: 'Show details of CKYC Number' }));
    await user.click(within(ckyc).getByRole('button', { name: 'Show CKYC Number' }));
    expect(within(ckyc).getByText(ckycNumber)).toBeInTheDocument();
    expect(within(ckyc).queryByRole('switch')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries).toEqual([
      expect.objectContaining({
        kind: 'credential_generation',
        method: 'POST',
        path: '/identity/generate-credential',
        query: { user_id: 'user-001', document_type: 'ckyc' },
        local: { credentialId: stored[0].id, documentType: 'ckyc', documentName: 'CKYC Number' },
      }),
    ]);

    // Deleted before it was issued: its generation leaves the outbox too.
    await user.click(within(ckyc).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete credential?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'CKYC Number' })).toBeNull());
    expect(JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries).toEqual([]);
  });

  it('issues the credential generated offline for real once the API answers; the proof-less copy goes', async () => {
    signIn();
    mockFetch({});
    const { user } = renderApp('/credentials');
    await user.click(await screen.findByRole('button', { name: 'Add Credentials' }));
    await user.click(screen.getByRole('menuitem', { name: /^CKYC Number/ }));
    await screen.findByRole('article', { name: 'CKYC Number' });
    const [local] = JSON.parse(window.localStorage.getItem('credentials') ?? '[]');
    const [queued] = JSON.parse(window.localStorage.getItem('outbox') ?? '{}').entries;

    const issued = credential('ckyc-issued', {
      type: ['VerifiableCredential', 'CkycCredential'],
      issuer: 'CERSAI',
      credential_subject: { id: 'did:pehchaan:user-001', name: 'R', document_type: 'CKYC Number' },
      proof: {
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-jcs-2022',
        created: '2025-06-01T10:00:00Z',
        verificationMethod: 'did:key:z6MkIssuer#z6MkIssuer',
        proofPurpose: 'assertionMethod',
        proofValue: 'z3signature',
        signature: 'z3signature',
      },
    });
    let held = [basicIdentity];
    const { calls } = mockFetch({
      'GET /user/user-001/credentials': () =>
        json({ credentials: held, count: held.length, user_id: 'user-001' }),
      'POST /identity/generate-credential': () => {
        held = [basicIdentity, issued];
        return json({
          credential_id: 'ckyc-issued',
          message: 'Credential generated successfully',
          credential: issued,
        });
      },
    });
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Synced 1 change')).toBeInTheDocument();
    const generate = calls.filter((c) => c.path === '/identity/generate-credential');
    expect(generate).toHaveLength(1);
    expect(generate[0]?.headers['idempotency-key']).toBe(queued.id);
    expect(generate[0]?.query.get('document_type')).toBe('ckyc');
    await waitFor(() =>
      expect(within(card('CKYC Number')).queryByText('Awaiting issuer')).toBeNull(),
    );
    const stored = JSON.parse(window.localStorage.getItem('credentials') ?? '[]');
    expect(stored.map((c: { id: string }) => c.id)).not.toContain(local.id);
    expect(stored.find((c: { id: string }) => c.id === 'ckyc-issued')?.proof).toMatchObject({
      proofValue: 'z3signature',
    });
  });

  it('deletes after confirmation in an accessible dialog; Escape cancels', async () => {
    let held = [basicIdentity, pan];
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': () =>
        json({ credentials: held, count: held.length, user_id: 'user-001' }),
      'DELETE /user/user-001/credentials/pan-1': () => {
        held = [basicIdentity];
        return json({ message: 'Credential deleted successfully', credential_id: 'pan-1' });
      },
    });
    const deleteButton = within(card('PAN Card')).getByRole('button', { name: 'Delete' });
    await user.click(deleteButton);
    let dialog = screen.getByRole('dialog', { name: 'Delete credential?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleteButton).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(deleteButton);
    dialog = screen.getByRole('dialog', { name: 'Delete credential?' });
    // Tab stays inside the dialog.
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Credential deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'PAN Card' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('says Failed to delete credential when the API refuses', async () => {
    const { user } = await openCredentials({
      'GET /user/user-001/credentials': list(basicIdentity, pan),
      'DELETE /user/user-001/credentials/pan-1': () => json({ detail: 'boom' }, 500),
    });
    await user.click(within(card('PAN Card')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete credential')).toBeInTheDocument();
    expect(card('PAN Card')).toBeInTheDocument();
  });

  it('reorders with the keyboard and saves the order (API and browser storage)', async () => {
    const voter = credential('voter-1', {
      credential_subject: { id: 'd', name: 'R', document_type: 'Voter ID Card' },
    });
    const { user, calls } = await openCredentials({
      'GET /user/user-001/credentials': list(basicIdentity, pan, voter),
      'PUT /user/user-001/credentials/order': (request) =>
        json({ credential_ids: (request.body as { credential_ids: string[] }).credential_ids }),
    });
    // jsdom has no layout: give each list item a 100 px row so dnd-kit can measure.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const item = this.closest('li');
      const index = item?.parentElement ? [...item.parentElement.children].indexOf(item) : 0;
      return DOMRect.fromRect({ x: 0, y: index * 100, width: 600, height: 90 });
    });
    const handle = within(card('PAN Card')).getByRole('button', { name: 'Reorder PAN Card' });
    handle.focus();
    await user.keyboard('[Space]');
    // Said in words, never by id (issue 19).
    const said = () =>
      screen
        .getAllByRole('status')
        .map((region) => region.textContent)
        .join(' ');
    await waitFor(() => expect(said()).toContain('Picked up PAN Card, in position 2 of 3.'));
    await user.keyboard('[ArrowDown]');
    await waitFor(() => expect(said()).toContain('PAN Card moved to position 3.'));
    await user.keyboard('[Space]');
    await waitFor(() => expect(said()).toContain('PAN Card dropped in position 3.'));
    expect(said()).not.toContain('pan-1');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        credential_ids: ['basic-1', 'voter-1', 'pan-1'],
      }),
    );
    const stored = JSON.parse(window.localStorage.getItem('credentials') ?? '[]') as {
      id: string;
    }[];
    expect(stored.map((c) => c.id)).toEqual(['basic-1', 'voter-1', 'pan-1']);
  });
});
