import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { VERIFY_DELAY_MS } from '@/features/verifier/verify-delay';
import { forgetEarlierDelays, passDelay } from '@/testing/fake-delays';
import { credential, verificationAnswer } from '@/testing/fixtures';
import { json, mockFetch, problem } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { VerifierPage } from './verifier-page';

/** A share link's answer: the chosen fields masked, their values in `disclosed`. */
function shareAnswer() {
  const base = verificationAnswer('verified', true);
  return {
    ...base,
    credential_id: 'share-1',
    credential: {
      ...base.credential,
      id: 'share-1',
      credential_subject_masked: { document_type: 'PAN Card', pan_number: 'ABXXXXXX4K' },
    },
    disclosed: { pan_number: 'ABCPS1234K' },
    share: { id: 'share-1', expires_at: '2025-06-08T10:00:00.000Z', views: 2, max_views: 5 },
  };
}

beforeEach(forgetEarlierDelays);

describe('/verify/:credentialId (SPEC 4 Verification result)', () => {
  it.each([
    ['revoked', 'Credential revoked', 'the issuer has revoked this credential'],
    ['suspended', 'Credential suspended', 'the issuer has suspended this credential'],
    ['status_unknown', 'Status unknown', 'status list could not be fetched or verified'],
  ])(
    "a credential whose issuer's status list says %s: its own verdict, the status check failed",
    async (status, heading, text) => {
      const answer = verificationAnswer(status, false, {
        signature: true,
        trusted_issuer: true,
        validity: true,
        status: false,
      } as never);
      mockFetch({ 'GET /api/verify/cred-1': () => json(answer) });
      renderApp('/verify/cred-1');
      await passDelay(VERIFY_DELAY_MS);
      expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
      expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
      expect(screen.queryByText('Credential verified')).toBeNull();
      const checks = screen.getByRole('list', { name: 'Checks made' });
      const statusRow = within(checks).getByText('Status (not revoked or suspended)').closest('li');
      expect(statusRow).toHaveTextContent('Failed');
    },
  );

  it('a bare credential id: Credential verified with the name and masked numbers, nothing to reveal', async () => {
    mockFetch({ 'GET /api/verify/cred-1': () => json(verificationAnswer('verified', true)) });
    renderApp('/verify/cred-1');
    await passDelay(VERIFY_DELAY_MS);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Credential verified' }),
    ).toBeInTheDocument();
    const subject = screen.getByRole('region', { name: 'Subject' });
    expect(within(subject).getByText('Rajesh Kumar Sharma')).toBeInTheDocument();
    expect(within(subject).getByText('ABXXXXXX4K')).toBeInTheDocument();
    expect(within(subject).queryByRole('button', { name: 'Reveal fields' })).toBeNull();
    expect(
      within(subject).getByText(
        "Only the holder's name and masked numbers are shown. The holder can share more with a share link.",
      ),
    ).toBeInTheDocument();
  });

  it('a share link: Loading... first, then the chosen fields masked, revealed on request, with its views', async () => {
    mockFetch({ 'GET /api/verify/share-1': () => json(shareAnswer()) });
    const { user } = renderApp('/verify/share-1');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await passDelay(VERIFY_DELAY_MS);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Credential verified' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Income Tax Department')).toBeInTheDocument();
    expect(screen.getByText('PAN Card')).toBeInTheDocument();
    const checks = screen.getByRole('list', { name: 'Checks made' });
    expect(within(checks).getAllByText('Passed')).toHaveLength(3);

    const subject = screen.getByRole('region', { name: 'Subject' });
    expect(within(subject).getByText('ABXXXXXX4K')).toBeInTheDocument();
    expect(within(subject).queryByText('ABCPS1234K')).toBeNull();
    expect(within(subject).queryByText('Rajesh Kumar Sharma')).toBeNull();
    expect(within(subject).getByText(/Views of this link: 2 of 5/)).toBeInTheDocument();
    await user.click(within(subject).getByRole('button', { name: 'Reveal fields' }));
    expect(within(subject).getByText('ABCPS1234K')).toBeInTheDocument();
    await user.click(within(subject).getByRole('button', { name: 'Hide fields' }));
    expect(within(subject).getByText('ABXXXXXX4K')).toBeInTheDocument();
  });

  it('a share link whose numbers stay masked (no full value chosen) has nothing to reveal', async () => {
    const answer = shareAnswer();
    mockFetch({
      'GET /api/verify/share-1': () => json({ ...answer, disclosed: { pan_number: 'ABXXXXXX4K' } }),
    });
    renderApp('/verify/share-1');
    await passDelay(VERIFY_DELAY_MS);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Credential verified' }),
    ).toBeInTheDocument();
    const subject = screen.getByRole('region', { name: 'Subject' });
    expect(within(subject).getByText('ABXXXXXX4K')).toBeInTheDocument();
    expect(within(subject).queryByRole('button', { name: 'Reveal fields' })).toBeNull();
  });

  it('shows the credential id once the page runs, in a frame that is the same for every id', async () => {
    mockFetch({ 'GET /api/verify/cred-1': () => json(verificationAnswer('verified', true)) });
    renderApp('/verify/cred-1');
    expect(await screen.findByText('cred-1')).toBeInTheDocument();
    // The prerendered frame (app/prerender.tsx PRERENDERED_FRAMES) serves every id.
    const frame = (id: string) => renderToString(<VerifierPage credentialId={id} />);
    expect(frame('cred-1')).toBe(frame('cred-2'));
    expect(frame('cred-1')).toContain('Loading...');
    expect(frame('cred-1')).not.toContain('cred-1');
    // A consent receipt's id has a frame of its own (the receipt page), the same for every one.
    const [a, b] = [`receipt-${'a'.repeat(32)}`, `receipt-${'b'.repeat(32)}`];
    expect(frame(a)).toBe(frame(b));
    expect(frame(a)).toContain('Consent Receipt');
    expect(frame(a)).toContain('Loading...');
    expect(frame(a)).not.toContain(a);
  });

  it.each([
    ['expired', { signature: true, trusted_issuer: true, validity: false }, 'Credential expired'],
    [
      'invalid_signature',
      { signature: false, trusted_issuer: true, validity: true },
      'Invalid signature',
    ],
    [
      'untrusted_issuer',
      { signature: true, trusted_issuer: false, validity: true },
      'Invalid Credential',
    ],
    [
      'malformed',
      { signature: false, trusted_issuer: false, validity: false },
      'Invalid Credential',
    ],
  ])('status %s reads %s', async (status, checks, heading) => {
    mockFetch({ 'GET /api/verify/cred-1': () => json(verificationAnswer(status, false, checks)) });
    renderApp('/verify/cred-1');
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(screen.getAllByText('Failed').length).toBeGreaterThan(0);
    expect(screen.getByText(`${status} problem`)).toBeInTheDocument();
  });

  it.each([
    ['share_expired', 'Credential expired', 'Credential expired'],
    ['share_withdrawn', 'The holder withdrew this link', 'Link withdrawn'],
    ['share_used_up', 'This link has reached its view limit', 'View limit reached'],
    ['link_disabled', 'The holder turned this link off', 'Link turned off'],
  ])('a link answering %s reads %s', async (code, detail, heading) => {
    mockFetch({ 'GET /api/verify/share-9': () => problem(code, 410, detail) });
    renderApp('/verify/share-9');
    await passDelay(VERIFY_DELAY_MS);
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Subject' })).toBeNull();
  });

  it('a bare link its holder turned off says so, and suggests asking for a share link', async () => {
    mockFetch({
      'GET /api/verify/cred-off': () =>
        problem('link_disabled', 410, 'The holder turned this link off'),
    });
    renderApp('/verify/cred-off');
    await passDelay(VERIFY_DELAY_MS);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Link turned off' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'The holder turned this link off. Ask them for a share link if you still need to check this credential.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Subject' })).toBeNull();
  });

  it('says Credential not found on 404', async () => {
    mockFetch({
      'GET /api/verify/nope': () => problem('credential_not_found', 404, 'Credential not found'),
    });
    renderApp('/verify/nope');
    await passDelay(VERIFY_DELAY_MS);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Credential not found' }),
    ).toBeInTheDocument();
  });

  it('says Verification failed when the API is unreachable, showing a local copy unverified', async () => {
    window.localStorage.setItem(
      'credentials',
      JSON.stringify([
        credential('local-1', {
          credential_subject: {
            id: 'd',
            name: 'Rajesh',
            document_type: 'PAN Card',
            pan_number: 'ABCPS1234K',
            date_of_birth: '1990-01-15',
          },
        }),
      ]),
    );
    mockFetch({});
    renderApp('/verify/local-1');
    await passDelay(VERIFY_DELAY_MS);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Verification failed' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('A copy saved on this device was found, but it could not be verified.'),
    ).toBeInTheDocument();
    expect(screen.getByText('ABXXXXXX4K')).toBeInTheDocument();
    // A public page: the copy is shown as a bare link shows it, nothing to reveal.
    expect(screen.queryByText('1990-01-15')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reveal fields' })).toBeNull();
    expect(screen.getAllByText('Not checked')).toHaveLength(4);
  });

  it('says Verification failed on a server error, with nothing stored', async () => {
    mockFetch({ 'GET /api/verify/cred-1': () => json({ detail: 'oops' }, 500) });
    renderApp('/verify/cred-1');
    await passDelay(VERIFY_DELAY_MS);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Verification failed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
